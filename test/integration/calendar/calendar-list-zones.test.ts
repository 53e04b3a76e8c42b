/**
 * A read of the calendar list checks each calendar's zone once per zone for the run (common/practice-time.ts, `isZone`),
 * not with a new Intl.DateTimeFormat per calendar at every read: a CPU profile of the browser host across six reloads of
 * the calendar found 153 ms in calendar-list.ts's own uncached check, on the host's one thread while the schedule's
 * first read was answered. Counted, not timed: the formatters made with a time zone by the list's read, read again.
 */
import { expect, it } from 'vitest';
import { call, useBootstrap } from '../../support/bootstrap';

const boot = useBootstrap();

it('reads the list again without making a formatter per calendar', async () => {
  const first = await call(boot.made, 'calendar:calendars');
  expect(first.calendars.filter((c) => c.timeZone !== null).length, 'calendars with a zone').toBeGreaterThan(0);
  const zones: string[] = [];
  const Real = Intl.DateTimeFormat;
  class Counting extends Real {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      // Only the list read's own (the read-ahead, running meanwhile, makes its cached formatters once per zone).
      if (options?.timeZone && new Error().stack?.includes('calendar-list.ts')) zones.push(options.timeZone);
      super(locales, options);
    }
  }
  Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
  try {
    await call(boot.made, 'calendar:calendars');
  } finally {
    Intl.DateTimeFormat = Real;
  }
  expect(zones, 'formatters made with a zone while the list was read again').toEqual([]);
});
