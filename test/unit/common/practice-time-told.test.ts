/**
 * A busy day tells the same few dozen times in hundreds of blocks (each block its start and its day, its hover text
 * its start and end, each asks whether its calendar's zone is one): common/practice-time.ts asks Intl once per zone
 * and instant, and once per zone whether it is one. Counted, as Intl's formatting was the grid's costliest call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayKey, isZone, minutesIntoDay, timeInZone, timeParts } from '../../../common/practice-time';

const CHICAGO = 'America/Chicago';

afterEach(() => vi.restoreAllMocks());

describe('times told on a busy day', () => {
  it('asks Intl once per time and zone however many blocks tell it', () => {
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    // 500 blocks over 25 distinct starts, each telling its start twice (block and hover text) and its day.
    const starts = Array.from({ length: 25 }, (_, i) => Date.parse('2031-03-04T14:00:00Z') + i * 15 * 60_000);
    const told = new Set<string>();
    for (let block = 0; block < 500; block++) {
      const at = starts[block % starts.length]!;
      told.add(`${timeInZone(at, CHICAGO)}|${timeParts(at, CHICAGO).clock}|${dayKey(at, CHICAGO)}`);
      timeInZone(new Date(at).toISOString(), CHICAGO);
      minutesIntoDay(at, CHICAGO);
    }
    expect(told.size).toBe(25);
    // Each start told once (its words and its parts) and its day read once, plus the day's midnight (minutesIntoDay)
    // read a few times: not once per block.
    expect(parts.mock.calls.length).toBeLessThanOrEqual(25 * 2 + 10);
  });

  it('tells the same words as Intl', () => {
    const at = Date.parse('2031-03-04T15:05:00Z');
    const intl = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: CHICAGO });
    expect(timeInZone(at, CHICAGO)).toBe(intl.format(at));
    expect(timeInZone(at + 60_000, CHICAGO)).toBe(intl.format(at + 60_000));
    const parts = intl.formatToParts(at);
    expect(timeParts(at, CHICAGO).period).toBe(parts.find((p) => p.type === 'dayPeriod')?.value ?? '');
  });

  it('asks once per zone whether it is one', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 300; i++) {
      expect(isZone('Europe/Vilnius')).toBe(true);
      expect(isZone('Not/AZone')).toBe(false);
    }
    expect(made.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
