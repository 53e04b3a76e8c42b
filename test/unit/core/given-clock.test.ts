/** The clock behind the hosts' `--now` flag: an instant with its offset, read now and running on from there. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFrom, parseInstant } from '../../../main/core/given-clock';
import { systemClock } from '../../../main/core/platform';

afterEach(() => {
  vi.useRealTimers();
});

describe('parseInstant', () => {
  it('reads an instant that says its offset', () => {
    expect(parseInstant('2026-11-30T12:30:00-06:00')).toBe(Date.UTC(2026, 10, 30, 18, 30));
    expect(parseInstant('2026-11-30T18:30Z')).toBe(Date.UTC(2026, 10, 30, 18, 30));
    expect(parseInstant('2026-11-01T00:30:00.250-05:00')).toBe(Date.UTC(2026, 10, 1, 5, 30, 0, 250));
  });

  it('refuses a time without an offset, a day that does not exist, and anything else', () => {
    for (const text of [
      '2026-11-30T12:30:00',
      '2026-11-30',
      '2026-02-30T12:00Z',
      '2026-13-01T12:00Z',
      '2026-11-30T24:00Z',
      '2026-11-30T12:60Z',
      '2026-11-30T12:30+25:00',
      'noon',
      '',
    ])
      expect(parseInstant(text), text).toBeNull();
  });
});

describe('clockFrom', () => {
  it('reads the given instant now and runs on with the real clock, its timers the real ones', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 21, 20) });
    const at = Date.UTC(2026, 10, 30, 18, 30);
    const clock = clockFrom(at);
    expect(clock.now()).toBe(at);
    vi.advanceTimersByTime(90_000);
    expect(clock.now()).toBe(at + 90_000);
    expect(clock.setTimeout).toBe(systemClock.setTimeout);
  });
});
