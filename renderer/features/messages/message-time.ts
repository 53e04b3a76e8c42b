/**
 * When a text was sent, as staff say it, on the practice's clock: "10:42 AM" today, "Mon" this week, "23 Nov" before;
 * a clock time is labelled ("10:42 AM CST") where the practice's clock differs from this computer's.
 */
import { differenceInCalendarDays, format } from 'date-fns';
import { dayKey, inZone, timeInZone, zoneSuffix } from '../../lib/practice-time';

/** Short form for the thread list. */
export function listTime(at: string | null, zone: string, now = Date.now()): string {
  if (!at || Number.isNaN(Date.parse(at))) return '';
  if (dayKey(at, zone) === dayKey(now, zone)) return `${timeInZone(at, zone)}${zoneSuffix(zone, at)}`;
  const days = differenceInCalendarDays(inZone(now, zone), inZone(at, zone));
  return days < 7 ? format(inZone(at, zone), 'EEE') : format(inZone(at, zone), 'd MMM');
}

/** Full form for one text: "10:42 AM" today, else "Mon 23 Nov, 10:42 AM". */
export function messageTime(at: string, zone: string, now = Date.now()): string {
  if (Number.isNaN(Date.parse(at))) return '';
  const clock = `${timeInZone(at, zone)}${zoneSuffix(zone, at)}`;
  if (dayKey(at, zone) === dayKey(now, zone)) return clock;
  return `${format(inZone(at, zone), 'EEE d MMM')}, ${clock}`;
}
