/**
 * Zoned dates for date-fns: the part of the renderer's clock (practice-time.ts, which re-exports these) that needs no
 * store, so the schedule's first read (first-read.ts), sent before a first screen a host drew is painted, reaches no
 * zustand and so no React (test/unit/bench/first-paint.test.ts).
 */
import { TZDate } from '@date-fns/tz';
import { instantOf, startOfDayKey } from '../../common/practice-time';

/** An instant as a date in `zone` (date-fns functions then work in that zone). */
export function inZone(at: number | string | Date, zone: string): TZDate {
  return new TZDate(instantOf(at), zone);
}

/** Midnight of a `yyyy-MM-dd` day in `zone`, as a zoned date. */
export function dayStart(key: string, zone: string): TZDate {
  return new TZDate(startOfDayKey(key, zone), zone);
}
