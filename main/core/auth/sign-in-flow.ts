/**
 * One sign-in attempt at a time: PKCE verifier, state and redirect live here in main, single
 * use, ten minutes at most. `handleRedirect` is the one door every redirect comes through.
 */
import { AuthorizationResponseError } from 'oauth4webapi';
import type { Clock, Logger } from '../platform';
import { startLoopbackReceiver, type LoopbackReceiver, type RedirectOutcome } from './loopback-receiver';
import type { OAuthClient } from './oauth-client';
import { matchesRedirect, parseRedirectUrl } from './redirect-intake';

/** How long a sign-in may wait for the browser. */
export const ATTEMPT_TTL_MS = 10 * 60_000;

/** A pending attempt; its secrets never leave main. */
interface Attempt {
  clientId: string;
  url: string;
  state: string;
  verifier: string;
  redirectUri: string;
  scopes: string[];
  startedAt: number;
  expiresAt: number;
  receiver: LoopbackReceiver | null;
  cancelTimer: () => void;
}

/** Where the redirect comes back. */
export type RedirectMode = 'custom-scheme' | 'loopback';

/** What the flow needs from its owner. */
export interface SignInFlowDeps {
  clock: Clock;
  log: Logger;
  oauthFor(clientId: string): OAuthClient;
  /** Exchanges the validated callback for a session; returns the user's display name. */
  complete(
    client: OAuthClient,
    params: URLSearchParams,
    redirectUri: string,
    verifier: string,
    scopes: string[],
  ): Promise<string>;
  /** The attempt changed (started, ended, expired) — re-emit status. */
  changed(notice: { kind: 'error' | 'info'; text: string } | null): void;
}

/** Runs sign-in attempts. */
export class SignInFlow {
  private attempt: Attempt | null = null;

  constructor(private readonly deps: SignInFlowDeps) {}

  /** Public facts of the pending attempt. */
  pending(): { url: string; startedAt: number; expiresAt: number } | null {
    const a = this.attempt;
    return a ? { url: a.url, startedAt: a.startedAt, expiresAt: a.expiresAt } : null;
  }

  /** Starts a new attempt, replacing any previous one. */
  async start(options: {
    mode: RedirectMode;
    clientId: string;
    redirectUri: string;
    scopes: string[];
  }): Promise<string> {
    await this.end(null);
    const receiver =
      options.mode === 'loopback'
        ? await startLoopbackReceiver(options.redirectUri, (url) => this.handleRedirect(url, 'loopback'))
        : null;
    const redirectUri = receiver?.redirectUri ?? options.redirectUri;
    try {
      const start = await this.deps.oauthFor(options.clientId).start(redirectUri, options.scopes);
      const startedAt = this.deps.clock.now();
      const attempt: Attempt = {
        clientId: options.clientId,
        ...start,
        redirectUri,
        scopes: options.scopes,
        startedAt,
        expiresAt: startedAt + ATTEMPT_TTL_MS,
        receiver,
        cancelTimer: () => undefined,
      };
      attempt.cancelTimer = this.deps.clock.setTimeout(() => {
        if (this.attempt === attempt)
          void this.end({ kind: 'error', text: 'The sign-in took too long. Please start again.' });
      }, ATTEMPT_TTL_MS);
      this.attempt = attempt;
      this.deps.log.info('sign-in started in the browser', { redirect: options.mode, scopes: options.scopes.length });
      return start.url;
    } catch (error) {
      await receiver?.close();
      throw error;
    }
  }

  /** Cancels the pending attempt (Cancel button, sign-out). */
  cancel(): Promise<void> {
    return this.end(null);
  }

  /**
   * Checks a redirect against the pending attempt and, if it is ours, finishes sign-in. `via` says how it came: a
   * deep link (the OS hands it over; the app's notice is the only answer a person sees) or the loopback receiver (the
   * browser tab shows the answer). A loopback request whose state is not ours may come from any page that guessed
   * the port: the tab is told, the app shows nothing and keeps waiting.
   */
  async handleRedirect(raw: unknown, via: 'deep-link' | 'loopback' = 'deep-link'): Promise<RedirectOutcome> {
    const url = parseRedirectUrl(raw);
    const attempt = this.attempt;
    if (!url)
      return this.refuse('unreadable', 'That sign-in link could not be read. Please start again from Frontdesk.');
    if (!attempt)
      return this.refuse(
        'no pending attempt',
        'No sign-in is waiting for this link. Please start again from Frontdesk.',
      );
    if (!matchesRedirect(url, attempt.redirectUri))
      return this.refuse('wrong redirect', 'That link is not a Frontdesk sign-in.');
    if (this.deps.clock.now() >= attempt.expiresAt) {
      await this.end({ kind: 'error', text: 'The sign-in took too long. Please start again.' });
      return this.refuse('expired', 'The sign-in took too long. Please start again.');
    }
    const client = this.deps.oauthFor(attempt.clientId);
    let params: URLSearchParams;
    try {
      params = client.validateCallback(url, attempt.state);
    } catch (error) {
      if (error instanceof AuthorizationResponseError) {
        // The state matched: this is the service's answer to our attempt, which is now over.
        const text =
          error.error === 'access_denied'
            ? 'Sign-in was cancelled in the browser.'
            : `The service did not allow the sign-in (${error.error}).`;
        await this.end({ kind: 'error', text });
        return this.refuse(`error=${error.error}`, text);
      }
      // Wrong or missing state, or no code: not the answer to our attempt. Keep waiting for it.
      return this.refuse(
        'state mismatch or malformed',
        'This sign-in response does not match the sign-in you started. Please finish it in the browser window Frontdesk opened, or start again.',
        via === 'deep-link',
      );
    }
    this.attempt = null; // single use, before any await
    attempt.cancelTimer();
    void attempt.receiver?.close();
    this.deps.log.info('sign-in answer accepted; exchanging it for tokens');
    try {
      const name = await this.deps.complete(client, params, attempt.redirectUri, attempt.verifier, attempt.scopes);
      this.deps.log.info('signed in', { scopes: attempt.scopes.length });
      return { ok: true, message: `Signed in as ${name}.` };
    } catch (error) {
      const text = (error as Error).message || 'Frontdesk could not finish signing in. Please try again.';
      this.deps.log.warn('sign-in could not be completed', { reason: text });
      this.deps.changed({ kind: 'error', text });
      return { ok: false, message: text };
    }
  }

  private refuse(reason: string, message: string, notify = true): RedirectOutcome {
    // The reason only: never the URL, which may carry a code.
    this.deps.log.warn('refused a sign-in redirect', { reason });
    if (notify) this.deps.changed({ kind: 'error', text: message });
    return { ok: false, message };
  }

  private async end(notice: { kind: 'error' | 'info'; text: string } | null): Promise<void> {
    const attempt = this.attempt;
    this.attempt = null;
    if (attempt) {
      this.deps.log.info('sign-in attempt ended', { how: notice ? `${notice.kind} notice` : 'cancelled or replaced' });
      attempt.cancelTimer();
      // Not awaited: the receiver may be answering the very request that ended the attempt.
      void attempt.receiver?.close();
    }
    if (attempt || notice) this.deps.changed(notice);
  }
}
