/**
 * Browser-host transport: carries the contract over the host's WebSocket, reconnecting when
 * the host restarts. Calls made while disconnected wait for the connection (up to a limit).
 */
import type { Result } from '../../common/contract';
import type { BridgeTransport } from '../../common/bridge-transport';
import { RetryTimer } from '../../common/retry-timer';
import type { ServerMessage } from '../../common/ws-wire';
import { createEventPacer } from '../../common/event-pacer';
import { keepTabKey, takeHostKey } from './host-key';
import { pageClock } from './page-clock';

type Pending = { resolve: (result: Result<unknown>) => void; timer: ReturnType<typeof setTimeout> };

const CALL_TIMEOUT_MS = 30_000;
/** Reconnecting: a quarter second after the link drops, doubling to five seconds. */
const RECONNECT = { firstMs: 250, capMs: 5000 };
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

  // Core's events: one after a quiet spell at once, the rest of its frame at the next frame, in a burst at most ten
  // times a second (common/event-pacer.ts); a result first hands on those told before it.
  const pacer = createEventPacer((channel) => listeners.get(channel) ?? [], {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    ...(typeof requestAnimationFrame === 'function'
      ? {
          requestFrame: (fn: () => void) => requestAnimationFrame(fn),
          cancelFrame: (handle: unknown) => cancelAnimationFrame(handle as number),
        }
      : {}),
  });

  let key = takeHostKey();
  const connect = () => {
    // A page already gone (a test's DOM taken down) has no address to link from: stop trying, with no error.
    if (typeof location === 'undefined') return;
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
        pacer.flush();
        settle(message.id, message.result);
      } else if (message.type === 'event') pacer.hold(message.channel, message.payload);
      else if (message.type === 'events') for (const event of message.events) pacer.hold(event.channel, event.payload);
    };
    ws.onclose = () => {
      pacer.flush();
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
