// @vitest-environment jsdom
/**
 * The page's link to the browser host hands core's events on at the next frame, and in a burst at most once every
 * 100 ms (renderer/lib/ws-transport.ts): a drain tells the page thousands of events a second (each write's item and
 * store change), and each event handed on in its own task is one render of the page. Counted here: renders (tasks that
 * hand events on, as React renders once per task) per drained write; every event still arrives, in order, and a call's
 * answer never overtakes the events before it. Fake clock, timers and frames; the socket is a stand-in the test feeds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWsTransport } from '../../../renderer/lib/ws-transport';
import { listenCountingRenders, writeEvents } from '../../support/event-renders';

class StandInSocket {
  static OPEN = 1;
  static made: StandInSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor() {
    StandInSocket.made.push(this);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  send(text: string): void {
    this.sent.push(text);
  }
  /** One frame from the host, as its own task. */
  async tell(message: unknown): Promise<void> {
    this.onmessage?.({ data: JSON.stringify(message) });
    await Promise.resolve();
  }
}

const socket = () => StandInSocket.made.at(-1)!;
const event = (channel: string, payload: unknown) => ({ type: 'event', channel, payload });
/** What the page is told as one write is sent and answered, as the host's frames. */
const writeFrames = (n: number) => writeEvents(n).map(([channel, payload]) => event(channel, payload));

/** Listens to the drain's channels, counting renders. */
const listen = (transport: ReturnType<typeof createWsTransport>) =>
  listenCountingRenders((channel, listener) => transport.subscribe(channel, listener));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  StandInSocket.made = [];
  vi.stubGlobal('WebSocket', StandInSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('core’s events on the page', () => {
  it('render ten times a second while a drain tells a thousand writes a second, every event in order', async () => {
    const transport = createWsTransport(() => undefined);
    socket().open();
    const { heard, renders } = listen(transport);
    const writes = 1000;
    const told = Array.from({ length: writes }, (_, i) => writeFrames(i + 1)).flat();
    // One write answered each millisecond, its events each its own task.
    for (const [i, message] of told.entries()) {
      await socket().tell(message);
      if (i % 5 === 4) vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(100);
    expect(heard).toEqual(told.map((m) => m.payload));
    // One render per event would be 5 per write (5,000); one per frame, 60 a second; in a burst, 10 a second (and the
    // first event, after a quiet spell, at once).
    expect(renders()).toBeLessThanOrEqual(12);
    expect(renders() / writes).toBeLessThanOrEqual(0.012);
  });

  it('hands on an event after a quiet spell at once, the rest of its frame at the next, 100 ms after a burst', async () => {
    const transport = createWsTransport(() => undefined);
    socket().open();
    const { heard } = listen(transport);
    // A key's answers, a frame or more apart: each at once.
    for (let i = 1; i <= 3; i++) {
      await socket().tell(event('store:changed', { fresh: { query: `key ${i}` } }));
      expect(heard).toHaveLength(i);
      vi.advanceTimersByTime(16);
    }
    // Two in one frame: the first at once, the second at the next frame.
    await socket().tell(event('outbox:changed', { queued: 1 }));
    await socket().tell(event('outbox:changed', { queued: 0 }));
    expect(heard).toHaveLength(4);
    vi.advanceTimersToNextFrame();
    expect(heard).toHaveLength(5);
    vi.advanceTimersByTime(16);
    // A burst (the first event at once, twenty-four in the frame), then one more: it waits for the burst's 100 ms.
    for (const message of [1, 2, 3, 4, 5].flatMap(writeFrames)) await socket().tell(message);
    expect(heard).toHaveLength(6);
    vi.advanceTimersToNextFrame();
    expect(heard).toHaveLength(30);
    await socket().tell(event('outbox:changed', { queued: 0 }));
    vi.advanceTimersToNextFrame();
    expect(heard).toHaveLength(30);
    vi.advanceTimersByTime(100);
    expect(heard).toHaveLength(31);
    // Quiet again: at once.
    vi.advanceTimersByTime(16);
    await socket().tell(event('outbox:changed', { queued: 2 }));
    expect(heard).toHaveLength(32);
  });

  it('hands on the events of a frame that carries several (one turn of the host’s), in order', async () => {
    const transport = createWsTransport(() => undefined);
    socket().open();
    const { heard } = listen(transport);
    const told = [...writeFrames(1), ...writeFrames(2)];
    await socket().tell({ type: 'events', events: told.map(({ channel, payload }) => ({ channel, payload })) });
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(told.map((m) => m.payload));
  });

  it('hands on the events before a call’s answer, in order, before the answer', async () => {
    const transport = createWsTransport(() => undefined);
    socket().open();
    const { heard } = listen(transport);
    const answer = transport.invoke('calendar:mark', { eventId: 1 });
    await socket().tell(event('outbox:item', { id: 'op1', status: 'queued' }));
    await socket().tell(event('store:changed', { appointments: [{ id: 1, pendingMark: 'queued' }] }));
    const heardAtAnswer = answer.then(() => [...heard]);
    await socket().tell({ type: 'result', id: 1, result: { ok: true, value: { id: 'op1' } } });
    expect(await heardAtAnswer).toEqual([
      { id: 'op1', status: 'queued' },
      { appointments: [{ id: 1, pendingMark: 'queued' }] },
    ]);
  });

  it('hands events on without frames (a hidden page) within a tenth of a second, and when the link drops', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const transport = createWsTransport(() => undefined);
    socket().open();
    const { heard } = listen(transport);
    await socket().tell(event('outbox:changed', { queued: 2 }));
    await socket().tell(event('outbox:changed', { queued: 1 }));
    expect(heard).toEqual([{ queued: 2 }]);
    vi.advanceTimersByTime(99);
    expect(heard).toEqual([{ queued: 2 }]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([{ queued: 2 }, { queued: 1 }]);
    await socket().tell(event('outbox:changed', { queued: 0 }));
    expect(heard).toHaveLength(2);
    socket().drop();
    expect(heard).toEqual([{ queued: 2 }, { queued: 1 }, { queued: 0 }]);
  });

  it('tells an event a listener failed on as an uncaught error, and still hands on the rest', async () => {
    const transport = createWsTransport(() => undefined);
    socket().open();
    const heard: unknown[] = [];
    transport.subscribe('outbox:item', (payload) => {
      if ((payload as { bad?: boolean }).bad) throw new Error('listener failed');
      heard.push(payload);
    });
    // The first at once, the failing one and the one after it at the next frame.
    await socket().tell(event('outbox:item', { id: 'op1' }));
    await socket().tell(event('outbox:item', { bad: true }));
    await socket().tell(event('outbox:item', { id: 'op2' }));
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual([{ id: 'op1' }, { id: 'op2' }]);
    expect(() => vi.runOnlyPendingTimers()).toThrow('listener failed');
  });
});
