/** Sign-in state from main (never a token) and the sign-in actions. */
import { create } from 'zustand';
import type { AuthStatus, IpcError } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import type { StoreData } from '../lib/store-shape';
import { usePracticeClock } from '../lib/practice-time';

/** State and actions of the auth store. */
export interface AuthState {
  status: AuthStatus | null;
  busy: boolean;
  error: IpcError | null;
  /**
   * Not shown: the account whose data the renderer's stores hold now (session-reset.ts decides; null before the first
   * sign-in is seen and after a sign-out here).
   */
  dataOwner: string | null;
  load(): Promise<void>;
  signIn(addScopes?: string[]): Promise<void>;
  cancel(): Promise<void>;
  signOut(): Promise<void>;
  dismissNotice(): Promise<void>;
  /** What a sign-out here does next: lets the session reset hook in without a store import cycle (App wires it). */
  setSignOutHandler(handler: () => void): void;
}

/** Nothing known of the session yet (the status is main's: never reset, it is what tells of an account change). */
export const getEmptyState = (): StoreData<AuthState> => ({ status: null, busy: false, error: null, dataOwner: null });

/** The auth store; `wireAuthEvents` keeps it in step with main. */
export const useAuthStore = create<AuthState>()((set) => {
  let onSignedOut: () => void = () => undefined;
  const run = async (call: () => Promise<{ ok: true; value: AuthStatus } | { ok: false; error: IpcError }>) => {
    set({ busy: true, error: null });
    const result = await call();
    set(result.ok ? { busy: false, status: result.value } : { busy: false, error: result.error });
  };
  return {
    ...getEmptyState(),
    load: () => run(() => frontdesk.invoke['auth:status']()),
    signIn: (addScopes) => run(() => frontdesk.invoke['auth:sign-in'](addScopes?.length ? { addScopes } : undefined)),
    cancel: () => run(() => frontdesk.invoke['auth:cancel-sign-in']()),
    signOut: async () => {
      await run(() => frontdesk.invoke['auth:sign-out']());
      onSignedOut();
    },
    dismissNotice: () => run(() => frontdesk.invoke['auth:dismiss-notice']()),
    setSignOutHandler: (handler) => {
      onSignedOut = handler;
    },
  };
});

/** Subscribes to main's auth events; call once at start-up. */
export function wireAuthEvents(): () => void {
  return frontdesk.on['auth:changed']((status) => useAuthStore.setState({ status }));
}

// The practice's zone comes from core with the session, and only from there: every screen tells times on it.
useAuthStore.subscribe((state, previous) => {
  if (state.status === previous.status) return;
  const zone = state.status?.state === 'signed_in' ? (state.status.account?.zone ?? null) : null;
  if (zone !== usePracticeClock.getState().zone) usePracticeClock.getState().setZone(zone);
});
