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
  // A move to another calendar: the old one is gone, the new one is read in place of the one shown waiting.
  if (target.change === 'move') store().remove((i) => i.id === target.id);
  const id = target.change === 'create' || target.change === 'move' ? op.result?.id : target.id;
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

/** A new appointment as it shows until the service has it (named by its outbox id, its external id). */
function waitingRow(opId: string, input: AppointmentInput): AgendaItem {
  const calendar = store().calendars.find((c) => c.id === input.calendarId);
  return {
    id: -Date.now(),
    externalId: opId,
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
    pending: { changeId: opId, status: 'queued', change: 'create' },
    pendingMark: null,
  };
}

/** Adds an appointment; it shows at once as waiting to sync. */
export async function createAppointment(input: AppointmentInput): Promise<string | null> {
  const result = await scheduleChanges.create(input);
  if (!result.ok) return result.error.message;
  const op = result.value;
  store().upsert(waitingRow(op.id, input));
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

/** Moves an appointment to a new time in its calendar (a drag), offering Undo. */
export async function moveAppointment(item: AgendaItem, start: string, end: string): Promise<void> {
  const problem = await editAppointment(item, { start, end });
  if (problem) failed(problem);
}

/** The fields `changes` touches, as they are on `item` (what an Undo writes back). */
function reverseOf(item: AgendaItem, changes: AppointmentChanges): AppointmentChanges {
  return {
    ...(changes.title !== undefined ? { title: item.title } : {}),
    ...(changes.start !== undefined || changes.end !== undefined ? { start: item.start, end: item.end } : {}),
    ...(changes.location !== undefined ? { location: item.location } : {}),
    ...(changes.notes !== undefined ? { notes: item.notes ?? '' } : {}),
    ...(changes.participants !== undefined ? { participants: participantsOf(item) } : {}),
  };
}

/**
 * Changes an appointment in its calendar (the editor, or a drag), offering Undo as a drag does: "Moved … to 10:30 AM"
 * when the time changed, else "Changed …". Returns a problem in plain words, or null.
 */
export async function editAppointment(item: AgendaItem, changes: AppointmentChanges): Promise<string | null> {
  const op = await updateAppointment(item, changes);
  if (typeof op === 'string') return op;
  const timed = changes.start !== undefined && Date.parse(changes.start) !== Date.parse(item.start);
  const what = describe(item).replace(/ at .*$/, '');
  offerUndo({
    kind: 'move',
    opId: op.id,
    before: item,
    after: {
      ...item,
      ...(changes.start ? { start: changes.start } : {}),
      ...(changes.end ? { end: changes.end } : {}),
    },
    undoChanges: reverseOf(item, changes),
    message: timed ? `Moved ${what} to ${timeInZone(changes.start!, practiceZone())}` : `Changed ${what}`,
  });
  return null;
}

/** The people of an appointment as a new one takes them. */
function participantsOf(item: AgendaItem): NonNullable<AppointmentInput['participants']> {
  return item.people.map((p) => ({
    ...(p.name ? { name: p.name } : {}),
    ...(p.phone ? { phone: p.phone } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(p.contactId ? { contactId: p.contactId } : {}),
  }));
}

/**
 * The same appointment on `calendarId` at `start`–`end`: its people, title, notes and location, naming the one it
 * stands for (RESTORES_KEY), so the booking that made it follows. Its other custom data core copies from the
 * service's record when the new one is made (the screens hold it as words).
 */
export function sameAppointmentOn(item: AgendaItem, calendarId: number, start: string, end: string): AppointmentInput {
  const restores = item.customData?.find((c) => c.key === RESTORES_KEY)?.value;
  return {
    calendarId,
    title: item.title,
    start,
    end,
    location: item.location,
    notes: item.notes ?? '',
    participants: participantsOf(item),
    customData: item.id > 0 ? { [RESTORES_KEY]: restoresValue(item.id, restores) } : {},
  };
}

/**
 * Moves an appointment to another calendar (a drag across provider columns, or the editor's calendar): the service
 * cannot move one, so core queues one unit that makes `to` on the new calendar and then cancels this one. Both show
 * at once, waiting: the old one to go, the new one to arrive. Offers Undo; returns a problem in plain words, or null.
 */
export async function moveToCalendar(item: AgendaItem, to: AppointmentInput, back = false): Promise<string | null> {
  if (item.queuedBooking || (item.id <= 0 && !item.externalId && !item.pending?.changeId))
    return 'This booking has not reached the service yet. Move it to another provider once it has.';
  const result = await scheduleChanges.move({ ...refOf(item), to });
  if (!result.ok) return result.error.message;
  const op = result.value;
  store().patch(
    (i) => i.id === item.id || (Boolean(item.externalId) && i.externalId === item.externalId),
    (i) => ({ ...i, pending: { changeId: op.id, status: 'queued', change: 'delete' } }),
  );
  const arriving = waitingRow(op.id, to);
  store().upsert(arriving);
  track(op, { change: 'move', id: item.id });
  if (store().selectedId === item.id) store().openDetails(null);
  const name = arriving.calendarName || 'the other calendar';
  offerUndo({
    kind: 'move',
    opId: op.id,
    before: item,
    after: arriving,
    message: back
      ? `Moved back to ${name} as a new appointment — the service cannot bring back the one it cancelled`
      : `Moved to ${name} — the service makes it a new appointment and cancels the old one`,
  });
  return null;
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
    // A move to another calendar still queued: the one waiting to arrive goes, the old one stays as it was.
    if (offer.after && offer.after.calendarId !== before.calendarId) store().remove(isMine(offer.opId));
    store().upsert(before, (i) => i.id === before.id);
    useCalendarStore.setState({ notice: null });
    return;
  }
  if (offer.kind === 'mark')
    // Held for the Undo window, a mark is withdrawn above; past it, the service has it and cannot clear a check-in.
    return failed('That mark has already reached the service. Choose the right one from the appointment’s menu.');
  const after = offer.after;
  if (offer.kind === 'move' && after && before.calendarId && after.calendarId !== before.calendarId) {
    // Sent: the service made a new appointment there and cancelled this one. Moving back makes another new one on
    // the first calendar (and cancels the one moved to), as closely as the service allows.
    const moved = store().items.find(isMine(offer.opId)) ?? after;
    const from = { ...moved, id: moved.id > 0 ? moved.id : -1, externalId: moved.externalId ?? offer.opId };
    const problem = await moveToCalendar(
      from,
      sameAppointmentOn(before, before.calendarId, before.start, before.end),
      true,
    );
    if (problem) failed(problem);
    return;
  }
  if (offer.kind === 'move') {
    const changes = offer.undoChanges ?? { start: before.start, end: before.end };
    const current = store().items.find((i) => i.id === before.id) ?? before;
    const back = await updateAppointment(current, changes);
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
