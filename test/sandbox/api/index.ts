/** The domain half of the sandbox: every /v1 route except /v1/userinfo, over seeded in-memory data. */
import type { FastifyInstance } from 'fastify';
import type { ApiModule, SandboxContext } from '../context';
import { registerAvailability } from './availability';
import { registerBookNow } from './book-now';
import { registerBookingPages } from './booking-pages';
import { registerBookings } from './bookings';
import { registerCalendars } from './calendars';
import { registerContacts } from './contacts';
import { registerEvents } from './events';
import type { Deps } from './http';
import { registerImports } from './imports';
import { registerLists } from './lists';
import { registerMessaging } from './messaging';
import { seedAll } from './seed';
import { Ids, Store } from './store';

/** The scope map and route list, for the platform's tests and the app. */
/** Builds the API module over `ctx`; data is seeded now and again on every reset(). */
export function createApiModule(ctx: SandboxContext): ApiModule {
  const store = new Store(ctx);
  const deps: Deps = { ctx, store };
  const reset = (): void => {
    store.ids = new Ids();
    store.accounts.clear();
    store.deviceRefusals.clear();
    seedAll(store, ctx);
  };
  reset();
  return {
    register(app: FastifyInstance): void {
      registerCalendars(app, deps);
      registerContacts(app, deps);
      registerEvents(app, deps);
      registerBookingPages(app, deps);
      registerAvailability(app, deps);
      registerBookNow(app, deps);
      registerBookings(app, deps);
      registerImports(app, deps);
      registerLists(app, deps);
      registerMessaging(app, deps);
    },
    reset,
  };
}
