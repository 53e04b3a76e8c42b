/** `app:*` handlers: install facts and connectivity. */
import type { AppInfo } from '../../../preload/contract';
import type { ConnectivityMonitor } from '../connectivity';
import type { DomainHandlers } from './dispatch';
import { ok } from './result';

/** Builds the app handlers. */
export function appHandlers(deps: { info: AppInfo; connectivity: ConnectivityMonitor }) {
  return {
    'app:info': async () => ok(deps.info),
    'app:connectivity': async () => ok(deps.connectivity.current()),
    'app:check-connectivity': async () => ok(await deps.connectivity.check()),
  } satisfies DomainHandlers<'app'>;
}
