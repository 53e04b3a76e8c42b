/**
 * A contact's history: appointments found by each of their phones and e-mails (the service filters events by a
 * participant's phone or e-mail; an event may come once per matching participant), split into upcoming and past,
 * and their bookings. Cached per contact for offline use.
 */
import type { AgendaItem, BookingSummary, ContactHistory } from '../../../common/contract';
import { listBookings } from '../api/bookings-api';
import { readPages } from '../api/pages';
import { eventListSchema } from '../api/schemas';
import { toBookingSummary } from '../model/booking-summary';
import { toItem } from '../model/agenda';
import { signedInAccount, type CoreContext } from '../core-context';
import { countryOf } from '../phone/country';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { agendaItemSchema, bookingSummarySchema } from '../cache/model-schemas';
import { practiceDays } from '../../../common/practice-time';
import { pastOf, upcomingOf } from './upcoming';

/** How far back and ahead the history looks, in whole practice days. */
const BACK_DAYS = 730;
const AHEAD_DAYS = 365;
const PER_LOOKUP = 100;

type Lookup = { phone_number: string } | { email_address: string };

/** One copy of an event per matching participant (facts): a copy is the event and its people. */
const copyKey = (e: { id: number; participants?: ReadonlyArray<{ id?: number | null }> | null }) =>
  `${e.id}:${(e.participants ?? []).map((p) => p.id ?? '').join(',')}`;

/** Up to PER_LOOKUP appointments of the lookup, over as many pages as the service sends them in (api/pages.ts). */
async function eventsBy(deps: CoreContext, lookup: Lookup, now: number) {
  const days = practiceDays(now, deps.practiceZone.reckonIn(deps.account()), BACK_DAYS, AHEAD_DAYS);
  const read = await readPages(
    async (page) =>
      (
        await deps.service.request({
          method: 'GET',
          path: '/v1/events',
          query: { ...lookup, ...days, page, page_size: PER_LOOKUP },
          schema: eventListSchema,
        })
      ).events,
    { pageSize: PER_LOOKUP, maxPages: PER_LOOKUP, maxItems: PER_LOOKUP, key: copyKey },
  );
  return read.items.slice(0, PER_LOOKUP);
}

/** Up to 50 bookings of the lookup, over as many pages as the service sends them in. */
async function bookingsBy(deps: CoreContext, lookup: Lookup) {
  const read = await readPages((page) => listBookings(deps.service, lookup, page, 50), {
    pageSize: 50,
    maxPages: 50,
    maxItems: 50,
  });
  return read.items.slice(0, 50);
}

/** Reads the history fresh from the service. */
async function readHistory(deps: CoreContext, account: string, phones: string[], emails: string[], now: number) {
  const lookups: Lookup[] = [...phones.map((p) => ({ phone_number: p })), ...emails.map((e) => ({ email_address: e }))];
  const [eventLists, bookingLists, country] = await Promise.all([
    Promise.all(lookups.map((l) => eventsBy(deps, l, now))),
    Promise.all(lookups.map((l) => bookingsBy(deps, l))),
    countryOf(deps, account),
  ]);
  // One item per appointment: copies found by another phone or e-mail add their matching person.
  const byId = new Map<number, AgendaItem>();
  for (const event of eventLists.flat()) {
    if (event.is_deleted) continue;
    const item = toItem(event, new Map(), country);
    const seen = byId.get(item.id);
    if (!seen) byId.set(item.id, item);
    else for (const p of item.people) if (!seen.people.some((q) => samePerson(p, q))) seen.people.push(p);
  }
  const bookings = new Map<number, BookingSummary>();
  const zoneOfPage = (page: string) => deps.practiceZone.pageZone(account, page);
  for (const b of bookingLists.flat()) bookings.set(b.id, toBookingSummary(b, country, zoneOfPage));
  const items = [...byId.values()];
  // Upcoming and past by upcoming.ts's rule: the first upcoming is the one Find a patient names as next.
  return {
    upcoming: upcomingOf(items, now),
    past: pastOf(items, now),
    bookings: [...bookings.values()].sort(
      (a, b) => (Date.parse(b.createdAt ?? '') || 0) - (Date.parse(a.createdAt ?? '') || 0) || b.id - a.id,
    ),
  };
}

const samePerson = (a: AgendaItem['people'][number], b: AgendaItem['people'][number]) =>
  a.name === b.name && a.phone === b.phone && a.email === b.email;

/** A contact's history as cached. */
const historySlot = cacheSlot(
  'a contact’s history',
  z.object({
    upcoming: z.array(agendaItemSchema),
    past: z.array(agendaItemSchema),
    bookings: z.array(bookingSummarySchema),
  }) satisfies z.ZodType<Omit<ContactHistory, 'fetchedAt' | 'source'>>,
);

/** The contact's history; the saved copy when the service cannot be reached. */
export async function contactHistory(
  deps: CoreContext,
  args: { phones: string[]; emails: string[] },
): Promise<ContactHistory> {
  const account = signedInAccount(deps);
  const phones = [...new Set(args.phones)];
  const emails = [...new Set(args.emails.map((e) => e.toLowerCase()))];
  const key = `contacts:history:${[...phones].sort().join(',')}|${[...emails].sort().join(',')}`;
  const now = deps.clock.now();
  const begunAt = deps.store.readTurn();
  const read = await readThrough(deps, account, historySlot, key, () =>
    readHistory(deps, account, phones, emails, now),
  );
  // A saved copy is split again at this moment: what has ended since it was read is past now, as in the finder.
  const asRead = [...read.value.upcoming, ...read.value.past];
  if (read.source === 'service') {
    deps.store.putAppointments(asRead, [], begunAt);
    deps.store.putBookings(read.value.bookings);
  }
  // Each at the time and state core's store has for it, as the schedule and Find a patient show it.
  const all = deps.store.current(asRead);
  return {
    ...read.value,
    // Each booking at its appointment's time as the store has it (moved or cancelled on any screen).
    bookings: deps.store.bookings(read.value.bookings),
    upcoming: upcomingOf(all, now),
    past: pastOf(all, now),
    fetchedAt: read.fetchedAt,
    source: read.source,
  };
}
