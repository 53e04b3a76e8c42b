/**
 * Settling a device-backed booking: core waits longer after each pending answer, 1 s, 2 s, 4 s … at most 30 s (the
 * asking itself, and that it stops, is tested against the sandbox in test/integration/bookings/booking-watch.test.ts).
 */
import { expect, it } from 'vitest';
import { settleDelay } from '../../../main/core/bookings/booking-watch';

it('waits longer after each pending answer, up to 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6, 10].map(settleDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
});
