/**
 * The calendar side of core: reads with the cache (fresh when possible, the last good answer when offline), the
 * calendars, and schedule changes through the outbox. Built once from core's context.
 */
import type {
  Agenda,
  AgendaChanges,
  AgendaItem,
  AppointmentChanges,
  AppointmentInput,
  CalendarList,
  MarkState,
  OutboxItem,
} from '../../../common/contract';
import { isDeskMark, UNDO_WINDOW_MS } from '../../../common/contract';
import { getEvent, listEventsInRange } from '../api/calendar-api';
import { ServiceError } from '../api/service-error';
import { signedInAccount, type CoreContext } from '../core-context';
import { agendaCacheKey, phonesOf, readAgenda, toItem as toAgendaItem } from '../model/agenda';
import { countryOf, learnCountryFromPhones } from '../phone/country';
import { createPayload, eventFields, refOf } from './appointment-payloads';
import { calendarList, knownPracticeZone, savedCalendarList, SharedCalendarRead } from './calendar-list';
import { applyPending, applyPendingAll, withPendingChanges, type PendingLookup } from './pending-items';
import { savedScheduleDays } from './saved-days';
import { withSeriesPending } from './series-pending';
import { SeriesService } from './series-service';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { agendaSchema } from '../cache/model-schemas';

/** A range of appointments as cached (read back by the schedule when the service cannot be reached). */
export const agendaSlot = cacheSlot('a range of appointments', agendaSchema);

/** The calendar service. */
export class CalendarService {
  /** The calendar list's one read, shared by the list and the range's names. */
  private readonly calendarRead: SharedCalendarRead;
  /** Recurring visits: the clash preview, and a series queued as one unit. */
  readonly series: SeriesService;

  constructor(private readonly context: CoreContext) {
    this.calendarRead = new SharedCalendarRead(context);
    this.series = new SeriesService(context, (begin, end) => this.range(begin, end));
  }

  /**
   * Queues a mark of every participant of an appointment. An undoable one waits out the Undo window before it is
   * sent, so Undo withdraws it: the service has no value that clears a check-in once it is set.
   */
  async mark(eventId: number, state: MarkState, startsAt: string, who?: string, undoable = false): Promise<OutboxItem> {
    signedInAccount(this.context);
    const label = who?.trim() ? { who: who.trim() } : {};
    const zone = await knownPracticeZone(this.context);
    const hold = undoable ? { holdMs: UNDO_WINDOW_MS } : {};
    // A desk mark keeps when it was made (its value in the appointment's custom data).
    const at = isDeskMark(state) ? { at: new Date(this.context.clock.now()).toISOString() } : {};
    const payload = { id: eventId, state, ...label, ...at };
    return this.context.outbox.enqueue('event.mark', payload, { startsAt, zone, ...hold });
  }

