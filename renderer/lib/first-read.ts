/**
 * The schedule's first read, sent from the page's start (renderer/main/first-answers.ts) as soon as core has told the
 * session, which names the practice's zone: today's Day view, saved answer first, as the calendar store's first load
 * asks it. Its answer comes while the app's code is fetched and run; the store takes it for that load when the range
 * is the one it shows (`useCalendarStore` `load`), or drops it.
 */
import type { Agenda, AuthStatus, CalendarList, Result } from '../../common/contract';
import { frontdesk } from './frontdesk';
// Not ./practice-time (its store reaches React): this is sent before a first screen a host drew is painted.
import { dayKey } from '../../common/practice-time';
import { rangeOf } from './schedule-range';
import { waitForFresh, type FreshWait } from './store-changes';

/** How long a first read waits to be taken (another screen shown first) before it stops listening. */
const UNTAKEN_MS = 30_000;

/** The read sent: its saved-first answer and the fresh one that follows. */
export interface FirstRead {
  /**
   * The read, for the range `begin`–`end`, once: null for another range (the read is then dropped), after the first
   * take, or once it stopped waiting to be taken.
   */
  take(begin: string, end: string): { asked: Promise<Result<Agenda>>; fresh: FreshWait<Agenda> } | null;
  /**
   * The calendar list, read beside the schedule (the schedule's columns and colours need it: read after the range's
   * answer, it was a round trip between the data and its paint); the store keeps it as its list read in flight.
   */
  calendars: Promise<Result<CalendarList>>;
}

/** Sends the read for a signed-in session whose practice's zone core told; null for any other status. */
export function readFirstRange(status: AuthStatus): FirstRead | null {
  const zone = status.state === 'signed_in' ? status.account?.zone : null;
  if (!zone) return null;
  const { begin, end } = rangeOf('day', dayKey(Date.now(), zone), zone);
  // Before the read: a fresh answer that lands before the read's own reply is not missed.
  const fresh = waitForFresh<Agenda>((f) =>
    f.of === 'calendar:range' && f.begin === begin && f.end === end ? f.answer : null,
  );
  const asked = frontdesk.invoke['calendar:range']({ begin, end, savedFirst: true });
  const calendars = frontdesk.invoke['calendar:calendars']();
  let taken = false;
  const untaken = setTimeout(() => {
    taken = true;
    fresh.stop();
  }, UNTAKEN_MS);
  return {
    calendars,
    take(from, to) {
      if (taken) return null;
      taken = true;
      clearTimeout(untaken);
      if (from === begin && to === end) return { asked, fresh };
      fresh.stop();
      return null;
    },
  };
}
