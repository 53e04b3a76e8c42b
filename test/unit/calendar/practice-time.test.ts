/** The one clock: wall times and days in the practice's zone, across daylight-saving changes. */
import { describe, expect, it } from 'vitest';
import {
  addDaysToKey,
  dayKey,
  dayStart,
  differsFromWorkstation,
  isoInZone,
  minutesIntoDay,
  wallClock,
  wallTimeToInstant,
  zoneLabel,
} from '../../../renderer/lib/practice-time';

describe('practice time', () => {
  it('reads and writes wall times in the practice zone, whatever the workstation zone', () => {
    const at = wallTimeToInstant('2030-01-08', '09:30', 'America/Chicago')!;
    expect(new Date(at).toISOString()).toBe('2030-01-08T15:30:00.000Z');
    expect(isoInZone(at, 'America/Chicago')).toBe('2030-01-08T09:30:00-06:00');
    expect(wallClock(at, 'America/Chicago')).toBe('09:30');
    expect(wallClock(at, 'America/Denver')).toBe('08:30');
    expect(dayKey(Date.parse('2030-01-09T03:00:00Z'), 'America/Chicago')).toBe('2030-01-08');
    expect(wallTimeToInstant('2030-01-08', '25:00', 'America/Chicago')).toBeNull();
    expect(wallTimeToInstant('8 Jan', '09:00', 'America/Chicago')).toBeNull();
  });

  it('counts minutes into the day on a daylight-saving day (23 hours long)', () => {
    const day = '2030-03-10';
    expect(dayStart(day, 'America/Chicago').toISOString()).toBe('2030-03-10T00:00:00.000-06:00');
    expect(minutesIntoDay(wallTimeToInstant(day, '09:00', 'America/Chicago')!, 'America/Chicago')).toBe(8 * 60);
    expect(addDaysToKey('2030-03-09', 2)).toBe('2030-03-11');
  });

  it('labels the zone in plain words and knows when it differs from this computer', () => {
    expect(zoneLabel('America/Chicago', Date.parse('2030-01-08T12:00:00Z'))).toMatch(/^Times in Chicago time/);
    expect(differsFromWorkstation(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(false);
    expect(differsFromWorkstation('Pacific/Kiritimati') || differsFromWorkstation('Pacific/Niue')).toBe(true);
  });
});
