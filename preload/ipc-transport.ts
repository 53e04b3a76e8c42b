/**
 * The transport under the preload's bridge: Electron IPC, with core's events paced as in the browser host's page
 * (common/event-pacer.ts): one after a quiet spell at once, the rest of its frame at the next frame, in a burst at most
 * ten times a second, so a drain of a thousand writes is not thousands of renders of the page. A call's answer first hands on the events told
 * before it. Built over a small IPC interface (preload/index.ts passes ipcRenderer) so it is tested without Electron.
 */
import type { BridgeTransport } from '../common/bridge-transport';
import type { Result } from '../common/contract';
import { createEventPacer, type PacerClock } from '../common/event-pacer';

/** What the transport needs of ipcRenderer. */
export interface IpcLike {
  invoke(channel: string, args: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/** A transport over `ipc`; `clock` paces the events (the page's timers and frames). */
export function createIpcTransport(ipc: IpcLike, clock: PacerClock): BridgeTransport {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pacer = createEventPacer((channel) => listeners.get(channel) ?? [], clock);
  return {
    async invoke(channel, args) {
      const result = (await ipc.invoke(channel, args)) as Result<unknown>;
      pacer.flush();
      return result;
    },
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        // One IPC listener per channel, for the life of the page; the page's listeners come and go in the set.
        listeners.set(channel, (set = new Set()));
        ipc.on(channel, (_event, payload) => pacer.hold(channel, payload));
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}
