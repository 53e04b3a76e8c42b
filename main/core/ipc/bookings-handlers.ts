/** `bookings:*` handlers: pages, free times, and booking through the outbox. */
import { availability, book, bookingPages, draft, rebook } from '../bookings/booking-service';
import { bookingList, bookingStatus } from '../bookings/booking-list';
import { nearestTimes } from '../bookings/nearest-times';
import type { CoreContext } from '../core-context';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the booking handlers. */
export function bookingsHandlers(deps: { context: CoreContext }) {
  const b = deps.context;
  return {
    'bookings:pages': () => serviceResult(() => bookingPages(b)),
    'bookings:availability': (args) => serviceResult(() => availability(b, args)),
    'bookings:book': (input) => serviceResult(() => book(b, input)),
    'bookings:rebook': ({ id, booking }) => serviceResult(() => rebook(b, id, booking)),
    'bookings:list': (args) => serviceResult(() => bookingList(b, args)),
    'bookings:draft': ({ id }) => serviceResult(async () => draft(b, id)),
    'bookings:nearest': ({ id }) => serviceResult(() => nearestTimes(b, id)),
    'bookings:status': ({ id }) => serviceResult(() => bookingStatus(b, id)),
  } satisfies DomainHandlers<'bookings'>;
}
