/**
 * The same typed bridge as the preload's (preload/bridge.ts), built without loading the contract's schemas: one
 * method per channel name on demand. For the browser host's page, where the contract's zod schemas would otherwise be
 * in the first download; main checks every channel name and argument anyway. (The Electron preload uses createBridge:
 * contextBridge cannot carry a Proxy.)
 */
import type { BridgeTransport } from '../../common/bridge-transport';
import type { FrontdeskBridge } from '../../common/contract';

/** A bridge whose methods are made on first use and then kept. */
export function createProxyBridge(transport: BridgeTransport): FrontdeskBridge {
  const invoke = methods((channel) => (args?: unknown) => transport.invoke(channel, args));
  const on = methods((channel) => (listener: (payload: unknown) => void) => {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return transport.subscribe(channel, listener);
  });
  // The Proxy stands for the typed method tables; each method is built from the channel name it is read under.
  return { invoke, on } as unknown as FrontdeskBridge;
}

function methods<F>(make: (channel: string) => F): Record<string, F> {
  const made = new Map<string, F>();
  return new Proxy({} as Record<string, F>, {
    get(_target, name) {
      // Channels are named `domain:verb`; anything else (`then`, symbols) is not a method.
      if (typeof name !== 'string' || !name.includes(':')) return undefined;
      let method = made.get(name);
      if (!method) made.set(name, (method = make(name)));
      return method;
    },
  });
}
