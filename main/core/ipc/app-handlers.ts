/** `app:*` handlers: install facts, connectivity and the log folder. */
import type { AppInfo } from '../../../preload/contract';
import type { ConnectivityMonitor } from '../connectivity';
import type { DomainHandlers } from './dispatch';
import { fail, ok } from './result';

/** Builds the app handlers. */
export function appHandlers(deps: {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  openLogFolder?: () => Promise<void>;
}) {
  return {
    'app:info': async () => ok(deps.info),
    'app:connectivity': async () => ok(deps.connectivity.current()),
    'app:check-connectivity': async () => ok(await deps.connectivity.check()),
    'app:open-log-folder': async () => {
      if (!deps.openLogFolder)
        return fail('validation', 'This version cannot open folders; the log folder is named in About.');
      try {
        await deps.openLogFolder();
        return ok(null);
      } catch {
        return fail('internal', 'The log folder could not be opened.');
      }
    },
  } satisfies DomainHandlers<'app'>;
}
