// @vitest-environment jsdom
/**
 * Live updates (fake timers): the shown range asks what changed every 10 s while the window is visible and the
 * service reachable; nothing while hidden or offline; at once when either comes back; and it backs off after
 * failures (10 → 20 → 40 → 60 s).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrontdeskBridge } from '../../../common/contract';
import type * as Sync from '../../../renderer/features/calendar/schedule-sync';
import type * as AppStore from '../../../renderer/stores/app-store';
import type * as CalendarStore from '../../../renderer/stores/calendar-store';
import type * as SyncStore from '../../../renderer/stores/schedule-sync-store';

let sync: typeof Sync;
let app: typeof AppStore;
let calendar: typeof CalendarStore;
let syncStore: typeof SyncStore;
const asked: unknown[] = [];
let failing = false;
let visibility: DocumentVisibilityState = 'visible';

beforeAll(async () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  const invoke = new Proxy(
    {},
    {
      get: (_t, channel: string) => async (args: unknown) => {
        if (channel !== 'calendar:changes') return { ok: false, error: { code: 'internal', message: 'not here' } };
        asked.push(args);
        return failing
          ? { ok: false, error: { code: 'offline', message: 'no answer' } }
          : { ok: true, value: { items: [], removedIds: [], full: false, fetchedAt: Date.now() } };
      },
    },
  );
  window.frontdesk = { invoke, on: new Proxy({}, { get: () => () => () => undefined }) } as unknown as FrontdeskBridge;
  sync = await import('../../../renderer/features/calendar/schedule-sync');
  app = await import('../../../renderer/stores/app-store');
  calendar = await import('../../../renderer/stores/calendar-store');
  syncStore = await import('../../../renderer/stores/schedule-sync-store');
});

const online = (state: 'online' | 'offline') =>
  app.useAppStore.setState({ connectivity: { state, checkedAt: Date.now(), offlineSince: null, reason: null } });
const setVisible = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
  failing = false;
  visibility = 'visible';
  online('online');
  syncStore.useScheduleSyncStore.setState({ syncedAt: Date.now() });
});
afterAll(() => {
  stop();
  vi.useRealTimers();
});

describe('live updates', () => {
  it('asks what changed every 10 s while visible and online, from the last read', async () => {
    stop = sync.startLiveUpdates();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(1);
    const first = asked[0] as { since: string; begin: string; end: string };
    expect(Date.parse(first.since)).toBeLessThan(Date.now());
    expect(first).toMatchObject(calendar.currentRange());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toHaveLength(2);

    // Hidden: nothing, however long. Visible again: at once.
    setVisible('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toHaveLength(2);
    setVisible('visible');
    await vi.advanceTimersByTimeAsync(300);
    expect(asked).toHaveLength(3);

    // Offline: nothing. Back online: at once.
    online('offline');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toHaveLength(3);
    online('online');
    await vi.advanceTimersByTimeAsync(300);
    expect(asked).toHaveLength(4);
    stop();
  });

  it('backs off after failures, up to a minute, and returns to 10 s once answered', async () => {
    stop = sync.startLiveUpdates();
    failing = true;
    const times: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      const before = asked.length;
      while (asked.length === before) await vi.advanceTimersByTimeAsync(1_000);
      times.push(Math.round((Date.now() - start) / 1000));
    }
    expect(times).toEqual([10, 30, 70, 130, 190]);
    failing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    const n = asked.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked.length).toBe(n + 1);
    stop();
  });
});
