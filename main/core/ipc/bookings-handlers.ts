/** `bookings:*` handlers: pages, free times, booking through the outbox, and the bookings followed until they settle. */
import type { BookingService } from '../bookings/booking-service';
import type { BookingWatch } from '../bookings/booking-watch';
import type { DomainHandlers } from './dispatch';
import { ok, serviceResult } from './result';

/** Builds the booking handlers; a pending booking read here is followed until it settles. */
export function bookingsHandlers(deps: { bookings: BookingService; settling: BookingWatch }) {
  const b = deps.bookings;
  const watch = deps.settling;
  return {
    'bookings:pages': () => serviceResult(() => b.pages()),
    'bookings:availability': (args) => serviceResult(() => b.availability(args)),
    'bookings:book': (input) => serviceResult(() => b.book(input)),
    'bookings:rebook': ({ id, booking }) => serviceResult(() => b.rebook(id, booking)),
    'bookings:list': (args) =>
      serviceResult(async () => {
        const list = await b.list(args);
        // A fresh answer only: a saved copy is old news.
        if (list.source === 'service') for (const item of list.items) watch.saw(item);
        return list;
      }),
    'bookings:answers': (args) => serviceResult(() => b.answers(args)),
    'bookings:draft': ({ id }) => serviceResult(async () => b.draft(id)),
    'bookings:nearest': ({ id }) => serviceResult(() => b.nearest(id)),
    'bookings:status': ({ id }) =>
      serviceResult(async () => {
        const found = await b.status(id);
        if (found) watch.saw(found);
        return found;
      }),
    'bookings:followed': async () => ok(watch.list()),
    'bookings:dismiss': async ({ id }) => ok(watch.dismiss(id)),
  } satisfies DomainHandlers<'bookings'>;
}
