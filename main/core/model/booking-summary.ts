/** A service booking as screens show it: the state in three plain kinds, the person, the time, the appointment. */
import type { BookingSummary } from '../../../common/contract';
import type { CountryCode } from 'libphonenumber-js';
import { bookingState, type BookingRecord } from '../api/bookings-api';
import { displayPhone } from '../phone/phones';

/** The spec's states as the app's three (common/model/states.ts). */
export const bookingKind = bookingState;

/** One booking for a list; its phone shown as contacts show theirs (national for the account's own country). */
export function toBookingSummary(
  b: BookingRecord,
  country: CountryCode | null,
  zoneOfPage: (page: string) => string | null = () => null,
): BookingSummary {
  const event = b.participant?.event ?? null;
  // Told on its page's clock (a satellite office's own), the same on every screen.
  const zone = b.booking_page === null || b.booking_page === undefined ? null : zoneOfPage(String(b.booking_page));
  return {
    id: b.id,
    state: bookingKind(b.state),
    name: b.name ?? '',
    phone: b.phone ? displayPhone(b.phone, b.phone, country) : '',
    email: b.email ?? '',
    start: b.start_time ?? null,
    end: b.end_time ?? null,
    createdAt: b.created_at ?? null,
    page: b.booking_page === null || b.booking_page === undefined ? '' : String(b.booking_page),
    appointmentType: b.appointment_type_token ?? '',
    title: event?.title ?? null,
    calendarName: event?.calendar_name ?? null,
    eventId: event?.id ?? null,
    zone,
  };
}
