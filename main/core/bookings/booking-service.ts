/**
 * Booking for a caller: pages (cached), free times, book_now through the outbox, the Bookings screen's list and the
 * nearest free times of a refused booking. Built once from core's context.
 */
import type {
  BookingInput,
  BookingKind,
  BookingList,
  BookingPageView,
  BookingSummary,
  KnownAnswers,
  OutboxItem,
  SlotView,
} from '../../../common/contract';
import { calendarNames } from '../api/calendar-api';
import { InputRefusedError } from '../input-refused';
import { signedInAccount, type CoreContext } from '../core-context';
import { queuedBooking, type StoredBooking } from '../outbox';
import { bookingList, bookingStatus } from './booking-list';
import { knownAnswers } from './known-answers';
import { listBookingPages, listSlots } from '../api/booking-pages-api';
import { nearestTimes } from './nearest-times';
import { savedAvailability } from './saved-availability';
import { providerSlots, servesAlone } from './provider-times';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';
import { freshOrSaved, readThrough, unreachable } from '../cache/read-through';
import { bookingPageSchema } from '../cache/model-schemas';

/**
 * The booking form's input as the outbox stores it, and back. The two shapes are the same today; they are named
 * apart so the IPC channel can change without changing what is on disk: a new stored shape is a new version with
 * its migration (outbox/kinds/booking.ts).
 */
const stored = (input: BookingInput): StoredBooking => ({ ...input });
/** The form's values of a queued booking (the external id the outbox gave it is its own). */
const formOf = ({ external_id: _id, ...booking }: StoredBooking): BookingInput => ({ ...booking });

const PAGES_KEY = 'bookings:pages';
const pagesSlot = cacheSlot('the booking pages', z.array(bookingPageSchema));

/** Calendar names (providers), or none when they cannot be read (calendars:read not granted): "Anyone" still books. */
async function providerNames(names: () => Promise<Map<number, string>>): Promise<Map<number, string>> {
  try {
    return await names();
  } catch (error) {
    if (unreachable(error)) throw error;
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

/** The booking service. */
export class BookingService {
  /**
   * `names` reads the calendar names (the providers): by default a list read of its own; core passes the calendar
   * service's shared read, so the pages and the schedule do not each ask for the list at once.
   */
  constructor(
    private readonly context: CoreContext,
    private readonly names: () => Promise<Map<number, string>> = () => calendarNames(context.service),
  ) {}

  /** The booking pages (types with named providers, fields, consents) from the service, saved for offline use. */
  async freshPages(): Promise<BookingPageView[]> {
    const { cache, clock } = this.context;
    const key = signedInAccount(this.context);
    const pages = await this.readPages();
    await cache.put(key, pagesSlot, PAGES_KEY, pages, clock.now());
    return pages;
  }

  /** The account's booking pages; the cached list when the service cannot be reached. */
  async pages(): Promise<BookingPageView[]> {
    const key = signedInAccount(this.context);
    const pages = (await readThrough(this.context, key, pagesSlot, PAGES_KEY, () => this.readPages())).value;
    this.context.practiceZone.learnPages(key, pages); // the saved list too: a booking is told in its page's zone
    return pages;
  }

  private async readPages(): Promise<BookingPageView[]> {
    const { service } = this.context;
    const [names, listed] = await Promise.all([providerNames(this.names), listBookingPages(service)]);
    const pages = listed.map((p) => withProviderNames(p, names));
    this.context.practiceZone.learnPages(signedInAccount(this.context), pages);
    this.context.store.putPractice({ pages });
    return pages;
  }

  /**
   * Free times, live. When the service cannot be reached, the ones saved for offline use, each marked with when it
   * was read (they may have been taken since: the booking is confirmed only when it is sent).
   */
  async availability(args: {
    page: string;
    appointmentType?: string;
    provider?: number;
    begin: string;
    end: string;
  }): Promise<SlotView[]> {
    const { service, cache, clock } = this.context;
    const key = signedInAccount(this.context);
    const { provider, ...range } = args;
    return freshOrSaved(
      async () => {
        const slots = await listSlots(service, range);
        if (provider === undefined) return slots;
        const pages = (await cache.get(key, pagesSlot, PAGES_KEY))?.value ?? (await this.pages());
        const page = pages.find((p) => p.slug === args.page || p.id === args.page);
        return providerSlots(service, slots, provider, servesAlone(page, args.appointmentType, provider));
      },
      async () => {
        const pages = await cache.get(key, pagesSlot, PAGES_KEY);
        return savedAvailability(cache, key, range, pages?.value ?? null, clock.now());
      },
    );
  }

  /** Queues the booking (sent at once when online); resolves once it is safely on disk. */
  async book(input: BookingInput): Promise<OutboxItem> {
    const zone = await this.pageZone(signedInAccount(this.context), input.page);
    return this.context.outbox.enqueue('booking.book_now', stored(input), { startsAt: input.startsAt, zone });
  }

  /** Changes a queued or refused booking. */
  async rebook(id: string, input: BookingInput): Promise<OutboxItem> {
    const op = this.context.outbox.own(id);
    if (op.kind !== 'booking.book_now') throw new InputRefusedError('That change is not a booking.');
    const zone = await this.pageZone(signedInAccount(this.context), input.page);
    return this.context.outbox.edit(id, stored(input), { startsAt: input.startsAt, zone });
  }

  /** The form values of a queued booking. */
  draft(id: string): BookingInput {
    const op = this.context.outbox.own(id);
    if (op.kind !== 'booking.book_now') throw new InputRefusedError('That change is not a booking.');
    return formOf(queuedBooking(op));
  }

  /** One page of the Bookings screen. */
  list(args: {
    page: number;
    begin?: string | undefined;
    end?: string | undefined;
    state?: BookingKind | undefined;
  }): Promise<BookingList> {
    return bookingList(this.context, args);
  }

  /** What a person answered on their earlier bookings; the saved copy when the service cannot be reached. */
  answers(args: { phones: string[]; emails: string[] }): Promise<KnownAnswers> {
    return knownAnswers(this.context, args);
  }

  /** One booking as the service has it now, or null when it does not know it. */
  status(id: number): Promise<BookingSummary | null> {
    return bookingStatus(this.context, id);
  }

  /** The free times nearest to a refused booking's time with its provider. */
  nearest(id: string): Promise<SlotView[]> {
    return nearestTimes(this.context, id);
  }

  /** The booking page's zone (its times are wall times there), from the pages last read; null when not known. */
  private async pageZone(key: string, page: string): Promise<string | null> {
    const cached = await this.context.cache.get(key, pagesSlot, PAGES_KEY);
    return cached?.value.find((p) => p.slug === page || p.id === page)?.timeZone ?? null;
  }
}
