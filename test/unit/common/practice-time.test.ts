/**
 * The one clock (common/practice-time.ts) at the edges where a fixed 24-hour day goes wrong: the days the clocks
 * change in Chicago (the practice) and Denver (its satellite office), a zone east of UTC, and the suite's fixed
 * "dst-fall" instant (test/e2e/support/clock.ts). Checked against @date-fns/tz, the renderer's formatter.
 */
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  addDaysToKey,
  clocksDiffer,
  dateTimeInZone,
  dayInZone,
  dayKey,
  isoInZone,
  minutesIntoDay,
  practiceDays,
  startOfDayKey,
  startOfPracticeDay,
  wallClock,
  wallTimeToInstant,
  zoneOffsetMs,
  zoneSuffix,
} from '../../../common/practice-time';
import { E2E_TIMES, resolveAt } from '../../e2e/support/clock';

const CHICAGO = 'America/Chicago';
const DENVER = 'America/Denver';
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('practice days', () => {
  it('are 25 hours long on the autumn change and 23 on the spring change', () => {
    const fall = startOfDayKey('2026-11-01', CHICAGO);
    expect(iso(fall)).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfDayKey('2026-11-02', CHICAGO) - fall).toBe(25 * HOUR);
    const spring = startOfDayKey('2027-03-14', CHICAGO);
    expect(iso(spring)).toBe('2027-03-14T06:00:00.000Z');
    expect(startOfDayKey('2027-03-15', CHICAGO) - spring).toBe(23 * HOUR);
  });

  it('counts "N days from now" in days, not 24-hour steps, at the suite\'s dst-fall instant', () => {
    const now = resolveAt('dst-fall')!;
    expect(iso(now)).toBe('2026-11-01T05:30:00.000Z'); // 00:30 CDT, the change at 02:00
    expect(dayKey(now, CHICAGO)).toBe('2026-11-01');
    // 24 hours on is still Sunday: the day has 25 hours.
    expect(dayKey(now + 24 * HOUR, CHICAGO)).toBe('2026-11-01');
    expect(iso(startOfPracticeDay(now, CHICAGO, 1))).toBe('2026-11-02T06:00:00.000Z'); // Monday 00:00 CST
    expect(iso(startOfPracticeDay(now, CHICAGO, -7))).toBe('2026-10-25T05:00:00.000Z'); // a week back, CDT
    expect(practiceDays(now, CHICAGO, 0, 0)).toEqual({
      begin: '2026-11-01T05:00:00.000Z',
      end: '2026-11-02T06:00:00.000Z',
    });
    // A week of days from the change: 7 × 24 hours + the hour given back.
    const week = practiceDays(now, CHICAGO, 0, 6);
    expect(Date.parse(week.end) - Date.parse(week.begin)).toBe(7 * 24 * HOUR + HOUR);
  });

  it("are the practice zone's days, not UTC's, at every named instant of the suite", () => {
    for (const name of Object.keys(E2E_TIMES)) {
      const now = resolveAt(name)!;
      const today = startOfPracticeDay(now, CHICAGO);
      expect(wallClock(today, CHICAGO)).toBe('00:00');
      expect(dayKey(today, CHICAGO)).toBe(dayKey(now, CHICAGO));
      expect(now - today).toBeLessThan(25 * HOUR);
    }
    // 17:50 CST is already tomorrow in UTC: the practice's today is still Wednesday.
    expect(dayKey(resolveAt('evening')! + 6 * HOUR, CHICAGO)).toBe('2026-12-02');
  });

  it('adds calendar days across month, year and leap-day edges', () => {
    expect(addDaysToKey('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDaysToKey('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToKey('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDaysToKey('2026-11-01', -7)).toBe('2026-10-25');
  });
});

describe('wall times', () => {
  it('read a time the spring change skips as the same time after it, and a doubled one as its first', () => {
    // 02:30 does not happen on 14 Mar 2027 in Chicago: read as 03:30 CDT, as date-fns does.
    const skipped = wallTimeToInstant('2027-03-14', '02:30', CHICAGO)!;
    expect(isoInZone(skipped, CHICAGO)).toBe('2027-03-14T03:30:00-05:00');
    expect(skipped).toBe(new TZDate(2027, 2, 14, 2, 30, CHICAGO).getTime());
    // 01:30 happens twice on 1 Nov 2026: the first (CDT).
    const twice = wallTimeToInstant('2026-11-01', '01:30', CHICAGO)!;
    expect(isoInZone(twice, CHICAGO)).toBe('2026-11-01T01:30:00-05:00');
    expect(isoInZone(twice + HOUR, CHICAGO)).toBe('2026-11-01T01:30:00-06:00');
    // East of UTC (Berlin's autumn change): the first 02:30 too.
    expect(isoInZone(wallTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin')!, 'Europe/Berlin')).toBe(
      '2026-10-25T02:30:00+02:00',
    );
  });

  it("count minutes into the day from the day's own midnight", () => {
    expect(minutesIntoDay(wallTimeToInstant('2027-03-14', '09:00', CHICAGO)!, CHICAGO)).toBe(8 * 60);
    expect(minutesIntoDay(wallTimeToInstant('2026-11-01', '09:00', CHICAGO)!, CHICAGO)).toBe(10 * 60);
    expect(minutesIntoDay(wallTimeToInstant('2026-12-02', '09:00', CHICAGO)!, CHICAGO)).toBe(9 * 60);
  });

  it('refuse what is not a day or a time', () => {
    expect(wallTimeToInstant('2026-02-30', '09:00', CHICAGO)).toBeNull();
    expect(wallTimeToInstant('2026-12-02', '24:00', CHICAGO)).toBeNull();
    expect(wallTimeToInstant('2 Dec', '09:00', CHICAGO)).toBeNull();
  });

  it("agree with @date-fns/tz every half hour around both changes, in both offices' zones", () => {
    for (const zone of [CHICAGO, DENVER, 'Europe/Berlin', 'Australia/Sydney']) {
      for (const start of [Date.parse('2026-10-24T00:00:00Z'), Date.parse('2027-03-13T00:00:00Z')]) {
        for (let at = start; at < start + 10 * 24 * HOUR; at += HOUR / 2) {
          const z = new TZDate(at, zone);
          expect(zoneOffsetMs(at, zone)).toBe(-z.getTimezoneOffset() * 60_000);
          const key = dayKey(at, zone);
          const ref = `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}-${String(z.getDate()).padStart(2, '0')}`;
          expect(key).toBe(ref);
          // Back from the wall time: the same instant, or the first of an hour the autumn change repeats.
          const back = wallTimeToInstant(key, wallClock(at, zone), zone)!;
          expect(back === at || (back === at - HOUR && wallClock(back, zone) === wallClock(at, zone))).toBe(true);
        }
      }
    }
  });
});

describe('shown times', () => {
  const at = Date.parse('2026-12-03T17:00:00Z'); // 11:00 AM CST, 10:00 AM MST

  it("name a zone that is not the practice's clock, whatever this computer's", () => {
    expect(timeWithSuffix(at, DENVER, CHICAGO, CHICAGO)).toBe('10:00 AM MST');
    expect(timeWithSuffix(at, CHICAGO, CHICAGO, CHICAGO)).toBe('11:00 AM');
    // This computer in Denver: the practice's times say CST; the satellite's (its own clock here) still say MST.
    expect(timeWithSuffix(at, CHICAGO, CHICAGO, DENVER)).toBe('11:00 AM CST');
    expect(timeWithSuffix(at, DENVER, CHICAGO, DENVER)).toBe('10:00 AM MST');
    // A zone with the same clock (Winnipeg) is not a different time.
    expect(clocksDiffer('America/Winnipeg', CHICAGO, at)).toBe(false);
  });

  it('tell the day in words and ISO with the offset', () => {
    expect(dayInZone(at, DENVER)).toBe('Thu 3 Dec 2026');
    expect(dayInZone(Date.parse('2026-12-03T05:30:00Z'), CHICAGO)).toBe('Wed 2 Dec 2026');
    expect(dateTimeInZone(at, DENVER)).toBe('Thu 3 Dec 2026, 10:00 AM');
    expect(isoInZone(at, DENVER)).toBe('2026-12-03T10:00:00-07:00');
    expect(isoInZone(at, 'UTC')).toBe('2026-12-03T17:00:00Z');
  });
});

function timeWithSuffix(at: number, zone: string, practice: string, here: string): string {
  const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(at);
  return `${clock}${zoneSuffix(zone, at, practice, here)}`;
}
