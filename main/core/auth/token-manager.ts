/**
 * Hands out access tokens: proactive refresh before calls, reactive refresh on a 401, and a
 * single-flight refresh so any number of concurrent calls cause one refresh request. The rotated
 * set is persisted before the new access token is used.
 */
import type { Clock, Logger } from '../platform';
import { RefreshUnavailableError, SessionEndedError, SignedOutError } from './errors';
import { OAuthErrorResponse, type OAuthClient } from './oauth-client';
import type { StoredSession, TokenSet } from './session-types';
import { isExpired, needsRefresh, tokenSetFrom } from './token-set';
import type { TokenVault } from './token-vault';

/** OAuth errors after which only a new sign-in helps. */
const FATAL = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

/** What the manager needs. */
export interface TokenManagerDeps {
  vault: TokenVault;
  clock: Clock;
  log: Logger;
  fetch: typeof fetch;
  oauthFor(clientId: string): OAuthClient;
  /** Called once when the grant is found dead; the owner signs out locally, keeping queued work. */
  onSessionEnded(): void;
}

/** The live session's tokens. */
export class TokenManager {
  private session: StoredSession | null = null;
  /** The session the service last ended (a refused renewal), until another is set. */
  private ended: StoredSession | null = null;
  private refreshing: Promise<TokenSet> | null = null;

  constructor(private readonly deps: TokenManagerDeps) {}

  /** The current session (main only). */
  current(): StoredSession | null {
    return this.session;
  }

  /** Replaces the session (sign-in, load, sign-out). */
  set(session: StoredSession | null): void {
    this.session = session;
    this.ended = null;
  }

  /** A usable access token, refreshing first when it is close to expiry. */
  async accessToken(): Promise<string> {
    const session = this.session;
    if (!session) throw new SignedOutError();
    const now = this.deps.clock.now();
    if (session.tokens.refreshToken && needsRefresh(session.tokens, now)) {
      try {
        return (await this.refresh()).accessToken;
      } catch (error) {
        // Offline while the old token still works: use it and renew later.
        if (error instanceof RefreshUnavailableError && !isExpired(session.tokens, now))
          return session.tokens.accessToken;
        throw error;
      }
    }
    return session.tokens.accessToken;
  }

  /** Refreshes once for all concurrent callers. */
  refresh(): Promise<TokenSet> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** fetch with the bearer token; on a 401 it refreshes (once for everyone) and retries once. */
  async authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const token = await this.accessToken();
    const account = this.session?.identity?.accountId;
    const first = await this.deps.fetch(url, withBearer(init, token));
    if (first.status !== 401) return first;
    if (!this.session) {
      // The session went while this request was out (another request's renewal was refused, or a sign-out): say so,
      // as a request made a moment later would, rather than hand back a bare 401.
      await first.body?.cancel().catch(() => undefined);
      throw this.ended && this.ended.identity?.accountId === account ? new SessionEndedError() : new SignedOutError();
    }
    // Another account signed in meanwhile: never retry this request under its token.
    if (this.session.identity?.accountId !== account) return first;
    await first.body?.cancel().catch(() => undefined);
    const latest = this.session?.tokens.accessToken;
    const fresh = latest && latest !== token ? latest : (await this.refresh()).accessToken;
    return this.deps.fetch(url, withBearer(init, fresh));
  }

  private async runRefresh(): Promise<TokenSet> {
    const session = this.session;
    if (!session) throw new SignedOutError();
    const refreshToken = session.tokens.refreshToken;
    if (!refreshToken) {
      this.end(session);
      throw new SessionEndedError();
    }
    let response;
    try {
      response = await this.deps.oauthFor(session.clientId).refresh(refreshToken);
    } catch (error) {
      if (error instanceof OAuthErrorResponse && FATAL.has(error.error)) {
        this.deps.log.warn('the service ended the session', { error: error.error });
        this.end(session);
        throw new SessionEndedError();
      }
      this.deps.log.warn('could not renew the sign-in; keeping the current tokens', {
        error: (error as Error).message,
      });
      throw new RefreshUnavailableError(error);
    }
    const tokens = tokenSetFrom(response, this.deps.clock.now(), session.tokens.scopes, refreshToken);
    this.deps.log.info('renewed the sign-in', { rotated: tokens.refreshToken !== refreshToken });
    const next: StoredSession = { ...session, tokens };
    // Persist the rotated refresh token before anything uses the new access token.
    if (this.session === session) {
      await this.deps.vault.save(next);
      if (this.session === session) this.session = next;
    }
    return tokens;
  }

  private end(session: StoredSession): void {
    if (this.session !== session) return;
    this.session = null;
    this.ended = session;
    this.deps.onSessionEnded();
  }
}

function withBearer(init: RequestInit, token: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}
