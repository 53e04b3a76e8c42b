/**
 * The practice as core knows it, one copy for the signed-in account: every appointment, booking and contact once by
 * id, and the practice itself (zone, calendars, booking pages). Reads put what they read; the poller's deltas put
 * and remove; the outbox's changes are laid over the records while they wait (shown at once, marked pending), go
 * with the change when it is refused and discarded, and are written into the record when the service has them.
 *
 * A booking's time and state are its appointment's: a booking names its appointment (the event id), and whatever
 * moves, edits, cancels or puts back that appointment — here or at another desk — moves the booking on every screen.
 * Every change reaches the renderer as one `store:changed` event with the changed records, as screens show them.
 *
 * The records are kept in the encrypted read cache (one slot per account) for a start without the service, and go
 * with the account's cache at sign-out; another account's sign-in starts from nothing.
 */
import { z } from 'zod';
import type {
  AgendaItem,
  BookingPageView,
  BookingSummary,
  CalendarInfo,
  ContactView,
  LinkedAppointment,
  StoreChange,
} from '../../../common/contract';
import { RESTORES_KEY, restoredIds, withMarkSent } from '../../../common/contract';
import type { ReadCache } from '../cache/read-cache';
import { cacheSlot } from '../cache/read-cache';
import {
  agendaItemSchema,
  bookingPageSchema,
  bookingSummarySchema,
  calendarListSchema,
  contactViewSchema,
} from '../cache/model-schemas';
import type { EventBus } from '../events';
import type { OpChange, OpView } from '../outbox';
import type { Logger } from '../platform';
import type { SessionEvents } from '../session-events';

/** The practice: its zone, calendars and booking pages, as last read. */
export interface Practice {
  zone: string | null;
  calendars: CalendarInfo[];
  pages: BookingPageView[];
}

/** An appointment's time as a booking's own record carries it (the booking list reads it with the booking). */
interface EventTimes {
  start: string;
  end: string;
}

/** One account's records. */
interface Records {
  account: string;
  appointments: Map<number, AgendaItem>;
  /** Appointments the service no longer has (cancelled here or elsewhere). */
  cancelled: Set<number>;
  /** Appointment times known only from their bookings (until the appointment itself is read). */
  eventTimes: Map<number, EventTimes>;
  bookings: Map<number, BookingSummary>;
  contacts: Map<string, ContactView>;
  practice: Practice;
  /** A cancelled appointment → the one Undo made again in its place (`RESTORES_KEY`): its bookings follow it. */
  restoredBy: Map<number, number>;
  /**
   * The store's turn (`PracticeStore.readTurn`) when it last learnt, other than by a read, what the service now has of
   * an appointment: a change made here was sent, or a delta removed it. A read begun before that turn is older than
   * the store's record of it and does not undo it.
   */
  learnt: Map<number, number>;
  /**
   * When (epoch ms, core's clock) the store's record of an appointment was last true of the service: the start of the
   * read that brought it, or the moment a change made here was sent or its removal learnt. A saved answer kept before
   * that (a range read before the change, the days saved for offline work) is older than the record: offline, the
   * record stands in for its copy there (`sinceSaved`).
   */
  asOf: Map<number, number>;
  /**
   * The external ids this desk gave the appointments it made (by id, once the service answered the create). A service
   * may leave external_id out of what it answers (the facts do not show it), and a change queued before the create was
   * answered names its appointment by that id: a read without it is given it here, so the change is still laid over.
   */
  externalIds: Map<number, string>;
}

export const STORE_KEY = 'store:practice';
/** The kept store's format, written in each copy: 1 (a copy kept before copies carried it is version 1). */
export const STORE_FORMAT = 1;
/**
 * What is kept of the store for a start without the service (read back with this schema: another shape, or another
 * version, is a miss and the store starts from what the service says).
 */
