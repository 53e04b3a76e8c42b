/**
 * POST /v1/book_now. Not idempotent and without an external_id, so after an ambiguous attempt the outbox looks in
 * GET /v1/bookings for a live booking of the same page, start and invitee made since the first attempt.
 *
 * What is queued is the booking form's input as the contract checked it (the same schema the IPC handler parses the
 * call with): one shape from the form to the disk and back to the form for Edit. The request body is built from it
 * only when it is sent.
 */
import { z } from 'zod';
import { invokeChannels, type BookingInput } from '../../../../preload/contract';
import { bookNow, listBookings, type BookingFilter, type BookingRecord } from '../../api/bookings-api';
import { done, instantOf, type KindSpec, type QueuedOp, type ReconcileContext } from './spec';
import type { OpResult, OutboxOp } from '../types';

/** The booking form's input, as the contract's `bookings:book` checks it. */
const formInput = invokeChannels['bookings:book'].args;

/**
 * The book_now request body itself, which app 0.1.0 queued instead of the form's input. It stays readable (and is
 * sent as it was stored) because a booking queued by that version may still be on disk, waiting for the network,
 * when the app is updated: it must still go out exactly once, and Edit must still open it in the form. The app
 * no longer queues it.
 */
const requestBody = z
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
type RequestBody = z.output<typeof requestBody>;

const bookNowPayload = z.union([formInput, requestBody]);
/** A queued booking: the form's input, or (queued by app 0.1.0) the request body. */
type QueuedBooking = z.output<typeof bookNowPayload>;

const isRequestBody = (p: QueuedBooking): p is RequestBody => 'booking_page' in p;

/** A wall time with seconds, as book_now takes it. */
const withSeconds = (time: string) => (time.length === 16 ? `${time}:00` : time);

/** The spec's book_now body (a body queued by app 0.1.0 goes out as it was stored). */
function bodyOf(p: QueuedBooking): Record<string, unknown> {
  if (isRequestBody(p)) return p;
  return {
    booking_page: p.page,
    time: withSeconds(p.time),
    ...(p.appointmentType ? { appointment_type_token: p.appointmentType } : {}),
    // The chosen provider's calendar; the spec's book_now does not name one, so a service that ignores it assigns
    // the calendar itself and the result names the one it chose.
    ...(p.provider ? { calendar_id: p.provider } : {}),
    ...(p.name ? { name: p.name } : {}),
    ...(p.phone ? { phone_number: p.phone } : {}),
    ...(p.email ? { email_address: p.email } : {}),
    ...(Object.keys(p.fieldData).length ? { field_data: p.fieldData } : {}),
    ...(p.optedIntoTextMessaging !== undefined ? { opted_into_text_messaging: p.optedIntoTextMessaging } : {}),
    ...(p.optedIntoMarketing !== undefined ? { opted_into_text_messaging_for_marketing: p.optedIntoMarketing } : {}),
  };
}

/** A request body queued by app 0.1.0 read as the form's input (its start is the op's, kept beside the payload). */
function inputOfBody(b: RequestBody, startsAt: number): BookingInput {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const fieldData = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).safeParse(b.field_data);
  const optIn = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
  const texting = optIn(b.opted_into_text_messaging);
  const marketing = optIn(b.opted_into_text_messaging_for_marketing);
  return {
    page: text(b.booking_page),
    ...(b.appointment_type_token ? { appointmentType: text(b.appointment_type_token) } : {}),
    time: b.time,
    startsAt: new Date(startsAt).toISOString(),
    ...(typeof b.calendar_id === 'number' ? { provider: b.calendar_id } : {}),
    name: b.name ?? '',
    phone: b.phone_number ?? '',
    email: b.email_address ?? '',
    fieldData: fieldData.success ? fieldData.data : {},
    ...(texting !== undefined ? { optedIntoTextMessaging: texting } : {}),
    ...(marketing !== undefined ? { optedIntoMarketing: marketing } : {}),
  };
}

/**
 * The form's input of a queued booking, whichever shape it was stored in (for Edit, the Outbox's sentence, the
 * calendar's waiting row and the nearest free times). `op` must be a book_now op.
 */
export function queuedBooking(op: Pick<OutboxOp, 'payload' | 'appointmentAt'>): BookingInput {
  // The outbox stores only payloads this kind's schema accepted (at enqueue or edit), so the cast is sound.
  const p = op.payload as QueuedBooking;
  if (!isRequestBody(p)) return p;
  return inputOfBody(p, op.appointmentAt ?? instantOf(p.time) ?? Date.now());
}

/** ISO-8601 UTC without milliseconds (the bookings' own format). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The query that finds this op's booking: same page and start, the invitee, made since the first attempt. */
function lookupFilter(op: QueuedOp<QueuedBooking>, ctx: ReconcileContext, at: number): BookingFilter {
  const b = queuedBooking(op);
  const since = (op.firstSentAt ?? op.createdAt) - ctx.lookbackMs;
  const filter: BookingFilter = {
    booking_page: b.page,
    begin: isoSeconds(at),
    end: isoSeconds(at),
    created_since: isoSeconds(since),
  };
  if (b.phone.trim()) filter.phone_number = b.phone;
  else if (b.email.trim()) filter.email_address = b.email;
  return filter;
}

/** A live booking at the same instant (and, when the query could not filter on the invitee, the same name). */
function isOurs(op: QueuedOp<QueuedBooking>, at: number, b: BookingRecord, filter: BookingFilter): boolean {
  if (b.state === 'failed') return false;
  const start = b.start_time ? Date.parse(b.start_time) : at;
  if (start !== at) return false;
  if (filter.phone_number || filter.email_address) return true;
  const name = queuedBooking(op).name.trim().toLowerCase();
  return (b.name ?? '').trim().toLowerCase() === name;
}

/** The booking and what the outbox keeps of it: its state and the calendar (provider) it went to. */
function outcome(b: BookingRecord | null): [BookingRecord | null, Partial<OpResult>] {
  const calendarName = b?.participant?.event?.calendar_name?.trim();
  return [b, { ...(b?.state ? { state: b.state } : {}), ...(calendarName ? { calendarName } : {}) }];
}

/** book_now: a booking made twice would be a double booking, so it is always reconciled after doubt. */
export const bookNowKind: KindSpec<QueuedBooking> = {
  schema: bookNowPayload,
  create: false,
  goneIsDone: false,
  recordKeys: (p) =>
    isRequestBody(p) ? [`booking:${p.booking_page}:${p.time}`] : [`booking:${p.page}:${withSeconds(p.time)}`],
  appointmentAt: (p, hint) => hint ?? instantOf(isRequestBody(p) ? p.time : p.startsAt),
  send: async (service, p) => done(...outcome(await bookNow(service, bodyOf(p)))),
  reconcile: async (service, op, ctx) => {
    const at = op.appointmentAt;
    if (at === null) throw new Error('a booking without a known start cannot be reconciled');
    const filter = lookupFilter(op, ctx, at);
    const match = (await listBookings(service, filter)).find((b) => isOurs(op, at, b, filter));
    return match ? done(...outcome(match)) : null;
  },
};
