/**
 * How core's events reach the page's listeners, in both hosts (the Electron preload's IPC, preload/ipc-transport.ts,
 * and the browser host's WebSocket, renderer/lib/ws-transport.ts). An event after a quiet spell (a frame or more since
 * the last were handed on) goes at once: a search's answer or a mark's new state is not held back. Events that follow
 * within the frame are held and handed on in order, all in one task, at the next frame; in a burst (a drain tells each
 * write's item and store change, a thousand a second) at most once every EVENTS_GAP_MS. Each event handed on in its own
 * task was one render of the page: a drain of 1,000 writes made thousands of renders, and the page's CPU, on cores
 * shared with core, slowed the drain itself. Nothing is dropped or merged. The transport hands on what is held before
 * it hands on a call's answer (`flush`), so an answer never overtakes what core told before answering.
 *
 * Pure: the clock and the frames are injected, so tests drive them; no DOM, no Node.
 */

/** Events are handed on at the next frame, or after this long where no frame comes (a hidden page). */
const EVENTS_GAP_MS = 100;
/** A hand-on of this many events or more is a burst's: the next one waits for the gap. */
const BURST_EVENTS = 20;
/** A frame: an event this long or longer after the last hand-on goes at once. */
const QUIET_MS = 16;

/** What the pacer needs of the page. */
export interface PacerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The next frame, where the page has frames (absent: only the timer hands events on). */
  requestFrame?: (fn: () => void) => unknown;
  cancelFrame?: (handle: unknown) => void;
}

/** Holds events and hands them on. */
export interface EventPacer {
  /** Holds one event for its channel's listeners. */
  hold(channel: string, payload: unknown): void;
  /** Hands on every event held, now (before a call's answer, or when the link drops). */
  flush(): void;
}

/** A pacer that hands each event to `listenersOf(channel)` as they are when it is handed on. */
export function createEventPacer(
  listenersOf: (channel: string) => Iterable<(payload: unknown) => void>,
  clock: PacerClock,
): EventPacer {
  const held: Array<{ channel: string; payload: unknown }> = [];
  let frame: unknown = null;
  let timer: unknown = null;
  let burstAt = -Infinity;
  let handedOnAt = -Infinity;
  const flush = () => {
    if (frame !== null) clock.cancelFrame?.(frame);
    if (timer !== null) clock.clearTimeout(timer);
    frame = timer = null;
    if (held.length === 0) return;
    handedOnAt = clock.now();
    if (held.length >= BURST_EVENTS) burstAt = handedOnAt;
    for (const event of held.splice(0))
      for (const listener of listenersOf(event.channel))
        try {
          listener(event.payload);
        } catch (error) {
          // Told as an uncaught error, as when each event was its own task; the events after it still go.
          clock.setTimeout(() => {
            throw error;
          }, 0);
        }
  };
  return {
    hold(channel, payload) {
      held.push({ channel, payload });
      if (timer !== null) return;
      const now = clock.now();
      const wait = burstAt + EVENTS_GAP_MS - now;
      if (wait <= 0 && now - handedOnAt >= QUIET_MS) return flush();
      timer = clock.setTimeout(flush, wait > 0 ? wait : EVENTS_GAP_MS);
      if (wait <= 0 && clock.requestFrame) frame = clock.requestFrame(flush);
    },
    flush,
  };
}
