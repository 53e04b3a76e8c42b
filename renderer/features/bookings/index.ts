/** What other features use of Bookings: the badge of a booking's state. */
export { BookingBadge } from './BookingBadge';