  /** The cached answer for a range (or the days saved for offline work, when newer), or null. */
  async cached(begin: string, end: string): Promise<Agenda | null> {
    const { cache } = this.context;
    const account = signedInAccount(this.context);
    const hit = await cache.get(account, agendaSlot, agendaCacheKey(begin, end));
    const asked: Agenda | null = hit ? { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' } : null;
    const saved = await savedScheduleDays(cache, account, begin, end);
    const newest = saved && (!asked || saved.fetchedAt > asked.fetchedAt) ? saved : asked;
    if (!newest) return null;
    // As the store knows them now (a change sent, or a delta read, after the answer was kept wins over its copy), and
    // named by the external ids this desk gave (the answer kept may have come without them), as a fresh read is.
    const items = this.context.store.sinceSaved(newest.items, newest.fetchedAt, Date.parse(begin), Date.parse(end));
    return this.withQueued({ ...newest, items }, begin, end);
  }

  /** Fresh from the service (and cached); when the service cannot be reached, the cached answer. */
  async range(begin: string, end: string): Promise<Agenda> {
    const { service, clock } = this.context;
    const account = signedInAccount(this.context);
    const begunAt = this.context.store.readTurn();
    const read = await readThrough(
      this.context,
      account,
      agendaSlot,
      agendaCacheKey(begin, end),
      () =>
        readAgenda(
          service,
          begin,
          end,
          // One time for the read: the store's record of what it brought is true as of its start, so its answer is too
          // (offline, "as of" is told from either, and they must agree).
          begunAt.at,
          () => this.calendarRead.names(account),
          (phones) => this.country(account, phones),
        ),
      {
        startedAt: begunAt.at,
        // Offline: the saved answer, else the changes made here alone (a day with only new appointments).
        saved: async () => {
          const cached = await this.cached(begin, end);
          if (cached) return { value: cached, fetchedAt: cached.fetchedAt, source: 'cache' };
          const waiting = this.withQueued({ items: [], fetchedAt: clock.now(), source: 'unavailable' }, begin, end);
          return waiting.items.length > 0 ? { value: waiting, fetchedAt: waiting.fetchedAt, source: 'cache' } : null;
        },
      },
    );
    if (read.source !== 'service') return read.value;
    // As the store has them: a change sent while this read was on its way is not undone on screen.
    const items = this.context.store.putAppointments(read.value.items, [], begunAt);
    return this.withQueued({ ...read.value, items }, begin, end);
  }

  /**
   * What changed in the range since `since`: changed and new appointments (with changes made here laid over them)
   * and the ids deleted. A service that refuses `updated_since` gets a full read of the range instead (`full`).
   */
  async changes(args: { begin: string; end: string; since: string }): Promise<AgendaChanges> {
    signedInAccount(this.context);
    const begunAt = this.context.store.readTurn();
    const now = begunAt.at;
    let events;
    try {
      events = await listEventsInRange(this.context.service, args.begin, args.end, {
        updatedSince: args.since,
        includeDeleted: true,
      });
    } catch (error) {
      if (!(error instanceof ServiceError) || error.kind !== 'permanent') throw error;
      const agenda = await this.range(args.begin, args.end);
      return { items: agenda.items, removedIds: [], full: true, fetchedAt: now };
    }
    const removedIds = events.filter((e) => e.is_deleted).map((e) => e.id);
    const country = await this.country(signedInAccount(this.context), phonesOf(events));
    const read = events.filter((e) => !e.is_deleted).map((e) => toAgendaItem(e, new Map(), country));
    const live = this.context.store.putAppointments(read, removedIds, begunAt);
    const gone = read.filter((e) => !live.some((l) => l.id === e.id)).map((e) => e.id);
    return {
      items: applyPendingAll(live, this.pending()),
      removedIds: [...removedIds, ...gone],
      full: false,
      fetchedAt: now,
    };
  }

  /** One appointment, fresh, with recent messages when the service includes them. */
  async appointment(id: number): Promise<AgendaItem> {
    signedInAccount(this.context);
    const begunAt = this.context.store.readTurn();
    const event = await getEvent(this.context.service, id);
    const item = toAgendaItem(event, new Map(), await this.country(signedInAccount(this.context), phonesOf([event])));
    const [shown] = this.context.store.putAppointments([item], [], begunAt);
    const read = shown ?? item;
    return applyPending(read, this.context.outbox.pendingTouching(read));
  }

  /**
   * Calendar names by id from the one list read this service shares (a read in flight, or one just answered), for the
   * booking pages' providers and the read-ahead's saved days: the calendar list is not asked again beside itself.
   */
  async names(): Promise<Map<number, string>> {
    // Async, so signed out is a rejection its caller handles (thrown at once, it left the range read beside it in
    // readAgenda's Promise.all unhandled).
    return this.calendarRead.names(signedInAccount(this.context));
  }

  /** The account's calendars and the practice's zone (the saved list when the service cannot be reached). */
  async calendars(): Promise<CalendarList> {
    const account = signedInAccount(this.context);
    const list = await calendarList(this.context, this.calendarRead);
    // Core owns the zone: the one the list names is told to every screen with the session (practice-zone.ts).
    this.context.practiceZone.set(account, list.practiceZone);
    return list;
  }

  /** The calendar list as saved by its last read, with no service read; null when none is saved. */
  savedCalendars(): Promise<CalendarList | null> {
    return savedCalendarList(this.context, signedInAccount(this.context));
  }

  /** Queues a new appointment (its outbox id becomes its external id, so a retried create is found, not doubled). */
  async create(input: AppointmentInput): Promise<OutboxItem> {
    signedInAccount(this.context);
    const zone = await knownPracticeZone(this.context);
    return this.context.outbox.enqueue('event.create', createPayload(input), { zone });
  }

  /** Queues a change (patch: only the fields given). */
  async update(args: {
    id?: number;
    externalId?: string;
    changes: AppointmentChanges;
    startsAt: string;
  }): Promise<OutboxItem> {
    signedInAccount(this.context);
    const startsAt = Date.parse(args.changes.start ?? args.startsAt);
    const zone = await knownPracticeZone(this.context);
    const payload = { ...refOf(args), ...eventFields(args.changes) };
    return this.context.outbox.enqueue('event.update', payload, { startsAt, zone });
  }

  /**
   * Queues a move to another calendar as one unit (outbox kind `event.move`): the service cannot move an appointment
   * between calendars, so it is made on the new one (same people, title, notes, location and custom data) and the old
   * one is cancelled as Cancel does, once the new one is confirmed. The new one names the old one (RESTORES_KEY), so
   * the booking that made the old one follows it.
   */
  async move(args: { id?: number; externalId?: string; to: AppointmentInput }): Promise<OutboxItem> {
    signedInAccount(this.context);
    const zone = await knownPracticeZone(this.context);
    const toName = this.context.store.practice()?.calendars.find((c) => c.id === args.to.calendarId)?.name;
    const payload = {
      ...createPayload(args.to),
      from: refOf(args),
      ...(toName ? { to_name: toName.slice(0, 200) } : {}),
    };
    return this.context.outbox.enqueue('event.move', payload, { zone });
  }

  /** Queues a cancellation (the service soft-deletes the appointment). */
  async cancel(args: { id?: number; externalId?: string; startsAt: string }): Promise<OutboxItem> {
    signedInAccount(this.context);
    const zone = await knownPracticeZone(this.context);
    const startsAt = Date.parse(args.startsAt);
    return this.context.outbox.enqueue('event.delete', refOf(args), { startsAt, zone });
  }

  /**
   * Takes back a schedule change that has not been sent: true when it was dropped (nothing reaches the service),
   * false when it is being sent or already done (the caller then writes a compensating change). The check and the
   * drop happen in one step, so a change cannot slip out in between.
   */
  async withdraw(id: string): Promise<{ withdrawn: boolean }> {
    signedInAccount(this.context);
    const outbox = this.context.outbox.get();
    const op = outbox.list().find((o) => o.id === id);
    if (!op || !op.kind.startsWith('event.') || (op.status !== 'queued' && op.status !== 'needs_attention'))
      return { withdrawn: false };
    try {
      await outbox.discard(id); // holds the op synchronously: the sender cannot take it after the check above
      return { withdrawn: true };
    } catch {
      return { withdrawn: false }; // it started sending meanwhile
    }
  }

  /** The changes made here laid over a range: single changes, then the queued series (series-pending.ts). */
  private withQueued(agenda: Agenda, begin: string, end: string): Agenda {
    const withChanges = this.withPending(agenda, begin, end);
    const queued = this.context.outbox.pendingOfKind('event.series');
    return withSeriesPending(queued, withChanges, begin, end);
  }

  /** The account's country (for one phone format on every screen), learnt from these phones too when not known. */
  private async country(account: string, phones: { number: string; normalized: string }[]) {
    return learnCountryFromPhones(this.context, account, phones, await countryOf(this.context, account));
  }

  /** Adds the changes made here that the service has not confirmed yet. */
  private withPending(agenda: Agenda, begin: string, end: string): Agenda {
    return withPendingChanges(this.pending(), agenda, begin, end);
  }

  /** The changes made here, looked up by what they touch (a read walks only those of what it shows). */
  private pending(): PendingLookup {
    const outbox = this.context.outbox;
    return { touching: (item) => outbox.pendingTouching(item), creates: () => outbox.pendingCreates() };
  }
}
