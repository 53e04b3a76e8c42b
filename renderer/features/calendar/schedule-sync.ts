/**
 * Writes from the schedule and keeping it current, one load per change: each write is applied at once (waiting to
 * sync), then the appointment the service settled is read alone and put in place; changes made elsewhere arrive by
 * polling what changed since the last read while the window is visible and the service reachable.
 */
import {
  RESTORES_KEY,
  isDeskMark,
  restoresValue,
  UNDO_WINDOW_MS,
  type AgendaItem,
  type AppointmentChanges,
  type AppointmentInput,
  type MarkState,
  type OutboxItem,
} from '../../../common/contract';
import { RetryTimer } from '../../../common/retry-timer';
import { onOutboxItem } from '../../lib/outbox-items';
import { pageClock } from '../../lib/page-clock';
import { practiceZone, timeInZone } from '../../lib/practice-time';
import { appointmentTitle, MARK_WORDS, refusalWords } from '../../lib/words';
import { useAppStore } from '../../stores/app-store';
import { currentRange, useCalendarStore } from '../../stores/calendar-store';
import { readAppointment, readChanges, scheduleChanges } from '../../stores/schedule-asks';
import { useScheduleSyncStore, type ScheduleWrite } from '../../stores/schedule-sync-store';

/** Every so often while visible and online; longer after failures. */
export const POLL_MS = 10_000;
const MAX_POLL_MS = 60_000;
/** Asked-from time is moved back by this much, for clock differences between here and the service. */
const SKEW_MARGIN_MS = 120_000;
/** Undo stays offered this long (a mark made with Undo is held in core's outbox as long). */
export const UNDO_MS = UNDO_WINDOW_MS;

const store = () => useCalendarStore.getState();
/** What the sync keeps between calls (its writes in flight, early events, the Undo timer, live updates). */
const sync = () => useScheduleSyncStore.getState();
const isMine = (opId: string) => (i: AgendaItem) => i.pending?.changeId === opId || i.externalId === opId;

function who(item: AgendaItem): string {
  const names = item.people.map((p) => p.name).filter(Boolean);
  return names.length > 0 ? names.join(' and ') : appointmentTitle(item);
}

/** "Cleaning for Jane Doe at 9:00 AM". */
export function describe(item: AgendaItem): string {
  const person = who(item);
  const named = appointmentTitle(item);
  const title = person === named || item.queuedBooking ? named : `${named.replace(` - ${person}`, '')} for ${person}`;
  return `${title} at ${timeInZone(item.start, practiceZone())}`;
}

/** Reads one appointment and puts it in place (replacing `replaces` items). */
async function refresh(id: number, replaces?: (i: AgendaItem) => boolean): Promise<void> {
  const fresh = await readAppointment(id);
  if (fresh.ok) store().upsert(fresh.value, replaces);
  else if (fresh.error.code === 'service_error') store().remove((i) => i.id === id);
}

function settle(op: OutboxItem, target: ScheduleWrite): void {
  if (op.status === 'needs_attention') {
    sync().targets.delete(op.id);
    store().patch(
      (i) => i.id === target.id || isMine(op.id)(i),
      (i) => ({ ...i, pending: { changeId: op.id, status: 'needs_attention', change: i.pending?.change ?? 'update' } }),
    );
    // Core says what the refusal means (op.reason); the service's own words are shown only when it cannot tell.
    useCalendarStore.setState({ notice: refusalWords(op.reason, op.error) });
    return;
  }
  if (op.status !== 'done') return;
  sync().targets.delete(op.id);
  if (target.change === 'delete') return store().remove((i) => i.id === target.id || isMine(op.id)(i));
  const id = target.change === 'create' ? op.result?.id : target.id;
  if (id) void refresh(id, isMine(op.id));
}

/** Follows the outbox: settles the schedule's own writes, and reads what changed when other writes settle. */
export function wireScheduleEvents(): () => void {
  return onOutboxItem('schedule', (op) => {
    const target = sync().targets.get(op.id);
    if (target) return settle(op, target);
    if (op.status === 'done' || op.status === 'needs_attention') {
      sync().early.set(op.id, op);
      setTimeout(() => sync().early.delete(op.id), 5000);
      // A write from elsewhere in the app (a booking) or from before a restart: ask what changed.
      if (op.status === 'done') pollSoon();
    }
  });
}

function track(op: OutboxItem, target: ScheduleWrite): void {
  sync().targets.set(op.id, target);
  const seen = sync().early.get(op.id);
  if (seen) {
    sync().early.delete(op.id);
    settle(seen, target);
  }
}

function failed(message: string): void {
  useCalendarStore.setState({ notice: message });
}

/**
 * Marks every person on the appointment (arrived, no-show, confirmed, …). `withUndo` (a single key on the schedule,
 * and always for the desk's own marks, "Running late"): core holds the mark for the Undo window, and Undo is offered.
 */
