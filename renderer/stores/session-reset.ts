/**
 * Another person's patients must never show under a new sign-in: account data in the stores is
 * cleared on sign-out and when a different account signs in. A session that merely ended keeps
 * what was typed, for the same person signing back in.
 */
import type { AuthStatus } from '../../preload/contract';
import { frontdesk } from '../lib/frontdesk';
import { useBookingStore } from './booking-store';
import { useCalendarStore } from './calendar-store';
import { useContactsStore } from './contacts-store';
import { useNavStore } from './nav-store';
import { resetOutboxItems } from './outbox-store';

let lastAccount: string | null = null;

const accountOf = (s: AuthStatus) =>
  s.state === 'signed_in' ? `${s.user?.email ?? ''}|${s.actingFor?.email ?? ''}` : null;

/** Clears every store that holds account data. */
export function resetAccountStores(): void {
  useBookingStore.getState().clear();
  useContactsStore.getState().clear();
  useCalendarStore.getState().clear();
  resetOutboxItems();
  useNavStore.getState().go('calendar');
}

/** Called after an explicit sign-out. */
export function forgetAccount(): void {
  lastAccount = null;
  resetAccountStores();
}

/** Watches sign-ins for a change of account; call once at start-up. */
export function wireSessionReset(): () => void {
  return frontdesk.on['auth:changed']((status) => {
    const account = accountOf(status);
    if (account && lastAccount && account !== lastAccount) resetAccountStores();
    if (account) lastAccount = account;
  });
}
