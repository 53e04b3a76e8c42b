/** Booking for a caller: pages (cached), free times, and book_now through the outbox. */
import type { BookingInput, BookingPageView, OutboxItem, SlotView } from '../../../preload/contract';
import { calendarNames } from '../api/calendar-api';
import { ServiceError } from '../api/service-error';
import { InputRefusedError } from '../input-refused';
import { SignedOutError } from '../auth/errors';
import type { CoreContext } from '../core-context';
import { queuedBooking } from '../outbox';
import { toItem } from '../outbox/outbox-items';
import { listBookingPages, listSlots } from './booking-pages-api';
import { savedAvailability } from './saved-availability';

const PAGES_KEY = 'bookings:pages';

function account(deps: CoreContext): string {
  const key = deps.account();
  if (!key) throw new SignedOutError();
  return key;
}

/** Calendar names (providers), or none when they cannot be read (calendars:read not granted): "Anyone" still books. */
async function providerNames(deps: CoreContext): Promise<Map<number, string>> {
  try {
    return await calendarNames(deps.service);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'retryable') throw error;
    return new Map();
  }
}

/** The page with its types' providers named (a calendar without a name is left out of the choice). */
function withProviderNames(page: BookingPageView, names: ReadonlyMap<number, string>): BookingPageView {
  return {
    ...page,
    types: page.types.map((t) => ({
      ...t,
      providers: t.calendarIds.flatMap((id) => {
        const name = names.get(id)?.trim();
        return name ? [{ id, name }] : [];
      }),
    })),
  };
}

/** The booking pages (types with named providers, fields, consents) from the service, saved for offline use. */
export async function freshBookingPages(deps: CoreContext): Promise<BookingPageView[]> {
  const key = account(deps);
  const [names, listed] = await Promise.all([providerNames(deps), listBookingPages(deps.service)]);
  const pages = listed.map((p) => withProviderNames(p, names));
  await deps.cache.put(key, PAGES_KEY, pages, deps.clock.now());
  return pages;
}

/** The account's booking pages; the cached list when the service cannot be reached. */
export async function bookingPages(deps: CoreContext): Promise<BookingPageView[]> {
  const key = account(deps);
  try {
    return await freshBookingPages(deps);
  } catch (error) {
    const cached =
      error instanceof ServiceError && error.kind === 'retryable'
        ? await deps.cache.get<BookingPageView[]>(key, PAGES_KEY)
        : null;
    if (cached) return cached.value;
    throw error;
  }
}

/**
 * Free times, live. When the service cannot be reached, the ones saved for offline use, each marked with when it was
 * read (they may have been taken since: the booking is confirmed only when it is sent).
 */
export async function availability(
  deps: CoreContext,
  args: { page: string; appointmentType?: string; begin: string; end: string },
): Promise<SlotView[]> {
  const key = account(deps);
  try {
    return await listSlots(deps.service, args);
  } catch (error) {
    if (!(error instanceof ServiceError && error.kind === 'retryable')) throw error;
    const pages = await deps.cache.get<BookingPageView[]>(key, PAGES_KEY);
    const saved = await savedAvailability(deps.cache, key, args, pages?.value ?? null, deps.clock.now());
    if (saved) return saved;
    throw error;
  }
}

/** The booking page's zone (its times are wall times there), from the pages last read; null when not known. */
async function pageZone(deps: CoreContext, key: string, page: string): Promise<string | null> {
  const cached = await deps.cache.get<BookingPageView[]>(key, PAGES_KEY);
  return cached?.value.find((p) => p.slug === page || p.id === page)?.timeZone ?? null;
}

/** Queues the booking (sent at once when online); resolves once it is safely on disk. */
export async function book(deps: CoreContext, input: BookingInput): Promise<OutboxItem> {
  const key = account(deps);
  const zone = await pageZone(deps, key, input.page);
  return toItem(await deps.outbox.get().enqueue('booking.book_now', input, { startsAt: input.startsAt, zone }));
}

/** Changes a queued or refused booking. */
export async function rebook(deps: CoreContext, id: string, input: BookingInput): Promise<OutboxItem> {
  const op = deps.outbox.own(id);
  if (op.kind !== 'booking.book_now') throw new InputRefusedError('That change is not a booking.');
  const zone = await pageZone(deps, account(deps), input.page);
  return toItem(await deps.outbox.get().edit(id, input, { startsAt: input.startsAt, zone }));
}

/** The form values of a queued booking (what was queued is the form's input). */
export function draft(deps: CoreContext, id: string): BookingInput {
  const op = deps.outbox.own(id);
  if (op.kind !== 'booking.book_now') throw new InputRefusedError('That change is not a booking.');
  return queuedBooking(op);
}
