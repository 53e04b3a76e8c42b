/**
 * Core's own account lifecycle, apart from the renderer's event bus: the auth service says who is signed in, and
 * each service that keeps or does something per account listens here instead of being called back by name.
 *
 * The order is always the same: the account that goes is signed out (and every listener has finished with it)
 * before the one that comes is announced: `signed_out` → `account_changed` → `signed_in`. What is kept per account
 * (the cache, the screens' turn) follows `account_changed`; work starts on `signed_in` and stops on `signed_out`.
 * A listener that subscribes while an account is signed in is told so at once, so the order in which core builds its
 * services does not matter.
 */
import type { AuthStatus } from '../../common/contract';

/** Why an account is no longer signed in: the user signed out, the service ended the session, or another account
 * signed in in its place. */
type SignedOutWhy = 'signed_out' | 'session_ended' | 'replaced';

/** One step of the lifecycle, with the account key it is about. */
export type SessionEvent =
  /** The account is no longer signed in (null: its key was never known). */
  | { type: 'signed_out'; account: string | null; why: SignedOutWhy }
  /** Another account is signed in now, or none. */
  | { type: 'account_changed'; account: string | null; previous: string | null }
  /** Signed in: a sign-in, a saved session at start, and again with each status while it lasts (more permissions). */
  | { type: 'signed_in'; account: string; status: AuthStatus };

/** A listener; a promise it returns is awaited before the next listener and the next step. */
export type SessionListener = (event: SessionEvent) => void | Promise<void>;

/** The lifecycle's one channel inside core. */
export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();
  private current: { account: string; status: AuthStatus } | null = null;

  /** Listens from now on; told at once when an account is signed in already. Returns an unsubscribe. */
  on(listener: SessionListener): () => void {
    this.listeners.add(listener);
    const now = this.current;
    if (now) {
      void listener({ type: 'account_changed', account: now.account, previous: null });
      void listener({ type: 'signed_in', ...now });
    }
    return () => this.listeners.delete(listener);
  }

  /**
   * Tells every listener, one after the other (a listener's promise awaited before the next); listeners that answer
   * at once are all called before this returns. A listener that fails does not keep the others from hearing: the
   * first failure rejects the returned promise once all have heard.
   */
  async emit(event: SessionEvent): Promise<void> {
    if (event.type === 'signed_in') this.current = { account: event.account, status: event.status };
    else if (event.type === 'signed_out') this.current = null;
    const failures: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        const pending = listener(event);
        if (pending) await pending;
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
