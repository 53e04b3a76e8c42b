/**
 * The schedule screen (loaded lazily, out of the first chunk): toolbar, calendar filter, the Day / Week grid or the
 * Agenda list, the appointment menu and details, the editor, the Undo toast, and the printed day sheet. Kept current by
 * live updates.
 */
import { format } from 'date-fns';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AgendaItem, MarkState } from '../../../common/contract';
import { ReadStatus } from '../../components/ReadStatus';
import { usePaintedMark } from '../../lib/perf-marks';
import { dayKey, dayStart, isoInZone, timeInZone, usePracticeZone } from '../../lib/practice-time';
import { useAppStore } from '../../stores/app-store';
import { useAuthStore } from '../../stores/auth-store';
import { useBookingStore } from '../../stores/booking-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { useNavStore } from '../../stores/nav-store';
import { AgendaList } from './AgendaList';
import type { SlotAction } from './AppointmentMenu';
import type { MenuAction } from './appointment-actions';
import { appointmentState } from './appointment-state';
import { DaySheet } from './DaySheet';
import { useLaterParts } from './later-parts';
import { colorSlot } from './calendar-colors';
import type { GridColumn } from './grid-layout';
import { daysOf } from '../../lib/schedule-range';
import {
  markAppointment,
  moveAppointment,
  moveToCalendar,
  sameAppointmentOn,
  startLiveUpdates,
  wireScheduleEvents,
} from './schedule-sync';
import { ScheduleToolbar } from './ScheduleToolbar';
import { TimeGrid } from './TimeGrid';
import { UndoToast } from './UndoToast';
import { useDaySheet } from './use-day-sheet';
import './calendar.css';

const OTHER = 'other';

/** Opens Book appointment at a free time of the grid: the page serving that calendar, that day and time. */
function bookForCaller(day: string, start: number, calendarId: number | null): void {
  useBookingStore.getState().prefillSlot({ day, start, calendarId });
  useNavStore.getState().go('book');
}

