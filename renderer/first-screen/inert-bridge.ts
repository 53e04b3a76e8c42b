/**
 * lib/frontdesk.ts as the first screen's Node build has it (vite.first-screen.config.mts puts this module in its
 * place): there is no page, no window and no core to link to. Drawing calls nothing on it (the stores' actions and the
 * components' effects never run in the server renderer); were something to, it would be told core is not there.
 */
import type { FrontdeskBridge } from '../../common/contract';
import { createProxyBridge } from '../lib/proxy-bridge';

/** The bridge: every call answers that core cannot be reached, no event ever comes. */
export const frontdesk: FrontdeskBridge = createProxyBridge({
  invoke: () =>
    Promise.resolve({ ok: false, error: { code: 'offline', message: 'Frontdesk is still starting.' } } as const),
  subscribe: () => () => undefined,
});

/** The link to core never changes here. */
export function onHostLink(): () => void {
  return () => undefined;
}
