/**
 * The days a "Repeat" rule gives (calendar/series-service.ts `seriesDays`): every N weeks, or the same weekday of
 * each month (the 2nd Tuesday stays the 2nd; a 5th weekday a month lacks becomes its last), for a count or until a
 * day (inclusive), never more than SERIES_MAX. Calendar days: no zone, no 24-hour steps.
 */
import { describe, expect, it } from 'vitest';
import { SERIES_MAX } from '../../../common/model/series';
import { seriesDays } from '../../../main/core/calendar/series-service';

describe('the days of a series', () => {
  it('every N weeks, for a count', () => {
    expect(seriesDays('2026-12-08', { every: 'weeks', interval: 1, count: 3 })).toEqual([
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
    ]);
    expect(seriesDays('2026-12-08', { every: 'weeks', interval: 2, count: 3 })).toEqual([
      '2026-12-08',
      '2026-12-22',
      '2027-01-05',
    ]);
  });

  it('until a day, that day included, and never more than the most a series makes', () => {
    expect(seriesDays('2026-12-08', { every: 'weeks', interval: 1, until: '2026-12-22' })).toEqual([
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
    ]);
    expect(seriesDays('2026-12-08', { every: 'weeks', interval: 1, until: '2036-01-01' })).toHaveLength(SERIES_MAX);
  });

  it('monthly on the same weekday: the same week of each month, a missing fifth one its last', () => {
    expect(seriesDays('2026-12-08', { every: 'month_weekday', interval: 1, count: 3 })).toEqual([
      '2026-12-08',
      '2027-01-12',
      '2027-02-09',
    ]);
    // 29 December 2026 is the fifth Tuesday; January and February 2027 have four.
    expect(seriesDays('2026-12-29', { every: 'month_weekday', interval: 1, count: 3 })).toEqual([
      '2026-12-29',
      '2027-01-26',
      '2027-02-23',
    ]);
  });
});
