/**
 * The retrying timer of every backoff loop: waits of min(cap, first · 2^(n−1)) after n failures in a row (full
 * jitter when given a random source), forgotten on success and on "retry now"; run on fake timers, never on the real
 * clock.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../../main/core/platform';
import { backoffWait, RetryTimer, type Backoff } from '../../../common/retry-timer';

const OUTBOX: Backoff = { firstMs: 1000, capMs: 5 * 60_000 };

describe('backoffWait', () => {
  it('doubles from the first wait to the cap', () => {
    expect([1, 2, 3, 4, 9, 10, 50, 10_000].map((n) => backoffWait(n, OUTBOX))).toEqual([
      1000, 2000, 4000, 8000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('spans the whole window with jitter: 0 at random 0, just under the ceiling at random → 1', () => {
    expect(backoffWait(3, { ...OUTBOX, random: () => 0 })).toBe(0);
    expect(backoffWait(3, { ...OUTBOX, random: () => 0.999_999 })).toBe(3999);
  });

  it('property: a jittered wait is an integer in [0, ceiling)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const wait = backoffWait(n, { ...OUTBOX, random: () => r });
          expect(Number.isInteger(wait)).toBe(true);
          expect(wait).toBe(Math.floor(r * backoffWait(n, OUTBOX)));
          expect(wait).toBeLessThan(backoffWait(n, OUTBOX));
        },
      ),
    );
  });

  it('is uniform enough: the mean of many draws is about half the window', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const draws = Array.from({ length: 20_000 }, () => backoffWait(4, { ...OUTBOX, random }));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(3800);
    expect(mean).toBeLessThan(4200);
  });
});

describe('RetryTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
  };

  /** A timer whose runs are recorded at the (fake) time they happen, relative to the start. */
  function recorded(backoff: Backoff = { firstMs: 1000, capMs: 8000 }) {
    const start = Date.now();
    const runs: number[] = [];
    const timer = new RetryTimer(clock, () => runs.push(Date.now() - start), backoff);
    return { timer, runs, start };
  }

  it('waits twice as long after each failure in a row, up to the cap', () => {
    const { timer, runs } = recorded();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(timer.fail());
      vi.runOnlyPendingTimers();
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(runs).toEqual([1000, 3000, 7000, 15_000, 23_000]);
  });

  it('a success forgets the failures: the next failure waits the first wait again', () => {
    const { timer } = recorded();
    timer.fail();
    timer.fail();
    timer.fail();
    expect(timer.backoffMs()).toBe(4000);
    timer.succeed();
    expect(timer.failures).toBe(0);
    expect(timer.fail()).toBe(1000);
  });

  it('a success runs again after the given period, not the backoff', () => {
    const { timer, runs } = recorded();
    timer.fail();
    timer.fail();
    timer.succeed(500);
    vi.advanceTimersByTime(499);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([500]);
  });

  it('"retry now" forgets the failures and runs at once, in place of the wait', () => {
    const { timer, runs } = recorded();
    timer.fail();
    timer.fail();
    timer.retryNow();
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(10_000);
    expect(runs).toEqual([0]);
    expect(timer.fail()).toBe(1000);
  });

  it('never waits less than asked (a Retry-After)', () => {
    const { timer } = recorded();
    expect(timer.fail(3000)).toBe(3000);
    expect(timer.fail(100)).toBe(2000);
  });

  it('one run at a time: arming again replaces the waiting run; stop leaves none', () => {
    const { timer, runs } = recorded();
    timer.after(1000);
    timer.after(300);
    expect(timer.armed).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual([300]);
    expect(timer.armed).toBe(false);
    timer.after(100);
    timer.stop();
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual([300]);
  });

  it('reset forgets the failures and leaves nothing waiting', () => {
    const { timer, runs } = recorded();
    timer.fail();
    timer.fail();
    timer.reset();
    vi.advanceTimersByTime(10_000);
    expect(runs).toEqual([]);
    expect(timer.fail()).toBe(1000);
  });

  it('reads a changing backoff at each failure (the poller hidden: longer periods)', () => {
    let first = 1000;
    const timer = new RetryTimer(
      clock,
      () => undefined,
      () => ({ firstMs: first, capMs: 60_000 }),
    );
    expect(timer.fail()).toBe(1000);
    first = 4000;
    expect(timer.fail()).toBe(8000);
    timer.stop();
  });
});