export const storeSlot = cacheSlot(
  'the practice store',
  z.object({
    version: z.literal(STORE_FORMAT).optional(),
    appointments: z.array(agendaItemSchema),
    cancelled: z.array(z.number()),
    eventTimes: z.array(z.tuple([z.number(), z.object({ start: z.string(), end: z.string() })])),
    bookings: z.array(bookingSummarySchema),
    contacts: z.array(contactViewSchema),
    /** Cancelled → made again by Undo (absent in copies kept before it was kept: then learnt from custom data). */
    restoredBy: z.array(z.tuple([z.number(), z.number()])).optional(),
    /** Appointment id → the external id this desk gave it (absent in copies kept before it was kept). */
    externalIds: z.array(z.tuple([z.number(), z.string()])).optional(),
    /** Appointment id → when its record was last true of the service (absent in copies kept before it was kept). */
    asOf: z.array(z.tuple([z.number(), z.number()])).optional(),
    practice: z.object({
      zone: z.string().nullable(),
      calendars: calendarListSchema.shape.calendars,
      pages: z.array(bookingPageSchema),
    }),
  }),
);

/** What the store needs of core. */
export interface PracticeStoreDeps {
  cache: ReadCache;
  events: EventBus;
  session: SessionEvents;
  log: Logger;
  clock: { now(): number };
  account(): string | null;
  /**
   * The one way a queued change is laid over an appointment (calendar/pending-items.ts): `ops` when given, else the
   * signed-in account's unfinished changes that name it, looked up by what they touch (never every queued change).
   */
  overlay(item: AgendaItem, ops?: readonly OpView[]): AgendaItem;
}

const empty = (account: string): Records => ({
  account,
  appointments: new Map(),
  cancelled: new Set(),
  eventTimes: new Map(),
  bookings: new Map(),
  contacts: new Map(),
  practice: { zone: null, calendars: [], pages: [] },
  restoredBy: new Map(),
  learnt: new Map(),
  asOf: new Map(),
  externalIds: new Map(),
});

/** Where a read began: the store's turn then (what it learnt since wins) and core's clock then. */
export interface ReadStart {
  turn: number;
  at: number;
}

