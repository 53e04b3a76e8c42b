/**
 * The schedule's one bar (it wraps to two at 1024 px): previous / Today / next, a date picker, the days shown (and
 * the zone when it is not the computer's), the view switcher, which calendars and whether cancelled visits show, the
 * Key to the blocks' states, Print day sheet, Text everyone in the next hour and New appointment.
 */
import { lazy, memo, Suspense, useState } from 'react';
import type { CalendarInfo } from '../../../common/contract';
import { ariaKeysOf } from '../../lib/actions';
import { format } from 'date-fns';
import { dayKey, dayStart, differsFromWorkstation, wallTimeToInstant, zoneLabel } from '../../lib/practice-time';
import { useAuthStore } from '../../stores/auth-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { useShellStore } from '../../stores/shell-store';
import { printDaySheet } from '../shell';
import { CalendarFilter } from './CalendarFilter';
import { GoToDateField } from './GoToDateField';
import { ScheduleKey } from './ScheduleKey';
import { titleOf, type ScheduleView } from '../../lib/schedule-range';
import { useNow } from './use-now';

// Loaded when first opened: the first paint of the schedule does not carry it.
const DelayBroadcast = lazy(() => import('../messages').then((m) => ({ default: m.DelayBroadcast })));

const VIEWS: readonly { view: ScheduleView; label: string }[] = [
  { view: 'day', label: 'Day' },
  { view: 'week', label: 'Week' },
  { view: 'agenda', label: 'Agenda' },
];

/** What the bar needs from the screen: the zone, the calendars, and how many gone visits the range has. */
export interface ScheduleToolbarProps {
  zone: string;
  calendars: CalendarInfo[];
  /** Cancelled and no-show visits in the range shown (in the calendars shown). */
  goneCount: number;
}

/**
 * The bar (memoised: it reads the view, the day and its options from the store itself, so a range's appointments
 * arriving, or the service's answer replacing the saved one, does not render it and its date picker again).
 */
export const ScheduleToolbar = memo(function ScheduleToolbar({ zone, calendars, goneCount }: ScheduleToolbarProps) {
  const view = useCalendarStore((s) => s.view);
  const anchor = useCalendarStore((s) => s.anchor);
  const showCancelled = useCalendarStore((s) => s.showCancelled);
  const { today, move, setView, goTo, openNew, toggleCancelled } = useCalendarStore.getState();
  const isToday = anchor === dayKey(useNow(), zone);
  // The label names the zone as it is on the day shown (CDT or CST), not as it is now.
  const shownAt = wallTimeToInstant(anchor, '12:00', zone) ?? undefined;
  const unit = view === 'day' ? 'day' : 'week';
  const canText = useAuthStore((s) => Boolean(s.status?.grantedScopes.includes('messaging:send')));
  const [broadcasting, setBroadcasting] = useState(false);
  return (
    <div className="schedule-bar" data-testid="schedule-bar">
      <div className="schedule-bar-start">
        <div className="button-row schedule-nav">
          <button type="button" className="bar-button" onClick={() => move(-1)} aria-label={`Previous ${unit}`}>
            ‹
          </button>
          <button type="button" className="bar-button" onClick={today} disabled={isToday}>
            Today
          </button>
          <button type="button" className="bar-button" onClick={() => move(1)} aria-label={`Next ${unit}`}>
            ›
          </button>
        </div>
        <GoToDateField anchor={anchor} onGo={goTo} />
        <div className="schedule-heading">
          <h2 id="calendar-heading" className="schedule-title">
            {view === 'day'
              ? `${isToday ? 'Today, ' : ''}${format(dayStart(anchor, zone), isToday ? 'EEE d MMM' : 'EEE d MMM yyyy')}`
              : titleOf(view, anchor, zone)}
          </h2>
          {differsFromWorkstation(zone, shownAt) && (
            <p className="zone-label" data-testid="zone-label">
              {zoneLabel(zone, shownAt)}
            </p>
          )}
        </div>
        <div className="view-switch" role="group" aria-label="View">
          {VIEWS.map((v) => (
            <button
              key={v.view}
              type="button"
              className="bar-button"
              aria-pressed={view === v.view}
              onClick={() => setView(v.view)}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      <div className="schedule-bar-end">
        <CalendarFilter calendars={calendars} />
        <label className="bar-toggle" data-testid="show-cancelled">
          <input type="checkbox" checked={showCancelled} onChange={toggleCancelled} />
          Show cancelled{goneCount > 0 ? ` (${goneCount})` : ''}
        </label>
        <ScheduleKey />
        <button
          type="button"
          className="bar-button bar-icon"
          aria-label="Print day sheet"
          title="Print day sheet"
          aria-keyshortcuts={ariaKeysOf(printDaySheet)}
          onClick={() => useShellStore.getState().requestPrint()}
        >
          <PrintIcon />
        </button>
        {canText && (
          <button
            type="button"
            className="bar-button bar-icon"
            aria-label="Text everyone in the next hour"
            title="Text everyone in the next hour"
            onClick={() => setBroadcasting(true)}
          >
            <TextIcon />
          </button>
        )}
        <button type="button" className="primary-button bar-primary" onClick={() => openNew()}>
          New appointment
        </button>
      </div>
      {broadcasting && (
        <Suspense fallback={null}>
          <DelayBroadcast onClose={() => setBroadcasting(false)} />
        </Suspense>
      )}
    </div>
  );
});

/** A printer (Print day sheet). */
function PrintIcon() {
  return (
    <svg className="bar-svg" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6V1.5h8V6M4 12H2.5V6.5h11V12H12M4.5 9.5h7v5h-7z" fill="none" strokeWidth="1.4" />
    </svg>
  );
}

/** A speech bubble (Text everyone in the next hour). */
function TextIcon() {
  return (
    <svg className="bar-svg" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 3h12v8H7l-3 3v-3H2z" fill="none" strokeWidth="1.4" />
    </svg>
  );
}