export async function markAppointment(item: AgendaItem, state: MarkState, withUndo = false): Promise<void> {
  const undoable = withUndo || isDeskMark(state);
  const names = item.people
    .map((p) => p.name)
    .filter(Boolean)
    .join(' and ')
    .slice(0, 200);
  const result = await scheduleChanges.mark({
    eventId: item.id,
    state,
    startsAt: item.start,
    ...(names ? { who: names } : {}),
    ...(undoable ? { undoable: true } : {}),
  });
  if (!result.ok) return failed(result.error.message);
  store().patch(
    (i) => i.id === item.id,
    (i) => ({ ...i, pendingMark: state }),
  );
  track(result.value, { change: 'mark', id: item.id });
  if (undoable)
    offerUndo({
      kind: 'mark',
      opId: result.value.id,
      before: item,
      message: `Marked ${describe(item).replace(/ at .*$/, '')} as ${MARK_WORDS[state].inSentence}`,
    });
}

/** Adds an appointment; it shows at once as waiting to sync. */
export async function createAppointment(input: AppointmentInput): Promise<string | null> {
  const result = await scheduleChanges.create(input);
  if (!result.ok) return result.error.message;
  const op = result.value;
  const calendar = store().calendars.find((c) => c.id === input.calendarId);
  store().upsert({
    id: -Date.now(),
    externalId: op.id,
    title: input.title,
    start: input.start,
    end: input.end,
    calendarId: input.calendarId,
    calendarName: calendar?.name ?? '',
    location: input.location ?? '',
    notes: input.notes ?? '',
    people: (input.participants ?? []).map((p) => ({
      name: p.name ?? '',
      phone: p.phone ?? '',
      email: p.email ?? '',
      state: '',
      contactId: p.contactId ?? null,
    })),
    pending: { changeId: op.id, status: 'queued', change: 'create' },
    pendingMark: null,
  });
  track(op, { change: 'create', id: 0 });
  return null;
}

const refOf = (item: AgendaItem) =>
  item.id > 0 ? { id: item.id } : { externalId: item.externalId ?? item.pending?.changeId ?? '' };

/** Changes an appointment (patch); shows at once as waiting to sync. */
export async function updateAppointment(item: AgendaItem, changes: AppointmentChanges): Promise<OutboxItem | string> {
  const result = await scheduleChanges.update({ ...refOf(item), changes, startsAt: item.start });
  if (!result.ok) return result.error.message;
  const op = result.value;
  store().patch(
    (i) => i.id === item.id,
    (i) => ({
      ...i,
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.start !== undefined ? { start: changes.start } : {}),
      ...(changes.end !== undefined ? { end: changes.end } : {}),
      ...(changes.location !== undefined ? { location: changes.location } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      ...(changes.participants !== undefined
        ? {
            people: changes.participants.map((p) => ({
              name: p.name ?? '',
              phone: p.phone ?? '',
              email: p.email ?? '',
              state: i.people.find((o) => o.name === p.name)?.state ?? '',
              contactId: p.contactId ?? null,
            })),
          }
        : {}),
      pending: i.pending?.change === 'create' ? i.pending : { changeId: op.id, status: 'queued', change: 'update' },
    }),
  );
  if (item.id > 0) track(op, { change: 'update', id: item.id });
  return op;
}

/** Moves an appointment (drag or edited time), offering Undo. */
export async function moveAppointment(item: AgendaItem, start: string, end: string): Promise<void> {
  const op = await updateAppointment(item, { start, end });
  if (typeof op === 'string') return failed(op);
  offerUndo({
    kind: 'move',
    opId: op.id,
    before: item,
    message: `Moved ${describe(item).replace(/ at .*$/, '')} to ${timeInZone(start, practiceZone())}`,
  });
}

/** Cancels an appointment (after the user confirmed), offering Undo. */
export async function cancelAppointment(item: AgendaItem): Promise<void> {
  const result = await scheduleChanges.cancel({ ...refOf(item), startsAt: item.start });
  if (!result.ok) return failed(result.error.message);
  const op = result.value;
  store().patch(
    (i) => i.id === item.id,
    (i) => ({ ...i, pending: { changeId: op.id, status: 'queued', change: 'delete' } }),
  );
  track(op, { change: 'delete', id: item.id });
  if (store().selectedId === item.id) store().openDetails(null);
  offerUndo({ kind: 'cancel', opId: op.id, before: item, message: `Cancelled ${describe(item)}` });
}

function offerUndo(offer: Omit<NonNullable<ReturnType<typeof store>['undo']>, 'until'>): void {
  clearTimeout(sync().undoTimer);
  useCalendarStore.setState({ undo: { ...offer, until: Date.now() + UNDO_MS } });
  useScheduleSyncStore.setState({ undoTimer: setTimeout(() => useCalendarStore.setState({ undo: null }), UNDO_MS) });
}

/** Drops the Undo offer (the user closed it). */
export function dismissUndo(): void {
  clearTimeout(sync().undoTimer);
  useCalendarStore.setState({ undo: null });
}