/** The appointment `item` was made again in place of (Undo after a sent cancellation), or null. */
function restores(item: AgendaItem): number[] {
  return restoredIds(item.customData?.find((d) => d.key === RESTORES_KEY)?.value, item.id);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The account's one store of the practice. */
export class PracticeStore {
  private records: Records | null = null;
  /** The kept copy being read back at sign-in (reads that land meanwhile win over it). */
  private loading: Promise<void> | null = null;
  private saveQueued = false;
  /** The appointment each unfinished change names (so a withdrawn change tells it again). */
  private readonly opTargets = new Map<string, number>();
  /** Counts what the store learnt other than by reads (`Records.learnt`). */
  private turn = 0;

  constructor(private readonly deps: PracticeStoreDeps) {
    deps.session.on((event) => {
      if (event.type === 'account_changed') this.accountChanged(event.account);
      if (event.type === 'signed_out') this.records = null;
    });
  }

  /** Resolves once the kept copy of the signed-in account has been read back (at once when there is none). */
  async ready(): Promise<void> {
    await this.loading;
  }

  /**
   * Resolves once every save asked for has been handed to the read cache (a save waits for the kept copy to be read
   * back, then for the end of its turn): core stops with this, then the cache's flush, so no copy lands after.
   */
  async saved(): Promise<void> {
    while (this.loading || this.saveQueued) {
      await this.loading;
      await new Promise<void>((done) => setImmediate(done));
    }
  }

  // ── feeds ─────────────────────────────────────────────────────────────────────────────────

  /** Marks the start of a read: what it brings is put with this (`putAppointments`' `begunAt`). */
  readTurn(): ReadStart {
    return { turn: this.turn, at: this.deps.clock.now() };
  }

  /**
   * Appointments read from the service (as it has them: no changes made here laid over), and ids it removed; the
   * read began at `begunAt` (`readTurn()`). An appointment the store learnt more of since (a change made here was
   * sent, or it was removed) keeps the store's record: a read that was on its way meanwhile does not bring back a
   * cancelled appointment nor an old time. Returns the appointments as the store has them now, those it knows are
   * gone left out: what the read's screen is to show.
   */
  putAppointments(
    items: readonly AgendaItem[],
    removedIds: readonly number[] = [],
    begunAt: ReadStart = this.readTurn(),
  ): AgendaItem[] {
    const r = this.mine();
    if (!r) return [...items];
    const changed: number[] = [];
    const shown: AgendaItem[] = [];
    for (const given of items) {
      if (given.id <= 0) {
        shown.push(given);
        continue; // a change made here, not yet a record
      }
      const raw = this.named(r, given);
      if ((r.learnt.get(raw.id) ?? -1) > begunAt.turn) {
        if (r.cancelled.has(raw.id)) continue;
        const times = r.eventTimes.get(raw.id);
        shown.push(r.appointments.get(raw.id) ?? (times ? { ...raw, ...times } : raw));
        continue;
      }
      shown.push(raw);
      const item = { ...raw, pending: null, pendingMark: null };
      delete item.booking;
      const before = r.appointments.get(item.id);
      const wasCancelled = r.cancelled.delete(item.id);
      if (before && !wasCancelled && sameJson(before, item)) {
        r.asOf.set(item.id, Math.max(r.asOf.get(item.id) ?? -Infinity, begunAt.at));
        continue;
      }
      r.asOf.set(item.id, begunAt.at);
      r.appointments.set(item.id, item);
      r.eventTimes.delete(item.id);
      changed.push(item.id);
      for (const old of restores(item)) r.restoredBy.set(old, item.id);
    }
    const removed = removedIds.filter((id) => !r.cancelled.has(id));
    for (const id of removed) {
      this.cancel(r, id);
      this.learnt(r, id);
    }
    this.told(r, changed, removed);
    return shown;
  }

  /** Bookings read from the service, with their appointments' times as the booking record carries them. */
  putBookings(list: readonly BookingSummary[], times: ReadonlyMap<number, EventTimes> = new Map()): void {
    const r = this.mine();
    if (!r) return;
    const changedBookings: BookingSummary[] = [];
    for (const b of list) {
      const plain = { ...b };
      delete plain.appointment;
      const before = r.bookings.get(b.id);
      r.bookings.set(b.id, plain);
      const at = b.eventId ? times.get(b.eventId) : undefined;
      if (b.eventId && at && !r.appointments.has(b.eventId) && !r.cancelled.has(b.eventId))
        r.eventTimes.set(b.eventId, at);
      if (!before || !sameJson(before, plain)) changedBookings.push(plain);
    }
    if (changedBookings.length === 0) return;
    this.save();
    this.deps.events.emit('store:changed', {
      appointments: [],
      removedAppointments: [],
      bookings: changedBookings.map((b) => this.bookingOf(r, b)),
    });
  }

  /** Contacts read from the service (as it has them). */
  putContacts(list: readonly ContactView[]): void {
    const r = this.mine();
    if (!r) return;
    let changed = false;
    for (const c of list) {
      if (c.id === null) continue;
      if (sameJson(r.contacts.get(c.key), c)) continue;
      r.contacts.set(c.key, c);
      changed = true;
    }
    if (changed) this.save();
  }

  /** The practice as read (zone and calendars from the calendar list, pages from the booking pages). */
  putPractice(patch: Partial<Practice>): void {
    const r = this.mine();
    if (!r) return;
    const next = { ...r.practice, ...patch };
    if (sameJson(next, r.practice)) return;
    r.practice = next;
    this.save();
  }

  /**
   * A change of the outbox (queued, sending, refused, sent, discarded): the appointment it names, and the bookings
   * of that appointment, are told again as they now stand. A sent change is written into its record, so the record
   * says what the service now has until it is read again.
   */
  outboxChanged(change: OpChange): void {
    const r = this.mine();
    if (!r) return;
    if ('removed' in change) {
      // Discarded or withdrawn: the appointment is as the service has it again.
      const target = this.opTargets.get(change.removed);
      this.opTargets.delete(change.removed);
      if (target !== undefined) this.told(r, [target], []);
      return;
    }
    const { op } = change;
    this.learnExternalId(r, op);
    if (op.kind === 'event.create') return this.restoredHere(r, op);
    if (op.kind === 'event.move') return this.moved(r, op);
    if (!op.kind.startsWith('event.')) return;
    const target = this.targetOf(r, op);
    if (target === null) return;
    this.opTargets.set(op.id, target);
    if (op.status !== 'done') return this.told(r, [target], []);
    this.opTargets.delete(op.id);
    this.learnt(r, target);
    if (op.kind === 'event.delete') {
      this.cancel(r, target);
      return this.told(r, [], [target]);
    }
    if (op.kind === 'event.update') {
      const sent = (item: AgendaItem) => ({ ...this.deps.overlay(item, [{ ...op, status: 'queued' }]), pending: null });
      const record = r.appointments.get(target);
      if (record) r.appointments.set(target, { ...sent(record), pendingMark: record.pendingMark });
      else {
        const seed = this.seed(r, target);
        if (seed) r.eventTimes.set(target, { start: sent(seed).start, end: sent(seed).end });
      }
    }
    if (op.kind === 'event.mark') {
      const record = r.appointments.get(target);
      const { state, at } = op.payload;
      if (record && typeof state === 'string')
        r.appointments.set(target, withMarkSent(record, state, typeof at === 'string' ? at : undefined));
    }
    this.told(r, [target], []);
  }

  /**
   * The external id an appointment made here was given, once the service answered with its id (a move's new
   * appointment: once its first half is recorded). Its record, if read meanwhile without it, takes it too.
   */
  private learnExternalId(r: Records, op: OpView): void {
    if (op.kind !== 'event.create' && op.kind !== 'event.move') return;
    const id = op.result?.id;
    const externalId = op.payload.external_id;
    if (typeof id !== 'number' || typeof externalId !== 'string' || externalId === '') return;
    if (r.externalIds.get(id) === externalId) return;
    r.externalIds.set(id, externalId);
    const record = r.appointments.get(id);
    if (record && !record.externalId) r.appointments.set(id, { ...record, externalId });
    this.save();
  }

  /**
   * `item` with what the service left out of it and the store knows: its external id (the one this desk gave it, else
   * the one an earlier read had: an external id does not change), and its calendar's name and zone (from the
   * calendar list, as the service contract says for an event without them).
   */
  private named<
    T extends Partial<Pick<AgendaItem, 'externalId' | 'calendarId' | 'calendarName' | 'zone'>> & { id: number },
  >(r: Records, item: T): T {
    const externalId = item.externalId || r.externalIds.get(item.id) || r.appointments.get(item.id)?.externalId;
    const calendar =
      item.calendarId == null || (item.calendarName && item.zone)
        ? undefined
        : r.practice.calendars.find((c) => c.id === item.calendarId);
    const calendarName = item.calendarName || calendar?.name;
    const zone = item.zone || calendar?.timeZone;
    if (externalId === (item.externalId ?? undefined) && calendarName === item.calendarName && zone === item.zone)
      return item;
    return {
      ...item,
      ...(externalId ? { externalId } : {}),
      ...(calendarName ? { calendarName } : {}),
      ...(zone ? { zone } : {}),
    };
  }

  /**
   * A saved answer for appointments starting in [begin, end] (epoch ms), kept at `fetchedAt`, as the store knows them
   * now: an appointment whose record is as new or newer (a change sent here, a delta, a later read of another range)
   * is the record — at its time now, left out when it went or moved out of the range, added when it moved in — and
   * the rest as saved, each with the external id this desk gave it where the saved copy left it out. Offline, a
   * screen then never shows a time older than one it already showed.
   */
  sinceSaved(items: readonly AgendaItem[], fetchedAt: number, begin: number, end: number): AgendaItem[] {
    const r = this.mine();
    if (!r) return [...items];
    const newer = (id: number) => (r.asOf.get(id) ?? -Infinity) >= fetchedAt;
    const inRange = (item: AgendaItem) => {
      const at = Date.parse(item.start);
      return at >= begin && at <= end;
    };
    const seen = new Set<number>();
    const shown: AgendaItem[] = [];
    for (const given of items) {
      seen.add(given.id);
      if (given.id <= 0 || !newer(given.id)) {
        shown.push(given.id <= 0 ? given : this.named(r, given));
        continue;
      }
      if (r.cancelled.has(given.id)) continue;
      const record = r.appointments.get(given.id);
      const times = r.eventTimes.get(given.id);
      const now = record ?? (times ? { ...given, ...times } : given);
      if (inRange(now)) shown.push(this.named(r, now));
    }
    for (const [id, at] of r.asOf) {
      if (at < fetchedAt || seen.has(id) || r.cancelled.has(id)) continue;
      const record = r.appointments.get(id);
      if (record && inRange(record)) shown.push(this.named(r, record));
    }
    return shown;
  }

  /**
   * An appointment made again here by Undo, once the service has it: the cancelled one's bookings follow it at once
   * (the appointment itself is read and put in by whoever shows it).
   */
  private restoredHere(r: Records, op: OpView): void {
    const data = op.payload.custom_data;
    const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[RESTORES_KEY] : undefined;
    const made = op.status === 'done' ? op.result?.id : null;
    const olds = made ? restoredIds(value, made) : [];
    if (!made || olds.length === 0 || olds.every((old) => r.restoredBy.get(old) === made)) return;
    for (const old of olds) r.restoredBy.set(old, made);
    if (!r.appointments.has(made)) {
      const at = r.eventTimes.get(olds[0]!);
      if (at) r.eventTimes.set(made, at);
    }
    this.told(r, [made], []);
  }

  /**
   * A move to another calendar: the old appointment waits to go while the move waits; once done it is cancelled and
   * the new one stands for it (its bookings follow it, as for an appointment made again by Undo).
   */
  private moved(r: Records, op: OpView): void {
    const from = op.payload.from;
    const target = from && typeof from === 'object' ? this.targetOf(r, { ...op, payload: { ...from } }) : null;
    if (target !== null) {
      this.opTargets.set(op.id, target);
      if (op.status !== 'done') return this.told(r, [target], []);
      this.opTargets.delete(op.id);
      this.learnt(r, target);
      this.cancel(r, target);
      this.told(r, [], [target]);
    }
    this.restoredHere(r, op);
  }

  /** The store learnt, other than by a read, what the service now has of an appointment (a sent change, a removal). */
  private learnt(r: Records, id: number): void {
    r.learnt.set(id, ++this.turn);
    r.asOf.set(id, this.deps.clock.now());
  }

  /** The service no longer has the appointment: its bookings keep its last time, marked cancelled. */
  private cancel(r: Records, id: number): void {
    const last = r.appointments.get(id);
    if (last) r.eventTimes.set(id, { start: last.start, end: last.end });
    r.appointments.delete(id);
    r.cancelled.add(id);
  }

  /** The appointment a change names: by id, else by the external id of one the store holds. */
  private targetOf(r: Records, op: OpView): number | null {
    const p = op.payload;
    if (typeof p.id === 'number') return p.id;
    if (typeof p.external_id !== 'string' || p.external_id === '') return null;
    for (const a of r.appointments.values()) if (a.externalId === p.external_id) return a.id;
    return null;
  }

  // ── views ─────────────────────────────────────────────────────────────────────────────────

  /** An appointment as screens show it (changes made here laid over it); null when not known or gone. */
  appointment(id: number): AgendaItem | null {
    const r = this.mine();
    const raw = r?.appointments.get(id);
    return raw ? this.deps.overlay(raw) : null;
  }

  /** An appointment as last read, without the changes waiting here laid over it (a time being moved away from). */
  appointmentAsRead(id: number): AgendaItem | null {
    return this.mine()?.appointments.get(id) ?? null;
  }

  /**
   * Appointments as every screen shows them now: each at the time the store has for it (moved here, at another desk
   * or by a delta, changes waiting here laid over), and those cancelled or being cancelled left out — as the
   * schedule's day sheet leaves them out. One cancelled and made again by Undo stands as the one made again (a
   * saved list read before the Undo still shows it). One the store has no record of is taken as given, changes laid
   * over. Each appointment once.
   */
  current<T extends { id: number; start: string; end: string }>(items: readonly T[]): T[] {
    const r = this.mine();
    if (!r) return [...items];
    const shownIds = new Set<number>();
    return items.flatMap((given) => {
      const id = this.linked(r, given.id);
      if (r.cancelled.has(id) || shownIds.has(id)) return [];
      const item = this.asRecord(r, id === given.id ? given : { ...given, id }, r.appointments.get(id));
      const base = r.appointments.get(id) ?? this.seed(r, id) ?? this.seedOf(item);
      const shown = this.deps.overlay(base);
      if (shown.pending?.change === 'delete') return [];
      shownIds.add(id);
      return [
        shown.start === item.start && shown.end === item.end ? item : { ...item, start: shown.start, end: shown.end },
      ];
    });
  }

  /**
   * A list's copy of an appointment with the calendar's name and zone where the list had none: its record's, else
   * its calendar's in the calendar list.
   */
  private asRecord<T extends { id: number }>(r: Records, item: T, record: AgendaItem | undefined): T {
    const given = item as T & { calendarName?: unknown; zone?: unknown; calendarId?: unknown };
    const id = typeof given.calendarId === 'number' ? given.calendarId : record?.calendarId;
    const calendar = id == null ? undefined : r.practice.calendars.find((c) => c.id === id);
    const name = 'calendarName' in given && !given.calendarName && (record?.calendarName || calendar?.name);
    const zone = 'zone' in given && !given.zone && (record?.zone || calendar?.timeZone);
    return name || zone ? { ...item, ...(name ? { calendarName: name } : {}), ...(zone ? { zone } : {}) } : item;
  }

  /** Bookings as screens show them: each at its appointment's time, with what became of the appointment. */
  bookings(list: readonly BookingSummary[]): BookingSummary[] {
    const r = this.mine();
    if (!r) return [...list];
    return list.map((b) => this.bookingOf(r, r.bookings.get(b.id) ?? b));
  }

  /**
   * Whether the store holds a live appointment starting in [begin, end) that `known` does not name: one booked, made
   * again by Undo or brought in by a delta since a read that `known` lists.
   */
  holdsOtherThan(known: ReadonlySet<number>, begin: number, end: number): boolean {
    const r = this.mine();
    if (!r) return false;
    for (const [id, item] of r.appointments) {
      if (known.has(id) || r.cancelled.has(id)) continue;
      const start = Date.parse(item.start);
      if (start >= begin && start < end) return true;
    }
    return false;
  }

  /** The practice as last read. */
  practice(): Practice | null {
    return this.mine()?.practice ?? null;
  }

  /** Every record kept, for tests and the benchmark: counts by kind. */
  counts(): { appointments: number; bookings: number; contacts: number } {
    const r = this.mine();
    return {
      appointments: r?.appointments.size ?? 0,
      bookings: r?.bookings.size ?? 0,
      contacts: r?.contacts.size ?? 0,
    };
  }

  // ── inside ────────────────────────────────────────────────────────────────────────────────

  /** The signed-in account's records (made empty on first use); null when signed out. */
  private mine(): Records | null {
    const account = this.deps.account();
    if (!account) return null;
    if (this.records?.account !== account) this.records = empty(account);
    return this.records;
  }

  /** A booking at its appointment's time, with the appointment's state. */
  private bookingOf(r: Records, b: BookingSummary): BookingSummary {
    if (b.eventId == null) return b;
    const id = this.linked(r, b.eventId);
    if (r.cancelled.has(id)) {
      const { start, end } = r.eventTimes.get(id) ?? { start: b.start ?? '', end: b.end ?? '' };
      return { ...b, appointment: { id, start, end, state: 'cancelled' } };
    }
    const base = r.appointments.get(id) ?? this.seed(r, id);
    if (!base) return b;
    const shown = this.deps.overlay(base);
    const state: LinkedAppointment['state'] =
      shown.pending?.change === 'delete' ? 'cancelling' : shown.pending ? 'changing' : 'standing';
    return { ...b, start: shown.start, end: shown.end, appointment: { id, start: shown.start, end: shown.end, state } };
  }

  /** The appointment that stands for `id` now: `id`, or the one Undo made again in its place (and so on). */
  private linked(r: Records, id: number): number {
    let at = id;
    for (let hop = 0; hop < 8; hop++) {
      const next = r.restoredBy.get(at);
      if (next === undefined) break;
      at = next;
    }
    return at;
  }

  /** An appointment known only by its booking's copy of its time (enough to lay changes over). */
  private seed(r: Records, id: number): AgendaItem | null {
    const at = r.eventTimes.get(id);
    return at ? this.seedOf({ id, ...at }) : null;
  }

  /** An appointment known only by its id and time. */
  private seedOf(at: { id: number; start: string; end: string }): AgendaItem {
    return {
      id: at.id,
      title: '',
      start: at.start,
      end: at.end,
      calendarName: '',
      location: '',
      people: [],
      pending: null,
      pendingMark: null,
    };
  }

  /** Tells the renderer the appointments that changed or went, and the bookings that follow them. */
  private told(r: Records, changed: readonly number[], removed: readonly number[]): void {
    if (changed.length === 0 && removed.length === 0) return;
    this.save();
    const touched = new Set([...changed, ...removed]);
    const change: StoreChange = {
      appointments: changed.flatMap((id) => {
        const raw = r.appointments.get(id);
        return raw ? [this.deps.overlay(raw)] : [];
      }),
      removedAppointments: [...removed],
      bookings: [...r.bookings.values()]
        .filter((b) => b.eventId != null && (touched.has(b.eventId) || touched.has(this.linked(r, b.eventId))))
        .map((b) => this.bookingOf(r, b)),
    };
    this.deps.events.emit('store:changed', change);
  }

  /**
   * Keeps the records for a start without the service: once per turn, however many changes came in it, after the
   * turn's answers have gone (the whole store is written out: not on the way of a search's or a read's answer).
   */
  private save(): void {
    if (this.saveQueued) return;
    this.saveQueued = true;
    setImmediate(() => {
      this.saveQueued = false;
      const r = this.records;
      if (!r || this.loading) return void this.loading?.then(() => this.save());
      this.deps.cache.remember(
        r.account,
        storeSlot,
        STORE_KEY,
        {
          version: STORE_FORMAT,
          appointments: [...r.appointments.values()],
          cancelled: [...r.cancelled],
          eventTimes: [...r.eventTimes],
          bookings: [...r.bookings.values()],
          contacts: [...r.contacts.values()],
          restoredBy: [...r.restoredBy],
          externalIds: [...r.externalIds],
          asOf: [...r.asOf],
          practice: r.practice,
        },
        this.deps.clock.now(),
      );
    });
  }

  /** Signed in as `account` (or signed out: null): its kept copy is read back under whatever was read meanwhile. */
  private accountChanged(account: string | null): void {
    this.records = account ? empty(account) : null;
    this.opTargets.clear();
    if (!account) return;
    const load = this.deps.cache
      .get(account, storeSlot, STORE_KEY)
      .then((hit) => {
        const r = this.records;
        if (!hit || r?.account !== account) return;
        const kept = hit.value;
        for (const a of kept.appointments) if (!r.appointments.has(a.id)) r.appointments.set(a.id, a);
        for (const a of r.appointments.values())
          for (const old of restores(a)) if (!r.restoredBy.has(old)) r.restoredBy.set(old, a.id);
        for (const [old, made] of kept.restoredBy ?? []) if (!r.restoredBy.has(old)) r.restoredBy.set(old, made);
        for (const [id, ext] of kept.externalIds ?? []) if (!r.externalIds.has(id)) r.externalIds.set(id, ext);
        for (const [id, at] of kept.asOf ?? []) if (!r.asOf.has(id)) r.asOf.set(id, at);
        for (const id of kept.cancelled) if (!r.appointments.has(id)) r.cancelled.add(id);
        for (const [id, at] of kept.eventTimes) if (!r.eventTimes.has(id)) r.eventTimes.set(id, at);
        for (const b of kept.bookings) if (!r.bookings.has(b.id)) r.bookings.set(b.id, b);
        for (const c of kept.contacts) if (!r.contacts.has(c.key)) r.contacts.set(c.key, c);
        if (r.practice.calendars.length === 0 && r.practice.zone === null) r.practice = kept.practice;
      })
      .catch((error: Error) => this.deps.log.warn('the kept store could not be read', { reason: error.message }))
      .finally(() => {
        if (this.loading === load) this.loading = null;
      });
    this.loading = load;
  }
}
