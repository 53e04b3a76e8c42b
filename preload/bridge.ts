/**
 * Builds the typed bridge from the contract over any transport (Electron IPC in the preload,
 * a WebSocket in the browser host), so both runtimes expose the same methods.
 */
import type { BridgeTransport } from '../common/bridge-transport';
import { eventChannelNames, invokeChannelNames, type FrontdeskBridge, type Result } from '../common/contract';

/** One method per channel; never exposes the transport itself. */
export function createBridge(transport: BridgeTransport): FrontdeskBridge {
  const invoke: Record<string, (args?: unknown) => Promise<Result<unknown>>> = {};
  for (const channel of invokeChannelNames) {
    invoke[channel] = (args?: unknown) => transport.invoke(channel, args);
  }
  const on: Record<string, (listener: (payload: unknown) => void) => () => void> = {};
  for (const channel of eventChannelNames) {
    on[channel] = (listener) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      return transport.subscribe(channel, listener);
    };
  }
  // Built by looping over the contract's channel names, which TypeScript cannot follow into the mapped bridge type;
  // every channel is present and each method forwards its channel's args and result unchanged.
  return { invoke, on } as unknown as FrontdeskBridge;
}
