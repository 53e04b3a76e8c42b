// @vitest-environment jsdom
/**
 * The page's link to the browser host comes back by itself (renderer/lib/ws-transport.ts): after the link drops it
 * tries again a quarter second later, doubling to five seconds while the host stays away (the one retrying timer,
 * common/retry-timer.ts), and once it is back the next drop starts again from a quarter second. Fake timers; the
 * sockets are a stand-in that opens or fails as the test says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWsTransport } from '../../../renderer/lib/ws-transport';

/** A socket the test opens or closes; records when each was made. */
class StandInSocket {
  static OPEN = 1;
  static made: { at: number; socket: StandInSocket }[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor() {
    StandInSocket.made.push({ at: Date.now(), socket: this });
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  send(): void {}
}

const latest = () => StandInSocket.made[StandInSocket.made.length - 1]!.socket;

beforeEach(() => {
  vi.useFakeTimers();
  StandInSocket.made = [];
  vi.stubGlobal('WebSocket', StandInSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browser host link', () => {
  it('stops trying once the page is gone, with no error (a timer left by a test whose DOM was taken down)', async () => {
    createWsTransport(() => undefined);
    latest().drop();
    vi.stubGlobal('location', undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(StandInSocket.made).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tries again after 250 ms, doubling to 5 s, and starts again from 250 ms once linked', async () => {
    const links: boolean[] = [];
    createWsTransport((up) => links.push(up));
    const start = Date.now();
    latest().open();
    latest().drop();
    for (let i = 0; i < 7; i++) {
      const before = StandInSocket.made.length;
      while (StandInSocket.made.length === before) await vi.advanceTimersByTimeAsync(50);
      if (i < 6) latest().drop();
    }
    const waits = StandInSocket.made.slice(1).map((m, i) => m.at - (i === 0 ? start : StandInSocket.made[i]!.at));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);

    // Back: the next drop is tried again after a quarter second.
    latest().open();
    const backAt = Date.now();
    latest().drop();
    const before = StandInSocket.made.length;
    while (StandInSocket.made.length === before) await vi.advanceTimersByTimeAsync(50);
    expect(Date.now() - backAt).toBe(250);
    expect(links.slice(0, 2)).toEqual([true, false]);
  });
});
