/**
 * Device-backed bookings settle: the practice's own calendar system (a SQL or Exchange connector) takes them a
 * little after the service took them. Core follows each one, asking the service again with backoff until it is
 * booked or refused, and says so with one event (main/core/bookings/booking-watch.ts); the booking result, the
 * Bookings screen and the schedule read that here instead of each polling on its own.
 */
import type { BookingFailure, BookingKind } from '../../../common/contract';
import { useSettlingStore } from '../../stores/settling-store';

/** How a booking stands now: what the screen was told first, until core says how it settled. */
export interface Settled {
  state: BookingKind;
  /** Why it was not booked (set when core saw it refused). */
  reason: BookingFailure | null;
}

/** The booking's state as core follows it ('pending' until the service says otherwise). */
export function useSettledBooking(id: number | null, initial: BookingKind): Settled {
  const followed = useSettlingStore((s) => (id === null ? undefined : s.bookings[id]));
  if (initial !== 'pending' || !followed) return { state: initial, reason: null };
  return { state: followed.state, reason: followed.reason };
}

/** The state a list row shows: core's latest word for a booking it follows, else the list's. */
export function useShownState(id: number, listed: BookingKind): BookingKind {
  return useSettlingStore((s) => s.bookings[id]?.state ?? listed);
}
