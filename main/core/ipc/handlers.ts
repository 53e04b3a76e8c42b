/**
 * The handler table: one handler per contract channel, checked by `satisfies` so a missing or
 * extra handler fails to compile.
 */
import type { AppInfo } from '../../../preload/contract';
import type { ConnectivityMonitor } from '../connectivity';
import type { Handlers } from './dispatch';
import { ok } from './result';

/** What the handlers need from core. */
export interface HandlerDeps {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
}

/** Builds the table for one core instance. */
export function createHandlers(deps: HandlerDeps) {
  return {
    'app:info': async () => ok(deps.info),
    'app:connectivity': async () => ok(deps.connectivity.current()),
    'app:check-connectivity': async () => ok(await deps.connectivity.check()),
  } satisfies Handlers;
}
