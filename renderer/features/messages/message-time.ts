/** When a text was sent, as staff say it: "10:42 AM" today, "Mon 10:42 AM" this week, "23 Nov" before. */
import { differenceInCalendarDays, format } from 'date-fns';
import { dayKey, inZone, timeInZone } from '../../lib/practice-time';

/** Short form for the thread list. */
export function listTime(at: string | null, zone: string, now = Date.now()): string {
  if (!at || Number.isNaN(Date.parse(at))) return '';
  if (dayKey(at, zone) === dayKey(now, zone)) return timeInZone(at, zone);
  const days = differenceInCalendarDays(inZone(now, zone), inZone(at, zone));
  return days < 7 ? format(inZone(at, zone), 'EEE') : format(inZone(at, zone), 'd MMM');
}

/** Full form for one text: "10:42 AM" today, else "Mon 23 Nov, 10:42 AM". */
export function messageTime(at: string, zone: string, now = Date.now()): string {
  if (Number.isNaN(Date.parse(at))) return '';
  if (dayKey(at, zone) === dayKey(now, zone)) return timeInZone(at, zone);
  return `${format(inZone(at, zone), 'EEE d MMM')}, ${timeInZone(at, zone)}`;
}
