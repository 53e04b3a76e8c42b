/** `bookings:*` handlers: pages, free times, and booking through the outbox. */
import type { BookingService } from '../bookings/booking-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the booking handlers. */
export function bookingsHandlers(deps: { bookings: BookingService }) {
  const b = deps.bookings;
  return {
    'bookings:pages': () => serviceResult(() => b.pages()),
    'bookings:availability': (args) => serviceResult(() => b.availability(args)),
    'bookings:book': (input) => serviceResult(() => b.book(input)),
    'bookings:rebook': ({ id, booking }) => serviceResult(() => b.rebook(id, booking)),
    'bookings:list': (args) => serviceResult(() => b.list(args)),
    'bookings:draft': ({ id }) => serviceResult(async () => b.draft(id)),
    'bookings:nearest': ({ id }) => serviceResult(() => b.nearest(id)),
    'bookings:status': ({ id }) => serviceResult(() => b.status(id)),
  } satisfies DomainHandlers<'bookings'>;
}
