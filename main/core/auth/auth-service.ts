/**
 * Sign-in once per workstation: owns the vault, the token manager, the sign-in flow and
 * sign-out with revocation, and publishes renderer-safe status on `auth:changed`.
 */
import { createHash } from 'node:crypto';
import type { AuthStatus } from '../../../common/contract';
import { gatewayBlip } from '../api/service-error';
import type { FrontdeskConfig } from '../config';
import type { EventBus } from '../events';
import type { Platform } from '../platform';
import type { PracticeZone } from '../practice-zone';
import type { SessionEvents } from '../session-events';
import { parseIdentity } from './identity';
import { OAuthClient, OAuthErrorResponse } from './oauth-client';
import { RevocationQueue } from './revocation-queue';
import { accountKey, type Identity, type StoredSession, type TokenSet } from './session-types';
import { SignInFlow, type RedirectMode } from './sign-in-flow';
import { TokenManager } from './token-manager';
import { tokenSetFrom } from './token-set';
import { TokenVault, type VaultStorage } from './token-vault';

type Notice = AuthStatus['notice'];

/** What the auth service needs beyond the platform. */
export interface AuthServiceDeps {
  config: FrontdeskConfig;
  platform: Platform;
  events: EventBus;
  /** Whether the OS routes our custom scheme to us (Electron's isDefaultProtocolClient). */
  customSchemeClaimed(): boolean;
  /** Where core hears who is signed in (signed out, account changed, signed in); the renderer hears `auth:changed`. */
  session: SessionEvents;
  /** The practice's zone, told with the status (and pushed when core learns it). */
  practiceZone?: PracticeZone;
}

/** The auth layer of one core. */
export class AuthService {
  readonly tokens: TokenManager;
  private readonly vault: TokenVault;
  private readonly flow: SignInFlow;
  private readonly revocations: RevocationQueue;
  private readonly clients = new Map<string, OAuthClient>();
  private notice: Notice = null;
  /** The account of the last status published while signed in (null since one published signed out). */
  private signedInAs: string | null = null;
  private storageMode: VaultStorage = 'memory';

  constructor(private readonly deps: AuthServiceDeps) {
    const { platform, config } = deps;
    this.vault = new TokenVault(platform.cipher, platform.settings, platform.log, config.allowWeakStorage);
    this.revocations = new RevocationQueue(
      platform.cipher,
      platform.settings,
      platform.log,
      async () => (await this.vault.storage()) !== 'memory',
    );
    const oauthFor = (clientId: string) => this.oauthFor(clientId);
    this.tokens = new TokenManager({
      vault: this.vault,
      clock: platform.clock,
      log: platform.log,
      fetch: platform.fetch,
      oauthFor,
      onSessionEnded: () => void this.sessionEnded(),
    });
    this.flow = new SignInFlow({
      clock: platform.clock,
      log: platform.log,
      oauthFor,
      complete: (client, params, redirectUri, verifier, scopes) =>
        this.complete(client, params, redirectUri, verifier, scopes),
      changed: (notice) => this.publish(notice === null ? this.notice : notice),
    });
    // The zone comes with the session: a zone learned (or changed) for the signed-in account is pushed at once.
    deps.practiceZone?.onChange((account) => {
      if (account === this.accountKey()) deps.events.emit('auth:changed', this.status());
    });
  }

  /** Loads the saved session (if any) and renews it when due. */
  async init(): Promise<void> {
    this.storageMode = await this.vault.storage();
    const saved = await this.vault.load();
    if (saved && saved.serviceUrl === this.deps.config.serviceUrl) this.tokens.set(saved);
    else if (saved) await this.vault.clear();
    this.publish(null);
    this.renewIfDue();
    void this.revocations.flush((id) => this.oauthFor(id)).catch(() => undefined);
  }

  /** Where sessions (and so cached data) may be kept on this workstation. */
  storage(): Promise<VaultStorage> {
    return this.vault.storage();
  }

  /** The key that stored data and queued work of the signed-in account live under. */
  accountKey(): string | null {
    const session = this.tokens.current();
    return session?.identity ? accountKey(session.serviceUrl, session.identity) : null;
  }

