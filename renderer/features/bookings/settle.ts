/**
 * Device-backed bookings settle: the practice's own calendar system (a SQL or Exchange connector) confirms them a
 * little after the service took them. Screens ask again by themselves, soon at first and then less often (backoff),
 * until the booking is confirmed or refused; the booking result and the Bookings screen share this.
 */
import { useEffect, useState } from 'react';
import type { BookingKind } from '../../../preload/contract';
import { frontdesk } from '../../lib/frontdesk';

const FIRST_MS = 1000;
const MAX_MS = 30_000;

/** Wait before asking again after `attempt` answers that were still pending: 1 s, 2 s, 4 s … at most 30 s. */
export function settleDelay(attempt: number): number {
  return Math.min(FIRST_MS * 2 ** Math.max(0, attempt), MAX_MS);
}

/**
 * Calls `check` with backoff while `pending`; `check` returns true once nothing is pending any more. Returns the
 * stop function (also called when the screen goes away).
 */
export function pollWhilePending(check: () => Promise<boolean>): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const next = () => {
    timer = setTimeout(() => {
      void check().then(
        (settled) => {
          if (!stopped && !settled) next();
        },
        () => {
          if (!stopped) next();
        },
      );
    }, settleDelay(attempt++));
  };
  next();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** The booking's state, asked again with backoff while it is pending ('pending' until the service says otherwise). */
export function useSettledBooking(id: number | null, initial: BookingKind): BookingKind {
  const [seen, setSeen] = useState<{ id: number; state: BookingKind } | null>(null);
  useEffect(() => {
    if (id === null || initial !== 'pending') return;
    return pollWhilePending(async () => {
      const r = await frontdesk.invoke['bookings:status']({ id });
      if (!r.ok || !r.value) return false;
      setSeen({ id, state: r.value.state });
      return r.value.state !== 'pending';
    });
  }, [id, initial]);
  return seen && seen.id === id && initial === 'pending' ? seen.state : initial;
}
