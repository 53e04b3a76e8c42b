/**
 * Browser-host transport: carries the contract over the host's WebSocket, reconnecting when
 * the host restarts. Calls made while disconnected wait for the connection (up to a limit).
 */
import type { Result } from '../../common/contract';
import type { BridgeTransport } from '../../common/bridge-transport';
import { RetryTimer } from '../../common/retry-timer';
import type { ServerMessage } from '../../common/ws-wire';
import { keepTabKey, takeHostKey } from './host-key';
import { pageClock } from './page-clock';

type Pending = { resolve: (result: Result<unknown>) => void; timer: ReturnType<typeof setTimeout> };

const CALL_TIMEOUT_MS = 30_000;
/** Reconnecting: a quarter second after the link drops, doubling to five seconds. */
const RECONNECT = { firstMs: 250, capMs: 5000 };
/**
 * Events are handed on at the next frame, or after this long where no frame comes (a hidden page); in a burst, at most
 * once in this long.
 */
const EVENTS_GAP_MS = 100;
/** A hand-on of this many events or more is a burst's: the next one waits for the gap. */
const BURST_EVENTS = 20;

/** Builds a transport over `ws://<page host>/ipc`; reports link up/down to `onLink`. */
export function createWsTransport(onLink: (up: boolean) => void): BridgeTransport {
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let socket: WebSocket | null = null;
  let nextId = 1;

  const settle = (id: number, result: Result<unknown>) => {
    const call = pending.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    pending.delete(id);
    call.resolve(result);
  };

  // Events wait for the next frame and then go to their listeners in order, all in one task; in a burst (a drain tells
  // each write's item and store change, a thousand a second), at most once every EVENTS_GAP_MS. So a drain makes ten
  // renders of the page a second, not one per event, and the few events of a click or a key still go at the next
  // frame.
  // Nothing is dropped or merged. A result first hands on the events that came before it, so a call's answer never
  // overtakes what core told before answering.
  const held: Array<{ channel: string; payload: unknown }> = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let burstAt = -Infinity;
  const handOn = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = timer = null;
    if (held.length === 0) return;
    if (held.length >= BURST_EVENTS) burstAt = Date.now();
    for (const event of held.splice(0))
      for (const listener of listeners.get(event.channel) ?? [])
        try {
          listener(event.payload);
        } catch (error) {
          // Told as an uncaught error, as when each event was its own task; the events after it still go.
          setTimeout(() => {
            throw error;
          });
        }
  };
  const hold = (channel: string, payload: unknown) => {
    held.push({ channel, payload });
    if (timer !== null) return;
    const wait = burstAt + EVENTS_GAP_MS - Date.now();
    timer = setTimeout(handOn, wait > 0 ? wait : EVENTS_GAP_MS);
    if (wait <= 0 && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(handOn);
  };

  let key = takeHostKey();
  const connect = () => {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ipc`, [
      'frontdesk',
      `key.${key ?? ''}`,
    ]);
    socket = ws;
    ws.onopen = () => {
      reconnect.succeed();
      onLink(true);
      for (const text of queue.splice(0)) ws.send(text);
    };
    ws.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'tab-key') {
        // The printed key is spent: this tab (and its reloads) offers its own from now on.
        key = message.key;
        keepTabKey(key);
      } else if (message.type === 'result') {
        handOn();
        settle(message.id, message.result);
      } else if (message.type === 'event') hold(message.channel, message.payload);
      else if (message.type === 'events') for (const event of message.events) hold(event.channel, event.payload);
    };
    ws.onclose = () => {
      handOn();
      socket = null;
      onLink(false);
      reconnect.fail();
    };
  };
  const reconnect = new RetryTimer(pageClock, connect, RECONNECT);
  connect();

  return {
    invoke(channel, args) {
      return new Promise((resolve) => {
        const id = nextId++;
        const timer = setTimeout(
          () =>
            settle(id, {
              ok: false,
              error: { code: 'internal', message: 'Frontdesk did not answer in time. Please try again.' },
            }),
          CALL_TIMEOUT_MS,
        );
        pending.set(id, { resolve, timer });
        const text = JSON.stringify({ type: 'invoke', id, channel, args });
        if (socket?.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
}
