/**
 * Changes made here but not yet confirmed by the service, laid over the appointments read from it: new
 * appointments and bookings appear at once, changed ones show their new time, cancelled ones show as cancelling,
 * marks show as waiting. Everything is marked "waiting to sync" until the service has it.
 */
import type { Agenda, AgendaItem } from '../../../common/contract';
import { queuedBooking, type OpView } from '../outbox';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const pendingOf = (op: OpView, change: 'create' | 'update' | 'delete'): NonNullable<AgendaItem['pending']> => ({
  changeId: op.id,
  status: op.status === 'needs_attention' ? 'needs_attention' : 'queued',
  change,
});

/** Participants of a queued event write, as the calendar shows them (no state: the service has not seen them). */
function peopleOf(payload: Record<string, unknown>): AgendaItem['people'] {
  const people = Array.isArray(payload.participants) ? (payload.participants as Record<string, unknown>[]) : [];
  return people.map((p) => ({
    name: str(p.name),
    phone: str(p.phone),
    email: str(p.email),
    state: '',
    contactId: num(p.contact_id),
  }));
}

/** The calendar row of a queued new appointment. */
function pendingEvent(op: OpView): AgendaItem {
  const p = op.payload;
  const start = str(p.start_time);
  return {
    id: -op.seq,
    externalId: str(p.external_id) || null,
    title: str(p.title) || 'New appointment',
    start,
    end: str(p.end_time) || start,
    calendarId: num(p.calendar_id),
    calendarName: '',
    location: str(p.location),
    notes: str(p.content),
    people: peopleOf(p),
    pending: pendingOf(op, 'create'),
    pendingMark: null,
  };
}

/** The calendar row of a queued booking: its caller, at its start (its end is known once the service has it). */
function pendingBooking(op: OpView): AgendaItem {
  const b = queuedBooking(op);
  const start = new Date(op.appointmentAt!).toISOString();
  return {
    id: -op.seq,
    externalId: null,
    // No title until the service gives one: the screens word it from the type and the person (core sends facts).
    title: '',
    queuedBooking: { appointmentType: b.appointmentType ?? '' },
    start,
    end: start,
    calendarId: b.provider ?? null,
    calendarName: '',
    location: '',
    notes: '',
    // No state yet: the service has not seen this person's appointment.
    people: [{ name: b.name, phone: b.phone, email: b.email, state: '' }],
    pending: pendingOf(op, 'create'),
    pendingMark: null,
  };
}

/** Kinds whose op makes an appointment. */
const CREATES = new Set(['booking.book_now', 'event.create', 'event.move']);

