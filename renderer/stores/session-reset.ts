/**
 * One reset per account: every store that holds account data is cleared here, and only here, keyed by the
 * account id main reports (`AuthStatus.account.key`). The stores' data belongs to one account (the owner);
 * whenever a status names another account — at sign-in, at start with a saved session, on an account change
 * — or the person signs out, everything is cleared. A session that merely ended keeps what was typed, for
 * the same account signing back in.
 */
import type { AuthStatus } from '../../common/contract';
import { useAuthStore } from './auth-store';

type Reset = () => void;
/**
 * The stores' reset functions, by store. Infrastructure, not data: a list of functions each store adds once at module
 * load (allowed by name in test/unit/lint/module-state.test.ts); the account they hold data for is the auth store's
 * `dataOwner`.
 */
const resets = new Map<string, Reset>();

/** A store registers how to forget its account data (once, at module load). Returns the unregister call. */
export function onAccountReset(name: string, reset: Reset): () => void {
  resets.set(name, reset);
  return () => resets.delete(name);
}

/** Clears every registered store. */
function resetAccountStores(): void {
  for (const reset of resets.values()) reset();
}

/** Decides from one status whether the stores must be cleared; exported for tests. */
function applyStatus(status: AuthStatus | null): void {
  const key = status?.state === 'signed_in' ? (status.account?.key ?? null) : null;
  if (key === null || key === useAuthStore.getState().dataOwner) return;
  // A different account (or the first one seen since this page started, even from a saved session).
  useAuthStore.setState({ dataOwner: key });
  resetAccountStores();
}

/**
 * The status core answered as the page started, before anything is shown or wired (App.tsx `startWith`): the account
 * it names owns the stores from here (they hold nothing yet), so the wiring that follows finds it theirs already and
 * does not clear what the first screen has begun to read.
 */
export function startSession(status: AuthStatus): void {
  applyStatus(status);
  useAuthStore.setState({ status });
}

/** Called after an explicit sign-out: the next person starts clean whoever they are. */
export function forgetAccount(): void {
  useAuthStore.setState({ dataOwner: null });
  resetAccountStores();
}

/** The one subscriber: follows the auth store, which has both the status the app started with and main's events. */
export function wireSessionReset(): () => void {
  applyStatus(useAuthStore.getState().status);
  return useAuthStore.subscribe((state, previous) => {
    if (state.status !== previous.status) applyStatus(state.status);
  });
}
