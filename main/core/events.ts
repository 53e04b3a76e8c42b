/**
 * Typed main→renderer event bus: core emits contract events; each host forwards them to its
 * renderer (webContents.send in Electron, the WebSocket in the browser host).
 */
import type { EventChannel, PayloadOf } from '../../common/contract';

type AnyListener = (channel: EventChannel, payload: unknown) => void;

/** Emits contract events to whoever the host attached. */
export class EventBus {
  private readonly listeners = new Set<AnyListener>();

  /** Sends one event to every attached host sink. */
  emit<E extends EventChannel>(channel: E, payload: PayloadOf<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(channel, payload);
      } catch {
        // A broken sink (closed window, dropped socket) must not stop the others.
      }
    }
  }

  /** Attaches a host sink; returns a detach function. */
  attach(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
