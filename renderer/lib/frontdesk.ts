/**
 * The only file that touches `window.frontdesk`: in Electron the preload provides it; in the
 * browser host we build the same bridge over a WebSocket.
 */
import { createProxyBridge } from './proxy-bridge';
import type { FrontdeskBridge } from '../../common/contract';
import { createWsTransport } from './ws-transport';

declare global {
  interface Window {
    frontdesk?: FrontdeskBridge;
  }
}

type LinkListener = (up: boolean) => void;
const linkListeners = new Set<LinkListener>();

function browserHostBridge(): FrontdeskBridge {
  const bridge = createProxyBridge(createWsTransport((up) => linkListeners.forEach((l) => l(up))));
  bridge.on['shell:open-url'](({ url }) => {
    if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  });
  return bridge;
}

/**
 * Where there is no page (a host drawing the first screen in Node, renderer/first-screen/): no core to link to. Drawing
 * calls nothing on it (the stores' actions and the components' effects do not run there); were something to, it would
 * be told core is not there.
 */
function noPageBridge(): FrontdeskBridge {
  return createProxyBridge({
    invoke: () =>
      Promise.resolve({ ok: false, error: { code: 'offline', message: 'Frontdesk is still starting.' } } as const),
    subscribe: () => () => undefined,
  });
}

/** The bridge to main, whichever host we run in. */
export const frontdesk: FrontdeskBridge =
  typeof window === 'undefined' ? noPageBridge() : (window.frontdesk ?? browserHostBridge());

/** Hears when the link to main drops or returns (only the browser host can lose it). */
export function onHostLink(listener: LinkListener): () => void {
  linkListeners.add(listener);
  return () => linkListeners.delete(listener);
}
