/**
 * How fresh the schedule says it is, on the real core and sandbox (no mocked bridge or fetch; the core's requests
 * are only watched on their way): offline, "as of" is the time the day was last read from the service, however long
 * ago that was; and each poll for what changed asks from the poll before it (`updated_since` moves on), so polls do
 * not grow all day. The core's clock is a fake one that tests move forward; the page keeps the computer's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sync from '../../../renderer/features/calendar/schedule-sync';
import type * as CalendarStore from '../../../renderer/stores/calendar-store';
import { admin } from '../../support/auth-fixture';
import { fakeClock } from '../../support/fake-clock';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const MINUTE = 60_000;
const clock = fakeClock();
/**
 * Core's clock moves on by a millisecond each time it is read, as a busy machine's does between two reads of it: two
 * times of one read that are taken apart never agree.
 */
const coreClock = {
  ...clock,
  now: () => {
    clock.advance(1, { fireTimers: false });
    return clock.now();
  },
};
const urls: URL[] = [];
let calendar: typeof CalendarStore;
let sync: typeof Sync;

const run = useRendererOnCore('owner@frontdesk.test', {
  clock: coreClock,
  platform: (p) => ({
    ...p,
    fetch: (input, init) => {
      urls.push(new URL(input instanceof Request ? input.url : String(input)));
      return p.fetch(input, init);
    },
  }),
});

beforeAll(async () => {
  // Only the schedule's own reads are saved: the read-ahead for offline work (done at sign-in) reads no more.
  await run.made.core.prefetch.stop();
  // The store reads window.frontdesk when it loads: import it once it exists.
  calendar = await import('../../../renderer/stores/calendar-store');
  sync = await import('../../../renderer/features/calendar/schedule-sync');
}, 30_000);

afterAll(async () => {
  calendar.useCalendarStore.getState().clear();
});

/** Waits for the load the last action started to end. */
const loaded = () =>
  waitFor(() => (calendar.useCalendarStore.getState().loading ? null : calendar.useCalendarStore.getState()));

describe('how fresh the schedule says it is', () => {
  it('offline, says "as of" the time the day was read from the service, not the time it is now', async () => {
    const store = calendar.useCalendarStore;
    const before = clock.now();
    await store.getState().open();
    const read = await loaded();
    const after = clock.now();
    expect(read.source?.source).toBe('service');
    const readAt = read.source!.fetchedAt;
    expect(readAt).toBeGreaterThanOrEqual(before);
    expect(readAt).toBeLessThanOrEqual(after);

    await admin(run.sandbox).faults({ offline: true });
    try {
      clock.advance(45 * MINUTE);
      store.getState().move(1);
      await loaded();
      store.getState().move(-1);
      const saved = await waitFor(() => {
        const s = store.getState();
        return !s.loading && s.source?.source === 'cache' ? s : null;
      });
      expect(saved.error).toBeNull();
      expect(saved.items.length).toBe(read.items.length);
      expect(saved.source!.fetchedAt, 'the time of the last read from the service').toBe(readAt);
      expect(clock.now() - saved.source!.fetchedAt).toBeGreaterThanOrEqual(45 * MINUTE);
    } finally {
      await admin(run.sandbox).clearFaults();
      await waitFor(() => run.made.core.connectivity.current().state === 'online', {
        what: 'the core to see the service again',
      });
    }
  });

  it('asks each poll for what changed since the poll before it (updated_since moves on)', async () => {
    const store = calendar.useCalendarStore;
    await store.getState().load();
    expect((await loaded()).source?.source).toBe('service');
    urls.length = 0;
    const started: number[] = [];
    for (let poll = 0; poll < 3; poll++) {
      started.push(Date.now());
      await sync.pollOnce();
    }
    // Each poll is one list of events (or a few pages of it), all asking from the same time.
    const asked = [
      ...new Set(
        urls
          .filter((u) => u.pathname === '/v1/events' && u.searchParams.has('updated_since'))
          .map((u) => u.searchParams.get('updated_since')!),
      ),
    ].map((iso) => Date.parse(iso));
    expect(asked).toHaveLength(3);
    // The first asks from the schedule's read; each later one from the start of the poll before it (less the
    // 2 minutes kept for clocks that differ), so what is asked stays a few seconds' worth all day.
    expect(asked[0]).toBeLessThan(started[0]! - 2 * MINUTE);
    expect(asked[1]).toBeGreaterThanOrEqual(started[0]! - 2 * MINUTE);
    expect(asked[2]).toBeGreaterThanOrEqual(started[1]! - 2 * MINUTE);
    expect(asked[1]).toBeGreaterThan(asked[0]!);
    expect(asked[2]).toBeGreaterThan(asked[1]!);
  });
});