  /** Renderer-safe status. */
  status(): AuthStatus {
    const session = this.tokens.current();
    const pending = this.flow.pending();
    const identity = session?.identity ?? null;
    const key = identity && session ? accountKey(session.serviceUrl, identity) : null;
    return {
      state: session ? 'signed_in' : pending ? 'signing_in' : 'signed_out',
      user: identity ? { name: identity.userName, email: identity.userEmail } : null,
      actingFor: identity?.actingForOther ? { name: identity.accountName, email: identity.accountEmail } : null,
      account: session
        ? {
            key: opaqueAccountKey(key ?? `${session.serviceUrl}#?`),
            practiceName: identity?.accountName ?? '',
            zone: this.deps.practiceZone?.get(key) ?? null,
          }
        : null,
      grantedScopes: session ? [...session.tokens.scopes] : [],
      storage: this.storageMode,
      signIn: session ? null : pending,
      notice: this.notice,
    };
  }

  /** Opens the system browser on a fresh attempt; `addScopes` asks for more permissions. */
  async signIn(addScopes: readonly string[] = []): Promise<AuthStatus> {
    const { config, platform } = this.deps;
    const mode: RedirectMode = config.forceLoopback || !this.deps.customSchemeClaimed() ? 'loopback' : 'custom-scheme';
    const granted = this.tokens.current()?.tokens.scopes ?? [];
    const scopes = [...new Set([...config.scopes, ...granted, ...addScopes])];
    const url = await this.flow.start({
      mode,
      clientId: mode === 'loopback' ? config.loopbackClientId : config.clientId,
      redirectUri: mode === 'loopback' ? config.loopbackRedirectUri : config.redirectUri,
      scopes,
    });
    this.notice = null;
    try {
      await platform.openExternal(url);
    } catch {
      this.notice = {
        kind: 'info',
        text: 'Your browser did not open. Use “Copy sign-in link” and paste it into your browser.',
      };
    }
    this.publish(this.notice);
    return this.status();
  }

  /** Ends a pending attempt. */
  async cancelSignIn(): Promise<AuthStatus> {
    this.notice = null;
    await this.flow.cancel();
    this.publish(null);
    return this.status();
  }

  /** The one entry for redirects from argv, open-url and the loopback listener. */
  handleRedirect(url: unknown) {
    return this.flow.handleRedirect(url);
  }

  /** Clears the notice on the sign-in screen. */
  dismissNotice(): AuthStatus {
    this.notice = null;
    this.publish(null);
    return this.status();
  }

  /** Wipes the local session at once, then revokes (now, or later when offline). */
  async signOut(): Promise<AuthStatus> {
    const session = this.tokens.current();
    await this.flow.cancel();
    this.tokens.set(null);
    await this.vault.clear();
    await this.deps.session.emit({
      type: 'signed_out',
      account: session?.identity ? accountKey(session.serviceUrl, session.identity) : null,
      why: 'signed_out',
    });
    this.notice = { kind: 'info', text: 'You are signed out.' };
    this.publish(this.notice);
    if (session) {
      const items: { token: string; hint: 'access_token' | 'refresh_token'; clientId: string }[] = [
        { token: session.tokens.accessToken, hint: 'access_token', clientId: session.clientId },
      ];
      if (session.tokens.refreshToken)
        items.unshift({ token: session.tokens.refreshToken, hint: 'refresh_token', clientId: session.clientId });
      void this.revocations.revoke(items, (id) => this.oauthFor(id)).catch(() => undefined);
    }
    return this.status();
  }

  /** On start and resume: renews the tokens when they are close to expiry. */
  renewIfDue(): void {
    if (this.tokens.current()) void this.tokens.accessToken().catch(() => undefined);
  }

  /** Service reachable again: retry revocations. */
  onOnline(): void {
    void this.revocations.flush((id) => this.oauthFor(id)).catch(() => undefined);
  }

  private oauthFor(clientId: string): OAuthClient {
    let client = this.clients.get(clientId);
    if (!client) {
      client = new OAuthClient(this.deps.config, clientId, this.deps.platform.fetch);
      this.clients.set(clientId, client);
    }
    return client;
  }

