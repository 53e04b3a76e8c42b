/**
 * The Bookings screen's list: recent bookings newest first, filtered by appointment dates and state, a page at a
 * time. The service lists bookings oldest first and cannot sort, so the app reads the matching bookings (a bounded
 * number of pages), sorts them, and keeps the answer for offline use.
 */
import type { BookingKind, BookingList, BookingSummary } from '../../../common/contract';
import { readPages } from '../api/pages';
import { listBookings, type BookingFilter } from '../api/bookings-api';
import { toBookingSummary } from '../model/booking-summary';
import { signedInAccount, type CoreContext } from '../core-context';
import { countryOf } from '../phone/country';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { bookingSummarySchema } from '../cache/model-schemas';
import { z } from 'zod';

const listSlot = cacheSlot('recent bookings', z.array(bookingSummarySchema));

/** Bookings shown per page of the screen. */
const BOOKINGS_PER_PAGE = 25;
const SERVICE_PAGE = 100;
const MAX_BOOKINGS = 2_000;

/** Every booking matching the filter (up to 2,000), newest first. */
async function readBookings(deps: CoreContext, account: string, filter: BookingFilter): Promise<BookingSummary[]> {
  const country = await countryOf(deps, account);
  const all: BookingSummary[] = [];
  const seen = new Set<number>();
  const times = new Map<number, { start: string; end: string }>();
  // Every page to the list's end (a server may send fewer than asked: api/pages.ts).
  const read = await readPages((page) => listBookings(deps.service, filter, page, SERVICE_PAGE), {
    pageSize: SERVICE_PAGE,
    maxPages: MAX_BOOKINGS,
    maxItems: MAX_BOOKINGS,
  });
  for (const b of read.items) {
    if (seen.has(b.id)) continue;
    seen.add(b.id);
    all.push(toBookingSummary(b, country, (page) => deps.practiceZone.pageZone(account, page)));
    const event = b.participant?.event;
    if (event?.id && event.start_time && event.end_time)
      times.set(event.id, { start: event.start_time, end: event.end_time });
  }
  // The store keeps each booking once, with its appointment's time as the service has it now.
  deps.store.putBookings(all, times);
  return all.sort(newestFirst);
}

const stamp = (b: BookingSummary) => Date.parse(b.createdAt ?? b.start ?? '') || 0;
const newestFirst = (a: BookingSummary, b: BookingSummary) => stamp(b) - stamp(a) || b.id - a.id;

/** One booking as the service has it now, or null when it does not know it. */
export async function bookingStatus(deps: CoreContext, id: number): Promise<BookingSummary | null> {
  const account = signedInAccount(deps);
  const [found] = await listBookings(deps.service, { id }, 1, 1);
  if (!found) return null;
  const booking = toBookingSummary(found, await countryOf(deps, account), (page) =>
    deps.practiceZone.pageZone(account, page),
  );
  const event = found.participant?.event;
  deps.store.putBookings(
    [booking],
    new Map(
      event?.id && event.start_time && event.end_time
        ? [[event.id, { start: event.start_time, end: event.end_time }]]
        : [],
    ),
  );
  return deps.store.bookings([booking])[0] ?? booking;
}

/** One page of the Bookings screen. */
export async function bookingList(
  deps: CoreContext,
  args: { page: number; begin?: string | undefined; end?: string | undefined; state?: BookingKind | undefined },
): Promise<BookingList> {
  const account = signedInAccount(deps);
  const filter: BookingFilter = {
    ...(args.begin ? { begin: args.begin } : {}),
    ...(args.end ? { end: args.end } : {}),
  };
  const key = `bookings:list:${args.begin ?? ''}:${args.end ?? ''}`;
  const {
    value: all,
    fetchedAt,
    source,
  } = await readThrough(deps, account, listSlot, key, () => readBookings(deps, account, filter));
  await deps.store.ready(); // a start without the service: the kept store first, so times are as last known
  const matching = args.state ? all.filter((b) => b.state === args.state) : all;
  const from = (args.page - 1) * BOOKINGS_PER_PAGE;
  return {
    // Each at its appointment's time as the store has it (moved, changed or cancelled here or elsewhere).
    items: deps.store.bookings(matching.slice(from, from + BOOKINGS_PER_PAGE)),
    page: args.page,
    more: matching.length > from + BOOKINGS_PER_PAGE,
    fetchedAt,
    source,
  };
}
