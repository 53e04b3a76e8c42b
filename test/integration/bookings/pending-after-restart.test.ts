/**
 * A device-backed booking still waiting for the office system when the app quits settles on screen after the next
 * start by itself: the restarted core picks up the account's waiting bookings with its read-ahead
 * and follows them, with no screen asking. Against the real sandbox; core and the sandbox share a controlled clock,
 * so the booking settles only when the test moves time on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BookingSettle, SlotView } from '../../../common/contract';
import { signInAs } from '../../support/auth-fixture';
import { useSandbox } from '../../support/bootstrap';
import { makeCore, tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';

const PAGE = 'lakeside-dental-satellite';
const OWNER = 'owner@frontdesk.test';
const SETTLE_MS = 600_000;
const caller = { url: 'app://frontdesk', isMainFrame: true };
const clock = fakeClock();

const kit = useSandbox({ contacts: 10, events: 20, now: clock.date, deviceSettleMs: SETTLE_MS });
const dir = tempDir('pending-restart-');

afterAll(() => {
  dir.cleanup();
});

describe('a device-backed booking waiting across a restart', () => {
  it('is followed by the restarted core and settles to "booked" with no screen asking', async () => {
    // The first run books on the device-backed page and quits while the office system has not answered.
    const first = makeCore(kit.sb.url, { dataDir: dir.dir, clock });
    await first.core.start();
    let waiting: BookingSettle;
    try {
      await signInAs(first, OWNER);
      const free = await first.core.dispatch(
        'bookings:availability',
        {
          page: PAGE,
          begin: new Date(clock.now() + 86_400_000).toISOString(),
          end: new Date(clock.now() + 8 * 86_400_000).toISOString(),
        },
        caller,
      );
      if (!free.ok) throw new Error(free.error.message);
      const slot = (free.value as SlotView[])[0]!;
      const queued = await first.core.dispatch(
        'bookings:book',
        {
          page: PAGE,
          time: slot.time,
          startsAt: slot.start,
          name: 'Ada Restarts',
          phone: '(303) 555-0166',
          email: '',
          fieldData: {},
        },
        caller,
      );
      if (!queued.ok) throw new Error(queued.error.message);
      waiting = await waitFor(() => first.core.settling.list().find((b) => b.eventId !== null && b.name !== ''), {
        what: 'the booking sent and answered "pending"',
      });
      expect(waiting.state).toBe('pending');
    } finally {
      await first.core.stop();
    }

    // The next start, on the same data folder (its saved sign-in): nothing but core itself runs.
    const again = makeCore(kit.sb.url, { dataDir: dir.dir, clock });
    const said: BookingSettle[][] = [];
    again.core.events.attach((channel, payload) => {
      if (channel === 'bookings:settling') said.push((payload as { bookings: BookingSettle[] }).bookings);
    });
    await again.core.start();
    try {
      const picked = await waitFor(() => said.at(-1)?.find((b) => b.id === waiting.id), {
        what: 'the waiting booking picked up after the restart',
      });
      expect(picked).toEqual({ ...waiting, state: 'pending', reason: null });

      // The practice's calendar system answers; the restarted core says so by itself.
      clock.advance(SETTLE_MS);
      await waitFor(() => said.at(-1)?.find((b) => b.id === waiting.id && b.state === 'booked'), {
        what: 'the booking confirmed',
        timeoutMs: 30_000,
      });
      expect(said.at(-1)).toEqual([{ ...waiting, state: 'booked', reason: null }]);
    } finally {
      await again.core.stop();
    }
  }, 60_000);
});
