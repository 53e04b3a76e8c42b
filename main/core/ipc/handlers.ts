/**
 * The handler table: one handler per contract channel, checked by `satisfies` so a missing or
 * extra handler fails to compile.
 */
import type { AppInfo } from '../../../preload/contract';
import type { AuthService } from '../auth/auth-service';
import { cachedAgenda, liveAgenda, type CalendarDeps } from '../calendar/calendar-service';
import type { ConnectivityMonitor } from '../connectivity';
import type { Handlers } from './dispatch';
import { fail, ok } from './result';
import { serviceResult } from './service-errors';

/** What the handlers need from core. */
export interface HandlerDeps {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  auth: AuthService;
  calendar: CalendarDeps;
}

/** Builds the table for one core instance. */
export function createHandlers(deps: HandlerDeps) {
  const { auth } = deps;
  return {
    'app:info': async () => ok(deps.info),
    'app:connectivity': async () => ok(deps.connectivity.current()),
    'app:check-connectivity': async () => ok(await deps.connectivity.check()),
    'auth:status': async () => ok(auth.status()),
    'auth:sign-in': async (args) => {
      try {
        return ok(await auth.signIn(args?.addScopes ?? []));
      } catch {
        return fail('service_error', 'Frontdesk could not start signing in. Please try again.');
      }
    },
    'auth:cancel-sign-in': async () => ok(await auth.cancelSignIn()),
    'auth:sign-out': async () => ok(await auth.signOut()),
    'auth:dismiss-notice': async () => ok(auth.dismissNotice()),
    'calendar:range': ({ begin, end }) => serviceResult(() => liveAgenda(deps.calendar, begin, end)),
    'calendar:cached': ({ begin, end }) => serviceResult(() => cachedAgenda(deps.calendar, begin, end)),
  } satisfies Handlers;
}
