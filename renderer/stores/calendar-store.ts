/**
 * The schedule's state: which view and days, the calendars (and which are shown), the appointments of the range,
 * the one open in details or the editor, and the live updates. Other screens (the shell's shortcuts) call its
 * actions: today(), move(±1), setView(), openNew().
 */
import { create } from 'zustand';
import type {
  Agenda,
  AgendaChanges,
  AgendaItem,
  AppointmentChanges,
  BookingSettle,
  CalendarInfo,
  IpcError,
  StoreChange,
} from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import { waitForFresh } from '../lib/store-changes';
import { markScheduleData } from '../lib/perf-marks';
import type { FirstRead } from '../lib/first-read';
import { addDaysToKey, dayKey, hostZone, practiceZone, usePracticeClock } from '../lib/practice-time';
import { useScheduleSyncStore } from './schedule-sync-store';
import type { AppointmentForm } from './appointment-drafts';
import { rangeOf, stepOf, type ScheduleView } from '../lib/schedule-range';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** How long a changed appointment stays highlighted. */
export const HIGHLIGHT_MS = 4000;

type CalendarsAnswer = Awaited<ReturnType<(typeof frontdesk.invoke)['calendar:calendars']>>;

/** How long a calendar list just read is reused (the shell's at sign-in, then the schedule's when it opens). */
const LIST_REUSE_MS = 60_000;

/** A calendar-list read: when it answered (null while in flight) and its answer. */
interface CalendarsRead {
  at: number | null;
  read: Promise<CalendarsAnswer>;
}

/**
 * One request for the calendar list however many ask at once or just after (the shell at sign-in and the schedule
 * when it opens); a failed answer is not reused. Every asker needs the answer (not only the newest), and one is
 * reused for a while after it came: the last read is kept in the store (`calendarsRead`), which `clear()` forgets.
 */
function readCalendars(): Promise<CalendarsAnswer> {
  const last = useCalendarStore.getState().calendarsRead;
  if (last && (last.at === null || Date.now() - last.at < LIST_REUSE_MS)) return last.read;
  return keepCalendarsRead(frontdesk.invoke['calendar:calendars']());
}

/** Keeps a list read in flight as the store's (`readCalendars` reuses it), until it fails or grows old. */
function keepCalendarsRead(read: Promise<CalendarsAnswer>): Promise<CalendarsAnswer> {
  const entry: CalendarsRead = { at: null, read };
  useCalendarStore.setState({ calendarsRead: entry });
  const forget = () => {
    if (useCalendarStore.getState().calendarsRead === entry) useCalendarStore.setState({ calendarsRead: null });
  };
  entry.read.then((r) => (r.ok ? (entry.at = Date.now()) : forget()), forget);
  return entry.read;
}

/**
 * The page's start read the schedule and the calendar list (lib/first-read.ts): the schedule's first load takes the
 * one, and the list read is the store's, so the schedule's opening does not ask for the list again after the range.
 */
export function takeFirstRead(first: FirstRead): void {
  useCalendarStore.setState({ firstRead: first });
  void keepCalendarsRead(first.calendars);
}

/** A prefilled new appointment (from an empty slot or a contact). */
export interface NewAppointmentPrefill {
  calendarId?: number;
  /** Epoch ms. */
  start?: number;
  participant?: { name?: string; phone?: string; email?: string; contactId?: number };
}

/** What the editor dialog is doing. */
export type EditorState = { mode: 'new'; prefill: NewAppointmentPrefill } | { mode: 'edit'; item: AgendaItem } | null;

/** The Undo offered after a cancellation or a move. */
export interface UndoOffer {
  /** "Cancelled Cleaning for Jane Doe at 9:00 AM". */
  message: string;
  opId: string;
  kind: 'cancel' | 'move' | 'mark';
  /** The appointment as it was before. */
  before: AgendaItem;
  /** A move or an edit: the appointment as it now is (its new time and calendar), for "Text the patient". */
  after?: AgendaItem;
  /** An edit: the fields it changed, as they were (what Undo writes back once the edit was sent). */
  undoChanges?: AppointmentChanges;
  /** Epoch ms after which Undo is gone. */
  until: number;
}

