/**
 * The OAuth protocol, done by oauth4webapi: authorization URL with PKCE S256 and state, the
 * callback check, code exchange as a public client, refresh, and revocation (RFC 7009).
 */
import * as oauth from 'oauth4webapi';
import type { FrontdeskConfig } from '../config';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TIMEOUT_MS = 15_000;

/** The one-time secrets and URL of a sign-in attempt. */
export interface AuthorizationStart {
  url: string;
  state: string;
  verifier: string;
}

/** Thrown when the token endpoint answered with an OAuth error (invalid_grant, …). */
export class OAuthErrorResponse extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
  ) {
    super(`the authorization server answered ${error}`);
  }
}

/** True when every endpoint is plain http on this machine (the sandbox); anything remote must be https. */
function loopbackOnly(urls: string[]): boolean {
  return urls.every((u) => {
    const url = new URL(u);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  });
}

/** A public client of one authorization server. */
export class OAuthClient {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth = oauth.None();
  private readonly insecureOk: boolean;

  constructor(
    private readonly config: Pick<FrontdeskConfig, 'issuer' | 'authorizeUrl' | 'tokenUrl' | 'revokeUrl'>,
    clientId: string,
    private readonly fetchImpl: typeof fetch,
  ) {
    this.as = {
      issuer: config.issuer,
      authorization_endpoint: config.authorizeUrl,
      token_endpoint: config.tokenUrl,
      revocation_endpoint: config.revokeUrl,
    };
    this.client = { client_id: clientId };
    this.insecureOk = loopbackOnly([config.authorizeUrl, config.tokenUrl, config.revokeUrl]);
  }

  /** The client id this instance speaks for. */
  get clientId(): string {
    return this.client.client_id;
  }

  private options() {
    return {
      [oauth.customFetch]: this.fetchImpl,
      [oauth.allowInsecureRequests]: this.insecureOk,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    };
  }

  /** A fresh verifier, challenge and state, and the authorize URL carrying them. */
  async start(redirectUri: string, scopes: readonly string[]): Promise<AuthorizationStart> {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(this.config.authorizeUrl);
    url.searchParams.set('client_id', this.client.client_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', scopes.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), state, verifier };
  }

  /**
   * Checks state and error parameters of the redirect; throws oauth4webapi errors. A success
   * answer must carry exactly one non-empty code (RFC 6749 §4.1.2): anything else is not the
   * service's answer and must not end the attempt.
   */
  validateCallback(callback: URL, expectedState: string): URLSearchParams {
    const params = oauth.validateAuthResponse(this.as, this.client, callback, expectedState);
    const codes = params.getAll('code');
    if (codes.length !== 1 || !codes[0]) throw new Error('the redirect does not carry exactly one code');
    return params;
  }

  /** Exchanges the code (with the verifier, no secret). */
  async exchange(params: URLSearchParams, redirectUri: string, verifier: string): Promise<oauth.TokenEndpointResponse> {
    return this.guard(async () => {
      const response = await oauth.authorizationCodeGrantRequest(
        this.as,
        this.client,
        this.auth,
        params,
        redirectUri,
        verifier,
        this.options(),
      );
      return oauth.processAuthorizationCodeResponse(this.as, this.client, response);
    });
  }

  /** Uses the refresh token once; the answer carries the rotated one. */
  async refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    return this.guard(async () => {
      const response = await oauth.refreshTokenGrantRequest(
        this.as,
        this.client,
        this.auth,
        refreshToken,
        this.options(),
      );
      return oauth.processRefreshTokenResponse(this.as, this.client, response);
    });
  }

  /** Revokes a token (RFC 7009). */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    await this.guard(async () => {
      const response = await oauth.revocationRequest(this.as, this.client, this.auth, token, {
        ...this.options(),
        additionalParameters: { token_type_hint: hint },
      });
      await oauth.processRevocationResponse(response);
    });
  }

  /** Turns OAuth error bodies into OAuthErrorResponse; network errors pass through. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError) throw new OAuthErrorResponse(error.error, error.status);
      throw error;
    }
  }
}