  private async complete(
    client: OAuthClient,
    params: URLSearchParams,
    redirectUri: string,
    verifier: string,
    scopes: string[],
  ): Promise<string> {
    const { platform, config } = this.deps;
    let response;
    try {
      response = await client.exchange(params, redirectUri, verifier);
    } catch (error) {
      if (error instanceof OAuthErrorResponse)
        throw new Error(`The service did not accept the sign-in (${error.error}). Please start again.`, {
          cause: error,
        });
      throw new Error('Could not reach the service to finish signing in. Please try again.', { cause: error });
    }
    const tokens = tokenSetFrom(response, platform.clock.now(), scopes);
    const identity = await this.fetchIdentity(tokens.accessToken);
    if (!identity) {
      // Data and queued work are keyed by account: without knowing the account, do not sign in.
      this.handBack(tokens, client.clientId);
      throw new Error('Frontdesk could not read your account details from the service. Please try again.');
    }
    const session: StoredSession = { v: 1, serviceUrl: config.serviceUrl, clientId: client.clientId, tokens, identity };
    const previous = this.tokens.current();
    try {
      await this.vault.save(session);
    } catch (error) {
      // The sign-in cannot be kept (the keystore refused to seal it): the grant just issued is handed back at once,
      // not left alive at the service with no one holding it.
      this.handBack(tokens, client.clientId);
      throw error;
    }
    this.tokens.set(session);
    const previousKey = previous?.identity ? accountKey(previous.serviceUrl, previous.identity) : null;
    // Another account now uses this workstation: the previous one is signed out (its cached records go, its queued
    // work stays, held) before the new one is announced.
    try {
      if (previousKey && previousKey !== accountKey(session.serviceUrl, identity))
        await this.deps.session.emit({ type: 'signed_out', account: previousKey, why: 'replaced' });
    } finally {
      this.publish(null, true);
    }
    // Re-authorized (more scopes, another account): the old grant is no longer needed.
    if (previous?.tokens.refreshToken && previous.tokens.refreshToken !== tokens.refreshToken) {
      void this.revocations
        .revoke([{ token: previous.tokens.refreshToken, hint: 'refresh_token', clientId: previous.clientId }], (id) =>
          this.oauthFor(id),
        )
        .catch(() => undefined);
    }
    return identity.userName;
  }

  /** Revokes a grant this sign-in was given but will not keep (its refresh token revokes the whole grant). */
  private handBack(tokens: TokenSet, clientId: string): void {
    const item = tokens.refreshToken
      ? { token: tokens.refreshToken, hint: 'refresh_token' as const, clientId }
      : { token: tokens.accessToken, hint: 'access_token' as const, clientId };
    void this.revocations.revoke([item], (id) => this.oauthFor(id)).catch(() => undefined);
  }

  private async fetchIdentity(accessToken: string): Promise<Identity | null> {
    try {
      const ask = () =>
        this.deps.platform.fetch(`${this.deps.config.serviceUrl}/v1/userinfo`, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(15_000),
        });
      let response = await ask();
      // A gateway's blip (a proxy's 502 page) is asked past once, as every read is (api/service-client.ts).
      if (gatewayBlip(response, this.deps.platform.clock.now())) {
        await response.body?.cancel().catch(() => undefined);
        response = await ask();
      }
      if (!response.ok) return null;
      return parseIdentity(await response.json());
    } catch {
      return null;
    }
  }

  private async sessionEnded(): Promise<void> {
    const ended = this.signedInAs;
    await this.vault.clear();
    try {
      await this.deps.session.emit({ type: 'signed_out', account: ended, why: 'session_ended' });
    } finally {
      this.publish({ kind: 'error', text: 'Your session ended — please sign in again.' });
    }
  }

  private publish(notice: Notice, clear = false): void {
    this.notice = clear ? null : notice;
    const status = this.status();
    this.deps.events.emit('auth:changed', status);
    const previous = this.signedInAs;
    const key = status.state === 'signed_in' ? this.accountKey() : null;
    this.signedInAs = key;
    const { session, platform } = this.deps;
    const told = (step: Promise<void>) =>
      void step.catch((error: unknown) =>
        platform.log.error('a part of core failed to follow the sign-in', { reason: (error as Error).message }),
      );
    if (key !== previous) told(session.emit({ type: 'account_changed', account: key, previous }));
    if (key) told(session.emit({ type: 'signed_in', account: key, status }));
  }
}

/** The account key as the renderer sees it: stable per account, naming neither the service nor the account. */
function opaqueAccountKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}
