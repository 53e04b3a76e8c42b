/**
 * The finder's "next appointment" for each result: one read of the coming month's appointments (kept for a minute,
 * and in the read cache for offline use), matched to each person by phone (E.164 digits) or e-mail; which of a
 * person's appointments is next is upcoming.ts's rule, the one the contact's page uses, over the appointments as core's
 * store shows them (moved or cancelled here or elsewhere since the read).
 */
import type { NextAppointment } from '../../../common/contract';
import { calendarNames, listEventsInRange } from '../api/calendar-api';
import { signedInAccount, type CoreContext } from '../core-context';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { isZone, startOfPracticeDay } from '../../../common/practice-time';
import { nextOf, STILL_ON_REACH_MS } from './upcoming';

const AHEAD_DAYS = 31;
const FRESH_MS = 60_000;
const CACHE_KEY = 'contacts:upcoming-month';
const upcomingSlot = cacheSlot(
  'the month’s appointments',
  z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      start: z.string(),
      end: z.string(),
      calendarName: z.string(),
      calendarId: z.number().nullish(),
      zone: z.string().nullish(),
      phones: z.array(z.string()),
      emails: z.array(z.string()),
    }) satisfies z.ZodType<Upcoming>,
  ),
);

/** An appointment reduced to what matching needs. */
interface Upcoming {
  id: number;
  title: string;
  start: string;
  end: string;
  calendarName: string;
  /** Its calendar (whose name and zone name it where the service left them out: the practice store's). */
  calendarId?: number | null | undefined;
  /** Its calendar's zone (the service's `time_zone`), to tell its time as every screen does. */
  zone?: string | null | undefined;
  phones: string[];
  emails: string[];
}

/** The last read per core (its contacts deps), with the range it covered and the ids it found. */
const memos = new WeakMap<
  CoreContext,
  { account: string; at: number; items: Upcoming[]; begin: number; end: number; ids: Set<number> }
>();

const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** The month a read at `now` covers: from a day back to the end of the month's last practice day. */
function monthRange(deps: CoreContext, now: number): { begin: number; end: number } {
  return {
    // From a day back: today's appointments still going are read too (whether one counts is the rule's to say).
    begin: now - STILL_ON_REACH_MS,
    // To the end of the month's last practice day (its zone's midnight, whatever the clocks do meanwhile).
    end: startOfPracticeDay(now, deps.practiceZone.reckonIn(deps.account()), AHEAD_DAYS + 1),
  };
}

async function readMonth(deps: CoreContext, now: number): Promise<Upcoming[]> {
  const range = monthRange(deps, now);
  const begin = new Date(range.begin).toISOString();
  const end = new Date(range.end).toISOString();
  const [events, names] = await Promise.all([
    listEventsInRange(deps.service, begin, end),
    calendarNames(deps.service).catch(() => new Map<number, string>()),
  ]);
  return events
    .filter((e) => !e.is_deleted)
    .map((e) => ({
      id: e.id,
      title: e.title || '(no title)',
      start: e.start_time,
      end: e.end_time,
      calendarName: e.calendar_name || names.get(e.calendar_id) || '',
      calendarId: e.calendar_id,
      zone: isZone(e.time_zone) ? e.time_zone : null,
      phones: e.participants
        .flatMap((p) => [p.normalized_phone ?? '', p.phone ?? ''])
        .filter(Boolean)
        .map(digits),
      emails: e.participants.map((p) => (p.email ?? '').toLowerCase()).filter(Boolean),
    }))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

async function month(deps: CoreContext, account: string, now: number): Promise<Upcoming[]> {
  const memo = memos.get(deps);
  // Kept for a minute, unless core's store has since learned of an appointment in its month that it lacks (booked,
  // made again by Undo, another desk's): the store can move or drop what was read, but not say who a new one is for.
  if (
    memo &&
    memo.account === account &&
    now - memo.at < FRESH_MS &&
    !deps.store.holdsOtherThan(memo.ids, memo.begin, memo.end)
  )
    return memo.items;
  const read = await readThrough(deps, account, upcomingSlot, CACHE_KEY, () => readMonth(deps, now));
  if (read.source === 'service')
    memos.set(deps, {
      account,
      at: now,
      items: read.value,
      ...monthRange(deps, now),
      ids: new Set(read.value.map((i) => i.id)),
    });
  return read.value;
}

/** The next appointment (not yet ended) of each person. */
export async function nextAppointments(
  deps: CoreContext,
  args: { people: { key: string; phones: string[]; emails: string[] }[] },
): Promise<NextAppointment[]> {
  const account = signedInAccount(deps);
  const now = deps.clock.now();
  // Each at the time and state core's store has for it: the schedule's, whatever the month's read says.
  const items = deps.store.current(await month(deps, account, now));
  return args.people.map((person) => {
    const phones = new Set(person.phones.map(digits).filter((d) => d.length >= 7));
    const emails = new Set(person.emails.map((e) => e.toLowerCase()));
    const theirs = items.filter((i) => i.phones.some((p) => phones.has(p)) || i.emails.some((e) => emails.has(e)));
    const hit = nextOf(theirs, now);
    return {
      key: person.key,
      next: hit
        ? { id: hit.id, title: hit.title, start: hit.start, calendarName: hit.calendarName, zone: hit.zone ?? null }
        : null,
    };
  });
}
