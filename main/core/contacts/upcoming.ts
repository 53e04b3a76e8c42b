/**
 * The one rule for a person's "next appointment", used by Find a patient (next-appointments.ts) and by the contact's
 * page (contact-history.ts), so both name the same one: an appointment counts until it has ended (one that started
 * earlier today and is still going counts; one that is over does not, however recently it began), and the next is
 * the one of those that starts first. Instants only: whether an appointment has ended does not depend on any zone.
 */

/** What the rule needs of an appointment: when it starts and ends (ISO 8601 with an offset), and its id. */
export interface Timed {
  id: number;
  start: string;
  end: string;
}

const DAY = 86_400_000;

/**
 * How far back a read must reach to find every appointment that may not have ended yet: a whole day, so all of the
 * practice's today is read whatever its zone (an all-day appointment begins at its midnight).
 */
export const STILL_ON_REACH_MS = DAY;

/** Whether the appointment is over at `now` (it ended at or before it). An end that cannot be read is not over. */
export function hasEnded(item: Pick<Timed, 'end'>, now: number): boolean {
  return Date.parse(item.end) <= now;
}

const soonestFirst = (a: Timed, b: Timed) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/** The appointments not yet over, soonest first (then by id, so equal starts always come in one order). */
export function upcomingOf<T extends Timed>(items: readonly T[], now: number): T[] {
  return items.filter((i) => !hasEnded(i, now)).sort(soonestFirst);
}

/** The appointments that are over, latest first. */
export function pastOf<T extends Timed>(items: readonly T[], now: number): T[] {
  return items.filter((i) => hasEnded(i, now)).sort((a, b) => soonestFirst(b, a));
}

/** The next appointment: the first of `upcomingOf`, or null. */
export function nextOf<T extends Timed>(items: readonly T[], now: number): T | null {
  return upcomingOf(items, now)[0] ?? null;
}
