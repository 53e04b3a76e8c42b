/**
 * The handler table: one handler per contract channel. Each domain's part is checked against its
 * channels, and the whole `satisfies Handlers`, so a missing or extra handler fails to compile.
 */
import type { AppInfo } from '../../../preload/contract';
import type { AuthService } from '../auth/auth-service';
import type { CalendarDeps } from '../calendar/calendar-service';
import type { ConnectivityMonitor } from '../connectivity';
import { appHandlers } from './app-handlers';
import { authHandlers } from './auth-handlers';
import { calendarHandlers } from './calendar-handlers';
import type { Handlers } from './dispatch';

/** What the handlers need from core. */
export interface HandlerDeps {
  info: AppInfo;
  connectivity: ConnectivityMonitor;
  auth: AuthService;
  calendar: CalendarDeps;
}

/** Builds the table for one core instance. */
export function createHandlers(deps: HandlerDeps) {
  return {
    ...appHandlers(deps),
    ...authHandlers(deps),
    ...calendarHandlers(deps),
  } satisfies Handlers;
}
