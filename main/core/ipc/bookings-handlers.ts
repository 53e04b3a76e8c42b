/** `bookings:*` handlers: pages, free times, and booking through the outbox. */
import { availability, book, bookingPages, draft, rebook, type BookingDeps } from '../bookings/booking-service';
import { bookingList } from '../bookings/booking-list';
import { nearestTimes } from '../bookings/nearest-times';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the booking handlers. */
export function bookingsHandlers(deps: { bookings: BookingDeps }) {
  const b = deps.bookings;
  return {
    'bookings:pages': () => serviceResult(() => bookingPages(b)),
    'bookings:availability': (args) => serviceResult(() => availability(b, args)),
    'bookings:book': (input) => serviceResult(() => book(b, input)),
    'bookings:rebook': ({ id, booking }) => serviceResult(() => rebook(b, id, booking)),
    'bookings:list': (args) => serviceResult(() => bookingList(b, args)),
    'bookings:draft': ({ id }) => serviceResult(async () => draft(b, id)),
    'bookings:nearest': ({ id }) => serviceResult(() => nearestTimes(b, id)),
  } satisfies DomainHandlers<'bookings'>;
}
