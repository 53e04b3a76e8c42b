/**
 * POST /v1/book_now (spec), GET /v1/bookings and GET /v1/availability (sandbox design; filters named in its README).
 * The booking schema needs only `id`; the spec's other fields are optional so a leaner real answer still parses.
 */
import { z } from 'zod';
import type { BookingState } from '../../../common/contract';
import { serviceId } from './schemas';
import type { ServiceRequester } from './service-client';
import { ServiceError } from './service-error';

/** A booking (spec table), reduced to what the app reads. */
const bookingSchema = z.object({
  id: serviceId,
  state: z.string().nullish(),
  booking_page: z.union([z.string(), z.number()]).nullish(),
  appointment_type_token: z.string().nullish(),
  created_at: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  name: z.string().nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
  /** The answers to the page's own questions (a malformed set is read as none). */
  field_data: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .nullish()
    .catch(null),
  participant: z
    .object({
      event: z
        .object({
          id: serviceId.nullish(),
          title: z.string().nullish(),
          calendar_name: z.string().nullish(),
          /** The appointment's time now (moved since the booking, the booking's own times stay as booked). */
          start_time: z.string().nullish(),
          end_time: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
/** A booking as parsed. */
export type BookingRecord = z.output<typeof bookingSchema>;

/**
 * The spec's booking states ("States and transitions": complete, pending_device_update…, failed) as the app's three
 * (common/model/states.ts); an unknown state is still pending, never booked.
 */
export function bookingState(state: string | null | undefined): BookingState {
  if (state === 'complete') return 'booked';
  if (state === 'failed') return 'failed';
  return 'pending';
}

const bookNowSchema = z.object({
  success: z.boolean().nullish(),
  booking: bookingSchema.nullish(),
  error: z.string().nullish(),
});
const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });

/** POST /v1/book_now; a 2xx body with `success: false` is treated like the spec's 400 failure. */
export async function bookNow(client: ServiceRequester, body: Record<string, unknown>): Promise<BookingRecord | null> {
  const answer = await client.request({ method: 'POST', path: '/v1/book_now', body, schema: bookNowSchema });
  if (answer.success === false) {
    const message = answer.error ?? 'The booking was refused.';
    throw new ServiceError('permanent', 'POST /v1/book_now', message, { serviceMessage: message });
  }
  return answer.booking ?? null;
}

/** Filters of GET /v1/bookings (times as ISO-8601 strings). */
export interface BookingFilter {
  id?: number;
  booking_page?: string | number;
  begin?: string;
  end?: string;
  created_since?: string;
  phone_number?: string;
  email_address?: string;
  state?: string;
}

/** One page of GET /v1/bookings. */
export async function listBookings(
  client: ServiceRequester,
  filter: BookingFilter,
  page = 1,
  pageSize = 100,
): Promise<BookingRecord[]> {
  const { bookings } = await client.request({
    method: 'GET',
    path: '/v1/bookings',
    query: { ...filter, page, page_size: pageSize },
    schema: bookingListSchema,
  });
  return bookings;
}
