/**
 * The practice's numbers for a range of days: the range's appointments (deleted ones too, to count cancellations)
 * and bookings are read fresh and put into core's one store of the practice, so the numbers count them as every
 * screen shows them (moved, marked or cancelled here or at another desk, changes waiting here laid over). When the
 * service cannot be reached, what was read last for the same days is counted, through the store again, and the
 * answer says when it was read (`source: 'cache'`).
 */
import { z } from 'zod';
import type {
  AgendaItem,
  BookingPageView,
  BookingSummary,
  CalendarInfo,
  NumbersArgs,
  PracticeNumbers,
} from '../../../common/contract';
import { WORKING_HOURS } from '../../../common/model/series';
import { hostZone } from '../../../common/practice-time';
import { getEvent, listEventsInRange } from '../api/calendar-api';
import { listBookings } from '../api/bookings-api';
import { readPages } from '../api/pages';
import { ServiceError } from '../api/service-error';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { agendaItemSchema, bookingSummarySchema } from '../cache/model-schemas';
import { signedInAccount, type CoreContext } from '../core-context';
import { toItem } from '../model/agenda';
import { toBookingSummary } from '../model/booking-summary';
import { countPages, countProviders, rangeInstants } from './count-numbers';

/** What was read for a range: the appointments the service has, and those it deleted. */
const readSlot = cacheSlot(
  'a range of appointments for the numbers',
  z.object({ standing: z.array(agendaItemSchema), deleted: z.array(agendaItemSchema) }),
);
const bookingsSlot = cacheSlot('the bookings of a range for the numbers', z.array(bookingSummarySchema));

const BOOKINGS_PAGE = 100;
const MAX_BOOKINGS = 5_000;

/** What the numbers need from the other domains (given by app-core: a domain imports no other). */
export interface NumbersSources {
  /** The practice's calendars (the saved list offline). */
  calendars(): Promise<CalendarInfo[]>;
  /** The practice's booking pages (the saved list offline). */
  pages(): Promise<BookingPageView[]>;
  /** Texts sent and replies in [begin, end) from the thread store, by the appointment each thread is about. */
  texts(begin: number, end: number): Promise<TextTally[]>;
}

/** Texts of threads about one appointment (null: about none). */
export interface TextTally {
  eventId: number | null;
  sent: number;
  replies: number;
}

/** Appointments whose calendar is read at once, when texts name appointments the store does not hold. */
const PARALLEL_READS = 6;

/** A scope this sign-in was not given: that part is left out, not an error. */
const notGranted = (error: unknown) => error instanceof ServiceError && error.kind === 'scope';

/** Counts the practice's numbers. */
export class NumbersService {
  constructor(
    private readonly context: CoreContext,
    private readonly sources: NumbersSources,
  ) {}

  /** The numbers of the practice days `from` to `to` (both included), on the practice's clock. */
  async numbers(args: NumbersArgs): Promise<PracticeNumbers> {
    const account = signedInAccount(this.context);
    // The calendar list first: it names the providers and tells the practice's zone, which the days are reckoned in.
    const calendars = await this.sources.calendars().catch(() => this.context.store.practice()?.calendars ?? []);
    const zone = this.context.practiceZone.get(account) ?? this.context.store.practice()?.zone ?? hostZone();
    const range = { from: args.from, to: args.to, zone };
    const { begin, end } = rangeInstants(range);
    const [appointments, bookings, pages, texts] = await Promise.all([
      this.appointments(account, begin, end),
      this.bookings(account, begin, end).catch((error: unknown) => {
        if (notGranted(error)) return null;
        throw error;
      }),
      this.sources.pages().catch(() => this.context.store.practice()?.pages ?? []),
      this.sources.texts(begin, end).catch((error: unknown) => {
        if (notGranted(error)) return null;
        throw error;
      }),
    ]);
    const byCalendar = texts ? await this.textsByCalendar(texts, appointments) : null;
    return {
      from: args.from,
      to: args.to,
      zone,
      hours: { days: [...WORKING_HOURS.days], openMin: WORKING_HOURS.openMin, closeMin: WORKING_HOURS.closeMin },
      providers: countProviders({ ...range, calendars, ...appointments, texts: byCalendar?.byCalendar ?? null }),
      texts: byCalendar && { sent: byCalendar.sent, replies: byCalendar.replies, notAboutAVisit: byCalendar.none },
      pages: bookings ? countPages(range, bookings, pages) : null,
      fetchedAt: appointments.fetchedAt,
      source: appointments.source,
    };
  }