/** State and actions of the schedule. */
export interface CalendarState {
  view: ScheduleView;
  /** The day the view is anchored on, `yyyy-MM-dd` in the practice's zone. */
  anchor: string;
  calendars: CalendarInfo[];
  /** Calendars the user hid with the filter. */
  hidden: number[];
  /** Cancelled and no-show visits are shown in the grid ("Show cancelled"); otherwise they take no room. */
  showCancelled: boolean;
  items: AgendaItem[];
  /** Where the items came from, for the stale/offline notice. */
  source: { source: 'service' | 'cache' | 'unavailable'; fetchedAt: number } | null;
  loading: boolean;
  error: IpcError | null;
  /** Ids of appointments that just changed (briefly highlighted). */
  highlighted: Record<number, number>;
  /** The appointment open in details. */
  selectedId: number | null;
  editor: EditorState;
  undo: UndoOffer | null;
  /** Bumped to ask the grid to move focus to the next patient due (the "N" key); 0 until asked. */
  focusAsk: number;
  /** Asks the grid to focus the next patient due (it does so once the day's appointments are in). */
  focusNextDue(): void;
  /** A plain-words problem of the last write ("The service refused the change: …"). */
  notice: string | null;
  /** Not shown: the unsaved appointment forms ("new" or `id:<appointment>`), kept until saved or the account goes. */
  drafts: Map<string, AppointmentForm>;
  /** Not shown: the last calendar-list read (readCalendars). */
  calendarsRead: CalendarsRead | null;
  /** Not shown: the schedule's read sent as the page started (lib/first-read.ts), for the first load to take. */
  firstRead: FirstRead | null;
  /**
   * Reads the calendars and the practice's zone (at sign-in, whatever the screen, and when the schedule opens); true
   * when the zone moved since the call (a range read meanwhile must be read again).
   */
  loadCalendars(): Promise<boolean>;
  /**
   * Opens the schedule: its range read once, in the practice's zone. With the zone remembered from the last start, the
   * saved answer paints at once and the range and the calendars are read together (again only if the zone moved);
   * with none remembered, the range waits for the calendars, which name the zone.
   */
  open(): Promise<void>;
  load(): Promise<void>;
  setView(view: ScheduleView): void;
  today(): void;
  move(delta: number): void;
  goTo(day: string): void;
  toggleCalendar(id: number): void;
  toggleCancelled(): void;
  openDetails(id: number | null): void;
  openNew(prefill?: NewAppointmentPrefill): void;
  openEdit(item: AgendaItem): void;
  closeEditor(): void;
  /** Merges what changed (from a poll or a settled write). */
  applyChanges(changes: AgendaChanges, highlight: boolean): void;
  /** Puts one appointment in (replacing it or the local item it settles). */
  upsert(item: AgendaItem, replaces?: (i: AgendaItem) => boolean): void;
  remove(match: (i: AgendaItem) => boolean): void;
  /** Marks appointments with the state of the booking that made them; a dismissed refused one leaves. */
  applyBookings(list: readonly BookingSettle[]): void;
  /**
   * Appointments core's store changed (here, at another desk, sent): each shown one is put in place (keeping the
   * booking core follows for it), a new one the view covers is added, a removed one goes.
   */
  applyStore(change: StoreChange): void;
  patch(match: (i: AgendaItem) => boolean, change: (i: AgendaItem) => AgendaItem): void;
  clear(): void;
}

const todayKey = () => dayKey(Date.now(), practiceZone());
/**
 * An appointment made here shows as its change (a negative id, the change's id as its external id) until the
 * service's appointment for it is shown; then only the service's. Their two events (the store's push of the
 * appointment, the outbox's "sent") may come in either order.
 */