/**
 * Undo: while the change is still queued it is discarded, so nothing reaches the service. Once it was sent, a
 * compensating write puts things back: the old time for a move; for a cancellation, the same appointment made again
 * (the service cannot restore a cancelled one, so it gets a new id and its people start as not yet confirmed).
 */
export async function undoLast(): Promise<void> {
  const offer = store().undo;
  if (!offer) return;
  dismissUndo();
  const { before } = offer;
  const taken = await scheduleChanges.withdraw(offer.opId);
  if (taken.ok && taken.value.withdrawn) {
    sync().targets.delete(offer.opId);
    store().upsert(before, (i) => i.id === before.id);
    useCalendarStore.setState({ notice: null });
    return;
  }
  if (offer.kind === 'mark')
    // Held for the Undo window, a mark is withdrawn above; past it, the service has it and cannot clear a check-in.
    return failed('That mark has already reached the service. Choose the right one from the appointment’s menu.');
  if (offer.kind === 'move') {
    const back = await updateAppointment({ ...before, start: before.start }, { start: before.start, end: before.end });
    if (typeof back === 'string') failed(back);
    return;
  }
  if (!before.calendarId) return failed('This appointment cannot be restored: its calendar is not known.');
  const error = await createAppointment({
    calendarId: before.calendarId,
    title: before.title,
    start: before.start,
    end: before.end,
    location: before.location,
    notes: before.notes ?? '',
    participants: before.people.map((p) => ({
      ...(p.name ? { name: p.name } : {}),
      ...(p.phone ? { phone: p.phone } : {}),
      ...(p.email ? { email: p.email } : {}),
      ...(p.contactId ? { contactId: p.contactId } : {}),
    })),
    // Named as the one it stands for: the booking that made the cancelled one follows it (core's store).
    customData: {
      ...Object.fromEntries((before.customData ?? []).map((c) => [c.key, c.value])),
      [RESTORES_KEY]: restoresValue(before.id, before.customData?.find((c) => c.key === RESTORES_KEY)?.value),
    },
  });
  if (error) failed(error);
}

// live updates ─────────────────────────────────────────────────────────────────────────────

const canPoll = () =>
  sync().running && document.visibilityState === 'visible' && useAppStore.getState().connectivity?.state !== 'offline';

/** How a poll went: answered, failed (wait longer), or skipped (one in flight, nothing read yet, moved on). */
type PollOutcome = 'answered' | 'failed' | 'skipped';

/** Asks the service what changed in the shown range since the last read, and merges it. */
export async function pollOnce(): Promise<PollOutcome> {
  if (sync().polling || sync().syncedAt === 0) return 'skipped';
  useScheduleSyncStore.setState({ polling: true });
  const startedAt = Date.now();
  const since = new Date(sync().syncedAt - SKEW_MARGIN_MS).toISOString();
  const range = currentRange();
  try {
    const result = await readChanges(range, since);
    const now = currentRange();
    if (now.begin !== range.begin || now.end !== range.end) return 'skipped'; // moved on meanwhile
    if (!result.ok) return 'failed';
    useScheduleSyncStore.setState({ syncedAt: startedAt });
    store().applyChanges(result.value, true);
    return 'answered';
  } finally {
    useScheduleSyncStore.setState({ polling: false });
  }
}

/** Every 10 s; after failures in a row 20, 40, then 60 s (common/retry-timer.ts). */
const pollTimer = new RetryTimer(pageClock, () => void pollOnce().then(polled, () => polled('skipped')), {
  firstMs: 2 * POLL_MS,
  capMs: MAX_POLL_MS,
});

function polled(outcome: PollOutcome): void {
  if (outcome === 'answered') pollTimer.succeed(POLL_MS);
  else if (outcome === 'failed') pollTimer.fail();
  else pollTimer.after(pollTimer.failures === 0 ? POLL_MS : pollTimer.backoffMs());
  if (!canPoll()) pollTimer.stop();
}

function schedule(ms: number): void {
  if (canPoll()) pollTimer.after(ms);
  else pollTimer.stop();
}

/** Polls soon (another write settled, the window came back, the service is reachable again). */
export function pollSoon(): void {
  if (sync().running) schedule(250);
}

/** Keeps the shown range current while the window is visible; returns the stop. */
export function startLiveUpdates(): () => void {
  useScheduleSyncStore.setState({ running: true });
  pollTimer.reset();
  const onVisibility = () => (document.visibilityState === 'visible' ? pollSoon() : pollTimer.stop());
  document.addEventListener('visibilitychange', onVisibility);
  const offConnectivity = useAppStore.subscribe((s, prev) => {
    if (s.connectivity?.state === prev.connectivity?.state) return;
    if (s.connectivity?.state === 'online') pollSoon();
    else pollTimer.stop();
  });
  schedule(POLL_MS);
  return () => {
    useScheduleSyncStore.setState({ running: false });
    pollTimer.reset();
    document.removeEventListener('visibilitychange', onVisibility);
    offConnectivity();
  };
}
