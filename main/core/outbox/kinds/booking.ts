/**
 * POST /v1/book_now. Not idempotent and without an external_id, so after an ambiguous attempt the outbox looks in
 * GET /v1/bookings for a live booking of the same page, start and invitee made since the first attempt.
 */
import { z } from 'zod';
import { bookNow, listBookings, type BookingFilter, type BookingRecord } from '../../api/bookings-api';
import { done, instantOf, type KindSpec, type QueuedOp, type ReconcileContext } from './spec';
import type { OpResult } from '../types';

const bookNowPayload = z
  .looseObject({
    booking_page: z.union([z.string().trim().min(1), z.number().int().positive()]),
    time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'time must look like YYYY-MM-DDTHH:MM:SS'),
    name: z.string().optional(),
    phone_number: z.string().optional(),
    email_address: z.string().optional(),
  })
  .refine(
    (b) => Boolean(b.name?.trim() || b.phone_number?.trim() || b.email_address?.trim()),
    'name, phone_number or email_address is required',
  );
type BookNow = z.output<typeof bookNowPayload>;

/** ISO-8601 UTC without milliseconds (the bookings' own format). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The query that finds this op's booking: same page and start, the invitee, made since the first attempt. */
function lookupFilter(op: QueuedOp<BookNow>, ctx: ReconcileContext, at: number): BookingFilter {
  const p = op.payload;
  const since = (op.firstSentAt ?? op.createdAt) - ctx.lookbackMs;
  const filter: BookingFilter = {
    booking_page: p.booking_page,
    begin: isoSeconds(at),
    end: isoSeconds(at),
    created_since: isoSeconds(since),
  };
  if (p.phone_number?.trim()) filter.phone_number = p.phone_number;
  else if (p.email_address?.trim()) filter.email_address = p.email_address;
  return filter;
}

/** A live booking at the same instant (and, when the query could not filter on the invitee, the same name). */
function isOurs(op: QueuedOp<BookNow>, at: number, b: BookingRecord, filter: BookingFilter): boolean {
  if (b.state === 'failed') return false;
  const start = b.start_time ? Date.parse(b.start_time) : at;
  if (start !== at) return false;
  if (filter.phone_number || filter.email_address) return true;
  const name = op.payload.name?.trim().toLowerCase() ?? '';
  return (b.name ?? '').trim().toLowerCase() === name;
}

/** The booking and what the outbox keeps of it: its state and the calendar (provider) it went to. */
function outcome(b: BookingRecord | null): [BookingRecord | null, Partial<OpResult>] {
  const calendarName = b?.participant?.event?.calendar_name?.trim();
  return [b, { ...(b?.state ? { state: b.state } : {}), ...(calendarName ? { calendarName } : {}) }];
}

/** book_now: a booking made twice would be a double booking, so it is always reconciled after doubt. */
export const bookNowKind: KindSpec<BookNow> = {
  schema: bookNowPayload,
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`booking:${p.booking_page}:${p.time}`],
  appointmentAt: (p, hint) => hint ?? instantOf(p.time),
  send: async (service, p) => done(...outcome(await bookNow(service, p))),
  reconcile: async (service, op, ctx) => {
    const at = op.appointmentAt;
    if (at === null) throw new Error('a booking without a known start cannot be reconciled');
    const filter = lookupFilter(op, ctx, at);
    const match = (await listBookings(service, filter)).find((b) => isOurs(op, at, b, filter));
    return match ? done(...outcome(match)) : null;
  },
};