function withoutSuperseded(items: AgendaItem[]): AgendaItem[] {
  const made = new Set(items.flatMap((i) => (i.id > 0 && i.externalId ? [i.externalId] : [])));
  return made.size === 0 ? items : items.filter((i) => i.id > 0 || !i.externalId || !made.has(i.externalId));
}
const byStart = (a: AgendaItem, b: AgendaItem) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;
/** The shown range: only the newest read may write its answer; each is its own call (it may wait for its fresh one). */
const rangeRead = query(
  (args: { begin: string; end: string; savedFirst?: true }) => frontdesk.invoke['calendar:range'](args),
  { shareInFlight: false },
);
/** Puts a range's fresh answer in place of what is shown. */
function freshRange(agenda: Agenda, startedAt: number): void {
  const set = useCalendarStore.setState;
  const get = useCalendarStore.getState;
  const { items, source, fetchedAt } = agenda;
  if (source === 'service') useScheduleSyncStore.setState({ syncedAt: startedAt });
  // The service's answer usually equals the saved one just painted: keep the painted list (one render per switch),
  // and where it differs keep each appointment that did not change as it was, so only the changed ones' blocks render.
  const shown = get().source !== null ? new Map(get().items.map((i) => [i.id, i])) : null;
  let same = shown !== null && shown.size === items.length;
  const kept = items.map((item) => {
    const was = shown?.get(item.id);
    if (was && JSON.stringify(was) === JSON.stringify(item)) return was;
    same = false;
    return item;
  });
  if (same) return set({ loading: false, error: null, source: { source, fetchedAt } });
  markScheduleData(items.length);
  set({ loading: false, error: null, items: kept, source: { source, fetchedAt } });
}

/** The range shown now. */
export function currentRange(s: Pick<CalendarState, 'view' | 'anchor'> = useCalendarStore.getState()) {
  return rangeOf(s.view, s.anchor, practiceZone());
}

/** Today's day view with nothing read (at start and for each account). */
export const getEmptyState = (): StoreData<CalendarState> => ({
  view: 'day',
  anchor: todayKey(),
  calendars: [],
  hidden: [],
  showCancelled: false,
  items: [],
  source: null,
  loading: false,
  error: null,
  highlighted: {},
  selectedId: null,
  editor: null,
  undo: null,
  focusAsk: 0,
  notice: null,
  drafts: new Map(),
  calendarsRead: null,
  firstRead: null,
});

