/**
 * Builds the typed bridge over Electron IPC from the channel names alone (common/channel-names.ts): the contract is
 * imported for its types only, so the sandboxed preload's bundle carries no zod and no schema.
 */
import type { BridgeTransport } from '../common/bridge-transport';
import { eventChannelNames, invokeChannelNames } from '../common/channel-names';
import type { FrontdeskBridge, Result } from '../common/contract';

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
  // Built by looping over the channel names, which TypeScript cannot follow into the mapped bridge type;
  // every channel is present and each method forwards its channel's args and result unchanged.
  return { invoke, on } as unknown as FrontdeskBridge;
}
