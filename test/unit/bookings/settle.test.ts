// @vitest-environment jsdom
/**
 * Settling a device-backed booking asks again with backoff (1 s, 2 s, 4 s … at most 30 s), stops once nothing is
 * pending, keeps asking after a failed read, and stops when the screen goes away (fake timers: no real waiting).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge } from '../../support/recording-bridge';
import type * as Settle from '../../../renderer/features/bookings/settle';

let settle: typeof Settle;
beforeEach(async () => {
  vi.useFakeTimers();
  installRecordingBridge();
  settle = await import('../../../renderer/features/bookings/settle');
});
afterEach(() => vi.useRealTimers());

describe('settling with backoff', () => {
  it('waits longer after each pending answer, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(settle.settleDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('asks at 1 s, 3 s, 7 s … and stops once settled', async () => {
    const asked: number[] = [];
    const answers = [false, false, true];
    settle.pollWhilePending(async () => {
      asked.push(Date.now());
      return answers.shift() ?? true;
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked.map((t) => t - start)).toEqual([1000, 3000, 7000]);
  });

  it('keeps asking after a failed read, and stops when told to', async () => {
    let calls = 0;
    const stop = settle.pollWhilePending(async () => {
      calls++;
      throw new Error('offline');
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(2);
  });
});