/** One store for the schedule. */
export const useCalendarStore = create<CalendarState>()((set, get) => ({
  ...getEmptyState(),
  async loadCalendars() {
    // The zone as this caller knew it (a range read meanwhile used it), even when another caller's answer lands first.
    const before = practiceZone();
    const anchorWasToday = get().anchor === todayKey();
    const result = await readCalendars();
    if (!result.ok) return false;
    // Core told the zone the list names with the session before it answered (renderer/stores/auth-store.ts).
    set({ calendars: result.value.calendars });
    if (practiceZone() === before) return false;
    // "Today" in the practice's zone may be another day than the workstation's.
    if (anchorWasToday) set({ anchor: todayKey() });
    return true;
  },
  async open() {
    if (usePracticeClock.getState().zone !== null) {
      const loading = get().load();
      if (await get().loadCalendars()) await get().load();
      else await loading;
      return;
    }
    const unmoved = rangeRead.turn();
    set({ loading: true });
    await get().loadCalendars(); // when it fails (offline, no saved list), the range is read in this computer's zone
    if (unmoved()) await get().load(); // unless the user already moved on
  },
  async load() {
    const range = currentRange();
    const startedAt = Date.now();
    set({ loading: true });
    if (get().source !== null) {
      const result = await rangeRead.run(range);
      if (result === null) return; // the user moved on meanwhile
      return result.ok ? freshRange(result.value, startedAt) : set({ loading: false, error: result.error });
    }
    // Nothing painted yet: one call, answered at once with the saved answer (or the fresh one when nothing is
    // saved); the fresh answer follows as a change of core's store. At the page's start that call is already on its
    // way (lib/first-read.ts) when it is for this range.
    const sent = get().firstRead?.take(range.begin, range.end) ?? null;
    if (get().firstRead) set({ firstRead: null });
    const fresh =
      sent?.fresh ??
      waitForFresh((f) =>
        f.of === 'calendar:range' && f.begin === range.begin && f.end === range.end ? f.answer : null,
      );
    const asked = sent
      ? sent.asked.then((answer) => (newest() ? answer : null))
      : rangeRead.run({ ...range, savedFirst: true });
    const newest = rangeRead.turn();
    const first = await asked;
    if (first === null || !first.ok) fresh.stop();
    if (first === null) return;
    if (!first.ok) return set({ loading: false, error: first.error });
    if (!fresh.landed()) {
      markScheduleData(first.value.items.length);
      set({ items: first.value.items, source: { source: first.value.source, fetchedAt: first.value.fetchedAt } });
    }
    const result = await fresh.answer;
    if (!newest()) return;
    // A failure after a painted saved answer leaves that answer up, marked as saved.
    return result.ok ? freshRange(result.value, startedAt) : set({ loading: false, error: result.error });
  },
  setView(view) {
    if (view === get().view) return;
    set({ view, source: null, items: [], error: null, loading: true });
    void get().load();
  },
  today() {
    const anchor = todayKey();
    if (anchor === get().anchor) return;
    set({ anchor, source: null, items: [], error: null, loading: true });
    void get().load();
  },
  move(delta) {
    const anchor = addDaysToKey(get().anchor, delta * stepOf(get().view));
    set({ anchor, source: null, items: [], error: null, loading: true });
    void get().load();
  },
  goTo(day) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day === get().anchor) return;
    set({ anchor: day, source: null, items: [], error: null, loading: true });
    void get().load();
  },
  toggleCalendar(id) {
    const hidden = get().hidden;
    set({ hidden: hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id] });
  },
  toggleCancelled: () => set({ showCancelled: !get().showCancelled }),
  focusNextDue: () => set({ focusAsk: get().focusAsk + 1 }),
  openDetails: (id) => set({ selectedId: id }),
  openNew: (prefill = {}) => set({ editor: { mode: 'new', prefill } }),
  openEdit: (item) => set({ editor: { mode: 'edit', item } }),
  closeEditor: () => set({ editor: null }),
  applyChanges(changes, highlight) {
    const now = Date.now();
    const byId = new Map(get().items.map((i) => [i.id, i]));
    const removed = new Set(changes.removedIds);
    const lit: Record<number, number> = {};
    for (const item of changes.items) {
      const old = byId.get(item.id);
      if (highlight && (!old || (old.updatedAt ?? '') !== (item.updatedAt ?? ''))) lit[item.id] = now + HIGHLIGHT_MS;
    }
    const localOnly = get().items.filter((i) => i.id < 0);
    const kept = changes.full ? localOnly : get().items.filter((i) => !removed.has(i.id));
    const next = new Map(kept.map((i) => [i.id, i]));
    for (const item of changes.items) next.set(item.id, item);
    set({
      items: withoutSuperseded([...next.values()]).sort(byStart),
      highlighted: Object.keys(lit).length > 0 ? { ...pruned(get().highlighted, now), ...lit } : get().highlighted,
      ...(get().selectedId !== null && removed.has(get().selectedId!) ? { selectedId: null } : {}),
    });
  },
  upsert(item, replaces) {
    const items = get().items.filter((i) => i.id !== item.id && !(replaces && replaces(i)));
    const { begin, end } = currentRange();
    const at = Date.parse(item.start);
    if (at >= Date.parse(begin) && at <= Date.parse(end)) items.push(item); // only what the view shows
    set({ items: items.sort(byStart) });
  },
  remove(match) {
    set({ items: get().items.filter((i) => !match(i)) });
  },
  applyBookings(list) {
    const byEvent = new Map(list.filter((b) => b.eventId !== null).map((b) => [b.eventId!, b]));
    let changed = false;
    const items = get().items.flatMap((item) => {
      const booking = byEvent.get(item.id);
      if (booking) {
        if (sameBooking(item.booking, booking)) return [item];
        changed = true;
        return [{ ...item, booking }];
      }
      if (!item.booking) return [item];
      changed = true;
      const { booking: _gone, ...plain } = item;
      // No longer followed: a refused booking's appointment was never made, so it leaves with the dismissal.
      return item.booking.state === 'failed' ? [] : [plain];
    });
    if (changed) set({ items });
  },
  applyStore(change) {
    if (change.appointments.length === 0 && change.removedAppointments.length === 0) return;
    const fresh = new Map(change.appointments.map((a) => [a.id, a]));
    const gone = new Set(change.removedAppointments);
    const now = Date.now();
    // Changed at the service (here or at another desk) or new: highlighted, as a poll's changes are.
    const lit: Record<number, number> = {};
    let changed = false;
    const items = get().items.flatMap((item) => {
      // A followed booking's appointment stays when the service drops it, as in a poll's changes: a refused one is
      // kept, marked, until dismissed; a pending one until core hears how it settled (applyBookings decides).
      const followed = item.booking?.state === 'failed' || item.booking?.state === 'pending';
      if (gone.has(item.id) && !followed) return ((changed = true), []);
      if (gone.has(item.id)) return [item];
      const next = fresh.get(item.id);
      if (!next) return [item];
      fresh.delete(item.id);
      const kept = item.booking ? { ...next, booking: item.booking } : next;
      if (JSON.stringify(kept) === JSON.stringify(item)) return [item];
      if ((item.updatedAt ?? '') !== (next.updatedAt ?? '')) lit[item.id] = now + HIGHLIGHT_MS;
      changed = true;
      return [kept];
    });
    const { begin, end } = currentRange();
    for (const added of fresh.values()) {
      const at = Date.parse(added.start);
      if (at < Date.parse(begin) || at > Date.parse(end) || get().source === null) continue;
      items.push(added);
      lit[added.id] = now + HIGHLIGHT_MS;
      changed = true;
    }
    if (!changed) return;
    set({
      items: withoutSuperseded(items).sort(byStart),
      ...(Object.keys(lit).length > 0 ? { highlighted: { ...pruned(get().highlighted, now), ...lit } } : {}),
      ...(get().selectedId !== null && gone.has(get().selectedId!) ? { selectedId: null } : {}),
    });
  },
  patch(match, change) {
    set({
      items: get()
        .items.map((i) => (match(i) ? change(i) : i))
        .sort(byStart),
    });
  },
  clear() {
    rangeRead.cancel();
    set(getEmptyState());
  },
}));

const sameBooking = (a: BookingSettle | undefined, b: BookingSettle) =>
  a !== undefined && a.id === b.id && a.state === b.state && a.reason === b.reason && a.eventId === b.eventId;

function pruned(lit: Record<number, number>, now: number): Record<number, number> {
  return Object.fromEntries(Object.entries(lit).filter(([, until]) => until > now));
}

onAccountReset('calendar', () => useCalendarStore.getState().clear());

// "Today" in the practice's zone may be another day than the workstation's (an evening in Chicago is tomorrow in UTC).
// The schedule is made before core names the zone (at the page's start, at an account's reset), so it opens on the
// workstation's today; once the zone is known, a schedule still on that day shows the practice's today instead.
usePracticeClock.subscribe((clock, before) => {
  if (clock.zone === before.zone) return;
  const { anchor } = useCalendarStore.getState();
  const today = todayKey();
  if (anchor !== today && anchor === dayKey(Date.now(), before.zone ?? hostZone()))
    useCalendarStore.setState({ anchor: today });
});