  /**
   * The range's appointments as the store has them: those that stand (changes made here laid over) and those
   * cancelled (deleted at the service, known gone by the store, or being cancelled here).
   */
  private async appointments(account: string, begin: number, end: number) {
    const store = this.context.store;
    const begunAt = store.readTurn();
    const read = await readThrough(this.context, account, readSlot, `numbers:${begin}:${end}`, async () => {
      // `end` is inclusive at the service: the last millisecond of the range.
      const events = await listEventsInRange(
        this.context.service,
        new Date(begin).toISOString(),
        new Date(end - 1).toISOString(),
        { includeDeleted: true },
      );
      // Phones are not counted: told in international format, no country learnt here.
      const items = events.map((e) => toItem(e, new Map(), null));
      return {
        standing: items.filter((_, i) => !events[i]?.is_deleted),
        deleted: items.filter((_, i) => events[i]?.is_deleted),
      };
    });
    await store.ready();
    const { standing, deleted } = read.value;
    // Fresh: put into the store as any read does (a change sent meanwhile is not undone). Saved: laid under it.
    const shown =
      read.source === 'service'
        ? store.putAppointments(
            standing,
            deleted.map((d) => d.id),
            begunAt,
          )
        : store.current(standing);
    const live: AgendaItem[] = [];
    const cancelled: AgendaItem[] = [...deleted];
    const shownIds = new Set<number>();
    for (const item of shown) {
      const now = store.appointment(item.id) ?? item;
      shownIds.add(item.id);
      if (now.pending?.change === 'delete') cancelled.push(now);
      else live.push({ ...now, calendarId: now.calendarId ?? item.calendarId ?? null });
    }
    // Read as standing but known gone by the store (cancelled here or at another desk since).
    for (const item of standing) if (!shownIds.has(item.id) && !store.current([item]).length) cancelled.push(item);
    return { standing: live, cancelled, fetchedAt: read.fetchedAt, source: read.source };
  }

  /**
   * Texts by the calendar (provider) of the appointment their thread is about: known from the range's appointments
   * or the store, else read from the service (its calendar only: the store is not told, so a deleted one stays
   * gone). Texts about no appointment, or one whose calendar cannot be read now, are counted apart.
   */
  private async textsByCalendar(
    texts: readonly TextTally[],
    known: { standing: readonly AgendaItem[]; cancelled: readonly AgendaItem[] },
  ) {
    const calendarOf = new Map<number, number | null>();
    for (const item of [...known.standing, ...known.cancelled]) calendarOf.set(item.id, item.calendarId ?? null);
    const unknown = texts.flatMap((t) => (t.eventId !== null && !calendarOf.has(t.eventId) ? [t.eventId] : []));
    for (const id of unknown) {
      const held = this.context.store.appointment(id)?.calendarId;
      if (typeof held === 'number') calendarOf.set(id, held);
    }
    const toRead = unknown.filter((id) => !calendarOf.has(id));
    for (let i = 0; i < toRead.length; i += PARALLEL_READS)
      await Promise.all(
        toRead.slice(i, i + PARALLEL_READS).map(async (id) => {
          const event = await getEvent(this.context.service, id).catch(() => null);
          calendarOf.set(id, event?.calendar_id ?? null);
        }),
      );
    const byCalendar = new Map<number, { sent: number; replies: number }>();
    const none = { sent: 0, replies: 0 };
    for (const t of texts) {
      const calendarId = t.eventId === null ? null : (calendarOf.get(t.eventId) ?? null);
      const row = calendarId === null ? none : (byCalendar.get(calendarId) ?? { sent: 0, replies: 0 });
      if (calendarId !== null) byCalendar.set(calendarId, row);
      row.sent += t.sent;
      row.replies += t.replies;
    }
    const sum = (key: 'sent' | 'replies') => texts.reduce((n, t) => n + t[key], 0);
    return { byCalendar, none, sent: sum('sent'), replies: sum('replies') };
  }

  /** The bookings whose time falls in the range, as the store shows them (each at its appointment's time now). */
  private async bookings(account: string, begin: number, end: number): Promise<BookingSummary[]> {
    const filter = { begin: new Date(begin).toISOString(), end: new Date(end - 1).toISOString() };
    const read = await readThrough(
      this.context,
      account,
      bookingsSlot,
      `numbers:bookings:${begin}:${end}`,
      async () => {
        const found = await readPages((page) => listBookings(this.context.service, filter, page, BOOKINGS_PAGE), {
          pageSize: BOOKINGS_PAGE,
          maxPages: MAX_BOOKINGS / BOOKINGS_PAGE,
          maxItems: MAX_BOOKINGS,
        });
        const times = new Map<number, { start: string; end: string }>();
        const list = found.items.map((b) => {
          const event = b.participant?.event;
          if (event?.id && event.start_time && event.end_time)
            times.set(event.id, { start: event.start_time, end: event.end_time });
          return toBookingSummary(b, null, (page) => this.context.practiceZone.pageZone(account, page));
        });
        this.context.store.putBookings(list, times);
        return list;
      },
    );
    return this.context.store.bookings(read.value);
  }
}
