/** Backoff math: full jitter inside min(cap, base · 2^(n−1)), and never below Retry-After. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from '../../../main/core/outbox/backoff';

describe('backoff', () => {
  it('doubles from 1 s to the 5 min cap', () => {
    expect([1, 2, 3, 4, 9, 10, 50, 10_000].map((n) => backoffCeiling(n, DEFAULT_BACKOFF))).toEqual([
      1000, 2000, 4000, 8000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('spans the whole window: 0 at random 0, just under the ceiling at random → 1', () => {
    expect(backoffDelay(3, () => 0, DEFAULT_BACKOFF)).toBe(0);
    expect(backoffDelay(3, () => 0.999_999, DEFAULT_BACKOFF)).toBe(3999);
  });

  it('property: delay ∈ [0, ceiling), and ≥ Retry-After when given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.option(fc.nat(600_000), { nil: undefined }),
        (n, r, retryAfter) => {
          const delay = backoffDelay(n, () => r, DEFAULT_BACKOFF, retryAfter);
          const ceiling = backoffCeiling(n, DEFAULT_BACKOFF);
          expect(Number.isInteger(delay)).toBe(true);
          if (retryAfter === undefined) {
            expect(delay).toBeGreaterThanOrEqual(0);
            expect(delay).toBeLessThan(ceiling);
          } else {
            expect(delay).toBe(Math.max(retryAfter, Math.floor(r * ceiling)));
          }
        },
      ),
    );
  });

  it('is uniform enough: the mean of many draws is about half the window', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const draws = Array.from({ length: 20_000 }, () => backoffDelay(4, random, DEFAULT_BACKOFF));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    expect(mean).toBeGreaterThan(3800);
    expect(mean).toBeLessThan(4200);
  });
});
