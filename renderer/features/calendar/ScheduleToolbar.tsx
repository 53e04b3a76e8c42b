/**
 * The schedule's bar: the days shown (and the zone when it is not the computer's), Today, previous/next, a date
 * picker, the view switcher, Text everyone in the next hour and New appointment.
 */
import { parseDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { lazy, Suspense, useState } from 'react';
import { dayKey, differsFromWorkstation, wallTimeToInstant, zoneLabel } from '../../lib/practice-time';
import { useAuthStore } from '../../stores/auth-store';
import { useCalendarStore } from '../../stores/calendar-store';
import { titleOf, type ScheduleView } from '../../lib/schedule-range';
import { useNow } from './use-now';

// Loaded when first opened: the first paint of the schedule does not carry it.
const DelayBroadcast = lazy(() => import('../messages').then((m) => ({ default: m.DelayBroadcast })));

const VIEWS: readonly { view: ScheduleView; label: string }[] = [
  { view: 'day', label: 'Day' },
  { view: 'week', label: 'Week' },
  { view: 'agenda', label: 'Agenda' },
];

/** The bar. */
export function ScheduleToolbar({ zone }: { zone: string }) {
  const view = useCalendarStore((s) => s.view);
  const anchor = useCalendarStore((s) => s.anchor);
  const { today, move, setView, goTo, openNew } = useCalendarStore.getState();
  const isToday = anchor === dayKey(useNow(), zone);
  // The label names the zone as it is on the day shown (CDT or CST), not as it is now.
  const shownAt = wallTimeToInstant(anchor, '12:00', zone) ?? undefined;
  const unit = view === 'day' ? 'day' : 'week';
  const canText = useAuthStore((s) => Boolean(s.status?.grantedScopes.includes('messaging:send')));
  const [broadcasting, setBroadcasting] = useState(false);
  // Three steady rows at every width (from 1024 px up): what day and what to do; where to go; whom to show.
  return (
    <>
      <div className="schedule-bar">
        <div className="schedule-heading">
          <h2 id="calendar-heading" className="schedule-title">
            {view === 'day' && isToday
              ? `Today, ${titleOf('day', anchor, zone).replace(/ \d{4}$/, '')}`
              : titleOf(view, anchor, zone)}
          </h2>
          {differsFromWorkstation(zone, shownAt) && (
            <p className="zone-label" data-testid="zone-label">
              {zoneLabel(zone, shownAt)}
            </p>
          )}
        </div>
        <div className="schedule-actions">
          {canText && (
            <button type="button" className="secondary-button" onClick={() => setBroadcasting(true)}>
              Text everyone in the next hour
            </button>
          )}
          <button type="button" className="primary-button" onClick={() => openNew()}>
            New appointment
          </button>
        </div>
      </div>
      <div className="schedule-nav">
        <div className="button-row">
          <button type="button" className="secondary-button" onClick={() => move(-1)} aria-label={`Previous ${unit}`}>
            ‹
          </button>
          <button type="button" className="secondary-button" onClick={today} disabled={isToday}>
            Today
          </button>
          <button type="button" className="secondary-button" onClick={() => move(1)} aria-label={`Next ${unit}`}>
            ›
          </button>
          <DatePicker
            className="date-picker"
            value={parseDate(anchor)}
            onChange={(d) => d && goTo(d.toString())}
            granularity="day"
          >
            <Label className="visually-hidden">Go to date</Label>
            <Group className="date-group">
              <DateInput className="date-input">
                {(segment) => <DateSegment segment={segment} className="date-segment" />}
              </DateInput>
              <Button className="icon-button" aria-label="Choose a date">
                ▾
              </Button>
            </Group>
            <Popover className="menu-popover">
              <Dialog className="date-dialog" aria-label="Choose a date">
                <Calendar>
                  <header className="cal-head">
                    <Button slot="previous" className="icon-button" aria-label="Previous month">
                      ‹
                    </Button>
                    <Heading className="cal-heading" />
                    <Button slot="next" className="icon-button" aria-label="Next month">
                      ›
                    </Button>
                  </header>
                  <CalendarGrid className="cal-grid">
                    {(date) => <CalendarCell date={date} className="cal-cell" />}
                  </CalendarGrid>
                </Calendar>
              </Dialog>
            </Popover>
          </DatePicker>
        </div>
        <div className="view-switch" role="group" aria-label="View">
          {VIEWS.map((v) => (
            <button
              key={v.view}
              type="button"
              className="secondary-button"
              aria-pressed={view === v.view}
              onClick={() => setView(v.view)}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      {broadcasting && (
        <Suspense fallback={null}>
          <DelayBroadcast onClose={() => setBroadcasting(false)} />
        </Suspense>
      )}
    </>
  );
}
