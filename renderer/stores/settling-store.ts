/**
 * Device-backed bookings core follows until the practice's calendar system settles them (`bookings:settling`): the
 * booking result and the Bookings screen read their state here, the schedule's appointments are marked from it, and a
 * desktop notification says how each one that was waiting ended. Nothing here polls: core asks the service with
 * backoff and sends one event per change.
 */
import { create } from 'zustand';
import type { BookingSettle } from '../../common/contract';
import { notifyDesktop } from '../lib/desktop-notify';
import { frontdesk } from '../lib/frontdesk';
import type { StoreData } from '../lib/store-shape';
import { bookingSettledNotice } from '../lib/words';
import { useCalendarStore } from './calendar-store';
import { onAccountReset } from './session-reset';

/** The followed bookings by id. */
interface SettlingState {
  bookings: Record<number, BookingSettle>;
}

/** Nothing followed yet (at start and for each account). */
export const getEmptyState = (): StoreData<SettlingState> => ({ bookings: {} });

/** One store for the followed bookings. */
export const useSettlingStore = create<SettlingState>()(() => getEmptyState());

/** Says on the desktop how a booking that was waiting ended (once: only a move out of 'pending' is told). */
function announce(before: Record<number, BookingSettle>, list: BookingSettle[]): void {
  for (const b of list) {
    if (before[b.id]?.state !== 'pending' || b.state === 'pending') continue;
    notifyDesktop(...bookingSettledNotice(b.state, b.name));
  }
}

function take(list: BookingSettle[]): void {
  announce(useSettlingStore.getState().bookings, list);
  useSettlingStore.setState({ bookings: Object.fromEntries(list.map((b) => [b.id, b])) });
  useCalendarStore.getState().applyBookings(list);
}

/** Reads what core follows now (after sign-in; events keep it current from then on). */
export async function loadFollowed(): Promise<void> {
  const result = await frontdesk.invoke['bookings:followed']();
  if (result.ok) take(result.value);
}

/** "Dismiss" on a booking that was not made: core stops following it and the schedule lets it go. */
export async function dismissBooking(id: number): Promise<void> {
  const result = await frontdesk.invoke['bookings:dismiss']({ id });
  if (result.ok) take(result.value);
}

/** Follows core's word on the followed bookings; call once at start-up. */
export function wireSettlingEvents(): () => void {
  return frontdesk.on['bookings:settling'](({ bookings }) => take(bookings));
}

onAccountReset('settling', () => useSettlingStore.setState(getEmptyState()));
