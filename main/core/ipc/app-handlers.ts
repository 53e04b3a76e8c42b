/** `app:*` handlers: install facts, connectivity, the log folder and printing. */
import type { AppInfo } from '../../../common/contract';
import type { ConnectivityMonitor } from '../connectivity';
import type { DomainHandlers } from './dispatch';
import { fail, ok } from './result';

/** Builds the app handlers. */
export function appHandlers(deps: {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  openLogFolder?: () => Promise<void>;
  printWindow?: () => Promise<{ printed: boolean }>;
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
    'app:print': async () => {
      if (!deps.printWindow) return fail('validation', 'This version prints from the page itself.');
      try {
        return ok(await deps.printWindow());
      } catch {
        return fail('internal', 'The day sheet could not be printed. Check the printer and try again.');
      }
    },
  } satisfies DomainHandlers<'app'>;
}
