// @vitest-environment jsdom
/**
 * In Electron the preload carries core's events to the page (preload/ipc-transport.ts), paced as in the browser host
 * (common/event-pacer.ts): at the next frame, in a burst at most once every 100 ms, so a drain's thousands of events a
 * second are ten renders of the page a second, not one each. Counted here: renders (tasks that hand events on, as React
 * renders once per task) per drained write; every event still arrives, in order, and a call's answer never overtakes
 * the events told before it. Fake clock, timers and frames; the IPC is a stand-in the test feeds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIpcTransport, type IpcLike } from '../../../preload/ipc-transport';
import type { PacerClock } from '../../../common/event-pacer';
import { listenCountingRenders, writeEvents } from '../../support/event-renders';

/** ipcRenderer as the test drives it: each event is its own task; each call waits for its answer. */
function standInIpc() {
  const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
  const calls: { channel: string; answer: (value: unknown) => void }[] = [];
  const ipc: IpcLike = {
    invoke: (channel) => new Promise((answer) => calls.push({ channel, answer })),
    on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
  };
  return {
    ipc,
    calls,
    async tell(channel: string, payload: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener({}, payload);
      await Promise.resolve();
    },
  };
}

const clock = (frames = true): PacerClock => ({
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  ...(frames
    ? {
        requestFrame: (fn: () => void) => requestAnimationFrame(fn),
        cancelFrame: (handle: unknown) => cancelAnimationFrame(handle as number),
      }
    : {}),
});

/** Listens to the drain's channels, counting renders. */
const listen = (transport: ReturnType<typeof createIpcTransport>) =>
  listenCountingRenders((channel, listener) => transport.subscribe(channel, listener));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('core’s events through the preload', () => {
  it('render ten times a second while a drain tells a thousand writes a second, every event in order', async () => {
    const stand = standInIpc();
    const { heard, renders } = listen(createIpcTransport(stand.ipc, clock()));
    const writes = 1000;
    const told = Array.from({ length: writes }, (_, i) => writeEvents(i + 1)).flat();
    for (const [i, [channel, payload]] of told.entries()) {
      await stand.tell(channel, payload);
      if (i % 5 === 4) vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(100);
    expect(heard).toEqual(told.map(([, payload]) => payload));
    // One render per event would be 5 per write (5,000); one per frame, 60 a second; in a burst, 10 a second (and the
    // first event, after a quiet spell, at once).
    expect(renders()).toBeLessThanOrEqual(12);
  });

  it('hands on an event after a quiet spell at once, and the rest of its frame at the next frame', async () => {
    const stand = standInIpc();
    const { heard } = listen(createIpcTransport(stand.ipc, clock()));
    for (let i = 1; i <= 3; i++) {
      await stand.tell('store:changed', { fresh: { query: `key ${i}` } });
      await stand.tell('outbox:changed', { queued: i });
      expect(heard).toHaveLength(2 * i - 1);
      vi.advanceTimersToNextFrame();
      expect(heard).toHaveLength(2 * i);
      vi.advanceTimersByTime(16);
    }
  });

  it('hands on the events told before a call’s answer, in order, before the answer', async () => {
    const stand = standInIpc();
    const transport = createIpcTransport(stand.ipc, clock());
    const { heard } = listen(transport);
    const answer = transport.invoke('calendar:mark', { eventId: 1 });
    await stand.tell('outbox:item', { id: 'op1', status: 'queued' });
    await stand.tell('store:changed', { appointments: [{ id: 1, pendingMark: 'queued' }] });
    const heardAtAnswer = answer.then(() => [...heard]);
    stand.calls[0]!.answer({ ok: true, value: { id: 'op1' } });
    expect(await heardAtAnswer).toEqual([
      { id: 'op1', status: 'queued' },
      { appointments: [{ id: 1, pendingMark: 'queued' }] },
    ]);
    expect(await answer).toEqual({ ok: true, value: { id: 'op1' } });
  });

  it('hands events on without frames (a hidden page) within a tenth of a second', async () => {
    const stand = standInIpc();
    const { heard } = listen(createIpcTransport(stand.ipc, clock(false)));
    await stand.tell('outbox:changed', { queued: 2 });
    await stand.tell('outbox:changed', { queued: 1 });
    vi.advanceTimersByTime(99);
    expect(heard).toEqual([{ queued: 2 }]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([{ queued: 2 }, { queued: 1 }]);
  });

  it('stops handing events to a listener that left, and keeps one IPC listener per channel', async () => {
    const stand = standInIpc();
    const onSpy = vi.spyOn(stand.ipc, 'on');
    const transport = createIpcTransport(stand.ipc, clock());
    const first: unknown[] = [];
    const second: unknown[] = [];
    const leave = transport.subscribe('outbox:changed', (p) => first.push(p));
    transport.subscribe('outbox:changed', (p) => second.push(p));
    await stand.tell('outbox:changed', { queued: 1 });
    leave();
    vi.advanceTimersByTime(16);
    await stand.tell('outbox:changed', { queued: 2 });
    expect(first).toEqual([{ queued: 1 }]);
    expect(second).toEqual([{ queued: 1 }, { queued: 2 }]);
    expect(onSpy).toHaveBeenCalledTimes(1);
  });
});