/** Agenda rows for unfinished creates (and moves' new appointments) whose appointment starts within [begin, end]. */
function pendingAgendaItems(
  ops: readonly OpView[],
  begin: string,
  end: string,
  read: readonly AgendaItem[],
): AgendaItem[] {
  if (ops.length === 0) return [];
  const from = Date.parse(begin);
  const to = Date.parse(end);
  // A move's new appointment the service already has (its first half went through) is the one read, not a second row.
  const readExternal = new Set(read.map((i) => i.externalId).filter(Boolean));
  return (
    ops
      .filter((op) => CREATES.has(op.kind) && op.status !== 'done')
      .filter((op) => !(op.kind === 'event.move' && readExternal.has(str(op.payload.external_id))))
      // A booking the service refused holds no time on the calendar: it lives in the booking result and the Outbox
      // until the desk chooses another time or discards it (a row here would be a ghost of an appointment not made).
      .filter((op) => !(op.kind === 'booking.book_now' && op.status === 'needs_attention'))
      .filter((op) => op.appointmentAt !== null && op.appointmentAt >= from && op.appointmentAt <= to)
      .map((op) => (op.kind === 'booking.book_now' ? pendingBooking(op) : pendingEvent(op)))
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const matches = (item: AgendaItem, p: Record<string, unknown>) =>
  (typeof p.id === 'number' && item.id === p.id) ||
  (typeof p.external_id === 'string' && p.external_id !== '' && item.externalId === p.external_id);

/** One item with the unfinished updates, cancellation and mark of it applied (in queue order). */
export function applyPending(item: AgendaItem, ops: readonly OpView[]): AgendaItem {
  let out = item;
  // Only the last mark shows, so marks are not copied one by one (a front desk may queue many while offline).
  let mark: string | null = null;
  for (const op of ops) {
    if (op.status === 'done' || !op.kind.startsWith('event.') || op.kind === 'event.create') continue;
    const p = op.payload;
    if (op.kind === 'event.move') {
      // The old appointment waits to go; the new one (once the service has it) waits until the move is done.
      if (isRecord(p.from) && matches(out, p.from)) out = { ...out, pending: pendingOf(op, 'delete') };
      else if (matches(out, { external_id: p.external_id })) out = { ...out, pending: pendingOf(op, 'create') };
      continue;
    }
    if (!matches(out, p)) continue;
    if (op.kind === 'event.mark') mark = str(p.state);
    else if (op.kind === 'event.delete') out = { ...out, pending: pendingOf(op, 'delete') };
    else {
      out = {
        ...out,
        ...(typeof p.title === 'string' ? { title: p.title } : {}),
        ...(typeof p.start_time === 'string' ? { start: p.start_time } : {}),
        ...(typeof p.end_time === 'string' ? { end: p.end_time } : {}),
        ...(typeof p.location === 'string' ? { location: p.location } : {}),
        ...(typeof p.content === 'string' ? { notes: p.content } : {}),
        ...(Array.isArray(p.participants) ? { people: peopleOf(p) } : {}),
        // A change to a new appointment still waits as a new appointment.
        pending: out.pending?.change === 'create' ? out.pending : pendingOf(op, 'update'),
      };
    }
  }
  return mark === null ? out : { ...out, pendingMark: mark };
}

const byStart = (a: AgendaItem, b: AgendaItem) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/**
 * The unfinished changes a read lays over what it shows, looked up by what they touch (the outbox files them so,
 * outbox/touch-index.ts): a read costs O(the changes of what it shows), not O(everything queued).
 */
export interface PendingLookup {
  /** The unfinished changes that name an appointment, in queue order (its marks may be cut to the last). */
  touching(item: { id: number; externalId?: string | null | undefined }): readonly OpView[];
  /** The unfinished ops that make an appointment, in queue order. */
  creates(): readonly OpView[];
}

/** A lookup over a plain list of changes (indexed once per call). */
export function pendingLookupOf(ops: readonly OpView[]): PendingLookup {
  const open = ops.filter((op) => op.status !== 'done');
  const touching = indexByRecord(open);
  return {
    touching: (item) => opsOf(item, touching),
    creates: () => open.filter((op) => CREATES.has(op.kind)),
  };
}

const lookupOf = (pending: PendingLookup | readonly OpView[]): PendingLookup =>
  Array.isArray(pending) ? pendingLookupOf(pending) : (pending as PendingLookup);

/** The agenda with every unfinished change of the range laid over it. */
export function withPendingChanges(
  pending: PendingLookup | readonly OpView[],
  agenda: Agenda,
  begin: string,
  end: string,
): Agenda {
  const lookup = lookupOf(pending);
  const made = pendingAgendaItems(lookup.creates(), begin, end, agenda.items);
  let changed = made.length > 0;
  const items = [...agenda.items, ...made].map((item) => {
    const shown = applyPending(item, lookup.touching(item));
    if (shown !== item) changed = true;
    return shown;
  });
  return changed ? { ...agenda, items: items.sort(byStart) } : agenda;
}

/** Many items with their unfinished changes applied, each in O(its own changes). */
export function applyPendingAll(
  items: readonly AgendaItem[],
  pending: PendingLookup | readonly OpView[],
): AgendaItem[] {
  const lookup = lookupOf(pending);
  return items.map((item) => applyPending(item, lookup.touching(item)));
}

/** Changes to existing appointments by the record they name (`id:` or `ext:`), each list in queue order. */
function indexByRecord(ops: readonly OpView[]): Map<string, OpView[]> {
  const index = new Map<string, OpView[]>();
  const add = (key: string, op: OpView) => {
    const list = index.get(key);
    if (list) list.push(op);
    else index.set(key, [op]);
  };
  for (const op of ops) {
    if (!op.kind.startsWith('event.') || op.kind === 'event.create') continue;
    const from = op.payload.from;
    if (op.kind === 'event.move' && isRecord(from)) {
      if (typeof from.id === 'number') add(`id:${from.id}`, op);
      if (typeof from.external_id === 'string' && from.external_id !== '') add(`ext:${from.external_id}`, op);
    }
    if (typeof op.payload.id === 'number') add(`id:${op.payload.id}`, op);
    if (typeof op.payload.external_id === 'string' && op.payload.external_id !== '')
      add(`ext:${op.payload.external_id}`, op);
  }
  return index;
}

/** The changes that name this appointment, in queue order: O(its changes), not O(every queued change). */
function opsOf(item: { id: number; externalId?: string | null | undefined }, index: Map<string, OpView[]>): OpView[] {
  const byId = index.get(`id:${item.id}`) ?? [];
  const byExternal = item.externalId ? (index.get(`ext:${item.externalId}`) ?? []) : [];
  if (byExternal.length === 0) return byId;
  if (byId.length === 0) return byExternal;
  return [...new Set([...byId, ...byExternal])].sort((a, b) => a.seq - b.seq);
}
