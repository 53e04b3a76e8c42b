/** The days and instants a view covers, in the practice's zone. */
import { addDays, format, startOfWeek } from 'date-fns';
// Not ./practice-time (its store reaches React): the schedule's first read is sent before the app's code runs.
import { addDaysToKey, isoInZone } from '../../common/practice-time';
import { dayStart } from './zoned-date';

/** The schedule's views. */
export type ScheduleView = 'day' | 'week' | 'agenda';

/** Days of the Agenda list. */
const AGENDA_DAYS = 7;

/** The `yyyy-MM-dd` days a view shows for an anchor day. */
export function daysOf(view: ScheduleView, anchor: string, zone: string): string[] {
  if (view === 'day') return [anchor];
  const first =
    view === 'week' ? format(startOfWeek(dayStart(anchor, zone), { weekStartsOn: 1 }), 'yyyy-MM-dd') : anchor;
  const count = view === 'week' ? 7 : AGENDA_DAYS;
  return Array.from({ length: count }, (_, i) => addDaysToKey(first, i));
}

/** [begin, end] of the view as ISO with the zone's offset (end is the last millisecond of the last day). */
export function rangeOf(view: ScheduleView, anchor: string, zone: string): { begin: string; end: string } {
  const days = daysOf(view, anchor, zone);
  const begin = dayStart(days[0]!, zone);
  const after = dayStart(addDaysToKey(days[days.length - 1]!, 1), zone);
  return { begin: isoInZone(begin, zone), end: isoInZone(after.getTime() - 1000, zone) };
}

/** How far previous/next moves the anchor. */
export function stepOf(view: ScheduleView): number {
  return view === 'day' ? 1 : 7;
}

/** "Monday 8 January 2030", "6 – 12 Jan 2030" (short months: the range fits the bar's one row). */
export function titleOf(view: ScheduleView, anchor: string, zone: string): string {
  const days = daysOf(view, anchor, zone);
  const first = dayStart(days[0]!, zone);
  if (view === 'day') return format(first, 'EEEE d MMMM yyyy');
  const last = addDays(first, days.length - 1);
  return first.getMonth() === last.getMonth()
    ? `${format(first, 'd')} – ${format(last, 'd MMM yyyy')}`
    : `${format(first, 'd MMM')} – ${format(last, 'd MMM yyyy')}`;
}