/** The screen. */
export default function ScheduleScreen() {
  const zone = usePracticeZone();
  const view = useCalendarStore((s) => s.view);
  const anchor = useCalendarStore((s) => s.anchor);
  const calendars = useCalendarStore((s) => s.calendars);
  const hidden = useCalendarStore((s) => s.hidden);
  const items = useCalendarStore((s) => s.items);
  const highlighted = useCalendarStore((s) => s.highlighted);
  const loading = useCalendarStore((s) => s.loading);
  const error = useCalendarStore((s) => s.error);
  const source = useCalendarStore((s) => s.source);
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const practice = useAuthStore((s) => s.status?.account?.practiceName ?? '');
  const sheet = useDaySheet(!loading && source !== null);
  const [menu, setMenu] = useState<{ item: AgendaItem; at: { x: number; y: number } } | null>(null);
  const [confirming, setConfirming] = useState<AgendaItem | null>(null);
  const [slotMenu, setSlotMenu] = useState<{ column: GridColumn; start: number; at: { x: number; y: number } } | null>(
    null,
  );
  // The menus, the details and the editor are react-aria's, in the chunk asked for after the first paint
  // (later-parts.ts), or at once when one of them is wanted before (a click, or details opened from another screen).
  const { parts: later, need } = useLaterParts();
  const wanted = useCalendarStore((s) => s.selectedId !== null || s.editor !== null);
  useEffect(() => {
    if (wanted || menu || slotMenu || confirming) need();
  }, [wanted, menu, slotMenu, confirming, need]);

  useEffect(() => {
    const unwire = wireScheduleEvents();
    const stop = startLiveUpdates();
    return () => {
      unwire();
      stop();
    };
  }, []);
  // A range that failed to load or shows a saved answer is read again when the service is back (otherwise changes
  // arrive by live updates). Not while a read is under way: it brings the service's answer itself, as the first read
  // does for a saved answer shown before this screen's code came (a second read threw that answer away).
  useEffect(() => {
    const s = useCalendarStore.getState();
    if (s.loading) return;
    if (online && (s.error || (s.source && s.source.source !== 'service'))) void s.load();
  }, [online]);

  const shownItems = useMemo(
    () => (hidden.length === 0 ? items : items.filter((i) => !hidden.includes(i.calendarId ?? -1))),
    [items, hidden],
  );
  usePaintedMark('fd:schedule-painted', shownItems, source !== null, 'fd:schedule-data');
  const goneCount = useMemo(() => shownItems.filter((i) => appointmentState(i).gone).length, [shownItems]);
  // The Agenda follows "Show cancelled" as the grid does (one answer to "what is on today").
  const showCancelled = useCalendarStore((s) => s.showCancelled);
  const listed = useMemo(
    () => (showCancelled ? shownItems : shownItems.filter((i) => !appointmentState(i).gone)),
    [shownItems, showCancelled],
  );
  const days = useMemo(() => daysOf(view, anchor, zone), [view, anchor, zone]);
  const columns = useMemo<GridColumn[]>(() => {
    if (view === 'week')
      return days.map((d) => ({
        key: d,
        label: format(dayStart(d, zone), 'EEE d'),
        day: d,
        calendarId: null,
        slot: null,
      }));
    const cols: GridColumn[] = calendars
      .filter((c) => !hidden.includes(c.id))
      .map((c) => ({
        key: String(c.id),
        label: c.name,
        day: anchor,
        calendarId: c.id,
        slot: colorSlot(calendars, c.id),
        zone: c.timeZone,
      }));
    const known = new Set(calendars.map((c) => c.id));
    if (items.some((i) => !known.has(i.calendarId ?? -1)))
      cols.push({ key: OTHER, label: 'Not yet in a calendar', day: anchor, calendarId: null, slot: null });
    return cols;
  }, [view, days, calendars, hidden, anchor, zone, items]);
  const columnOf = useCallback(
    (item: AgendaItem) => {
      if (view === 'week') return dayKey(item.start, zone);
      return calendars.some((c) => c.id === item.calendarId) ? String(item.calendarId) : OTHER;
    },
    [view, calendars, zone],
  );
  const slotOf = useCallback((item: AgendaItem) => colorSlot(calendars, item.calendarId), [calendars]);

  const onAction = useCallback((item: AgendaItem, action: MenuAction) => {
    setMenu(null);
    const s = useCalendarStore.getState();
    if (action === 'details') s.openDetails(item.id);
    else if (action === 'edit') s.openEdit(item);
    else if (action === 'cancel') setConfirming(item);
    else void markAppointment(item, action.mark);
  }, []);
  const onOpen = useCallback((id: number) => useCalendarStore.getState().openDetails(id), []);
  const onCheckIn = useCallback((item: AgendaItem, state: MarkState) => void markAppointment(item, state, true), []);
  const onMenu = useCallback((item: AgendaItem, at: { x: number; y: number }) => setMenu({ item, at }), []);
  const onSlot = useCallback(
    (column: GridColumn, start: number, at: { x: number; y: number }) => setSlotMenu({ column, start, at }),
    [],
  );
  const onSlotAction = (action: SlotAction) => {
    if (!slotMenu) return;
    const { column, start } = slotMenu;
    setSlotMenu(null);
    if (action === 'new')
      useCalendarStore.getState().openNew({ start, ...(column.calendarId ? { calendarId: column.calendarId } : {}) });
    else bookForCaller(column.day, start, column.calendarId);
  };
  const onMove = useCallback(
    (item: AgendaItem, column: GridColumn, start: number) => {
      const length = Date.parse(item.end) - Date.parse(item.start);
      const [from, to] = [isoInZone(start, zone), isoInZone(start + length, zone)];
      // Over another provider's column: made there and the old one cancelled, as one queued change.
      if (view === 'day' && column.calendarId !== null && column.calendarId !== item.calendarId) {
        void moveToCalendar(item, sameAppointmentOn(item, column.calendarId, from, to)).then(
          (problem) => problem && useCalendarStore.setState({ notice: problem }),
        );
        return;
      }
      void moveAppointment(item, from, to);
    },
    [view, zone],
  );

  const label = `${view === 'week' ? 'Week' : 'Day'} schedule`;
  return (
    <section
      className="card calendar schedule"
      aria-labelledby="calendar-heading"
      data-testid="calendar"
      data-view={view}
      data-anchor={anchor}
      data-loading={loading ? 'true' : 'false'}
    >
      <ScheduleToolbar zone={zone} calendars={calendars} goneCount={goneCount} />
      <ReadStatus
        data={source}
        loading={loading}
        error={error}
        online={online}
        what="appointments"
        unavailableText="Offline — these days have not been loaded on this computer yet. Showing only the changes made here."
        testId="stale-notice"
        retry={() => void useCalendarStore.getState().load()}
      />
      {view === 'agenda' ? (
        <AgendaList
          days={days}
          items={listed}
          zone={zone}
          slotOf={slotOf}
          highlighted={highlighted}
          onOpen={onOpen}
          onMenu={onMenu}
          onCheckIn={onCheckIn}
        />
      ) : (
        <TimeGrid
          columns={columns}
          columnOf={columnOf}
          items={shownItems}
          zone={zone}
          slotOf={slotOf}
          highlighted={highlighted}
          label={label}
          onOpen={onOpen}
          onMenu={onMenu}
          onSlot={onSlot}
          onMove={onMove}
          onCheckIn={onCheckIn}
          ready={!loading && source !== null}
          dense={view === 'week'}
        />
      )}
      {!loading && source && shownItems.length === 0 && (
        <p className="muted empty-note">No appointments {view === 'day' ? 'on this day' : 'in these days'}.</p>
      )}
      {menu && later && (
        <later.ContextMenu item={menu.item} at={menu.at} onAction={onAction} onClose={() => setMenu(null)} />
      )}
      {slotMenu && later && (
        <later.SlotMenu
          label={`${timeInZone(slotMenu.start, zone)}${slotMenu.column.calendarId ? `, ${slotMenu.column.label}` : ''}`}
          at={slotMenu.at}
          onAction={onSlotAction}
          onClose={() => setSlotMenu(null)}
        />
      )}
      {confirming && later && (
        <later.CancelConfirm item={confirming} isOpen onOpenChange={(open) => !open && setConfirming(null)} />
      )}
      {later && <later.AppointmentDetails zone={zone} onAction={onAction} />}
      {later && <later.AppointmentEditor zone={zone} />}
      <UndoToast />
      {sheet && (
        <DaySheet practice={practice} day={anchor} zone={zone} calendars={calendars} hidden={hidden} items={items} />
      )}
    </section>
  );
}
