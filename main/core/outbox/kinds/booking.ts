/**
 * POST /v1/book_now. Not idempotent and without an external_id, so after an ambiguous attempt the outbox looks in
 * GET /v1/bookings for a live booking of the same page, start and invitee made since the first attempt.
 *
 * What is queued is the booking as the form filled it in (page, wall time and instant, invitee, answers): the
 * request body is built from it only when it is sent, and Edit opens it in the form again. Its stored shape is
 * defined here, apart from the IPC channel's arguments, so a change to the channel cannot change what is on disk:
 * a new stored shape is a new version with its migration (stored-format.ts).
 */
import { z } from 'zod';
import { emailOrBlank, phoneOrBlank } from '../../../../common/input-rules';
import { bookNow, listBookings, type BookingFilter, type BookingRecord } from '../../api/bookings-api';
import { done, instantOf, type KindSpec, type QueuedOp, type ReconcileContext } from './spec';
import { payloadFormat, type StoredFacts } from './stored-format';
import type { OpResult, OutboxOp } from '../types';

/** A wall time, with or without seconds, and no offset. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** Version 1 (today's): the booking as the form filled it in. */
const storedBooking = z
  .strictObject({
    page: z.string().trim().min(1).max(200),
    appointmentType: z.string().trim().min(1).max(100).optional(),
    /** The booking page's wall time. */
    time: z.string().regex(WALL_TIME, 'not a booking time'),
    /** The same start as an instant. */
    startsAt: z.iso.datetime({ offset: true }),
    /** The provider's calendar; absent for "Anyone available". */
    provider: z.number().int().positive().optional(),
    name: z.string().trim().max(200),
    phone: phoneOrBlank,
    email: emailOrBlank,
    fieldData: z
      .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()]))
      .refine((r) => Object.keys(r).length <= 50, 'too many fields'),
    optedIntoTextMessaging: z.boolean().optional(),
    optedIntoMarketing: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.name || b.phone || b.email), 'a name, phone or e-mail is required');
/** A queued booking, as stored (version 1). */
export type StoredBooking = z.output<typeof storedBooking>;

/**
 * Version 0: the book_now request body itself, which the app queued before it queued the form's input. Such a
 * booking may still be on disk, waiting for the network, when the app is updated: it is read as version 1 by the
 * step below, so it still goes out exactly once and Edit still opens it in the form.
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

/** Version 0 → 1: a request body read as the form's input (its start is the op's, kept beside the payload). */
function fromRequestBody(old: Record<string, unknown>, facts: StoredFacts): Record<string, unknown> {
  const b = requestBody.parse(old);
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const fieldData = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).safeParse(b.field_data);
  const optIn = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
  const texting = optIn(b.opted_into_text_messaging);
  const marketing = optIn(b.opted_into_text_messaging_for_marketing);
  const startsAt = facts.appointmentAt ?? instantOf(b.time);
  if (startsAt === null) throw new Error('a queued booking without a known start');
  return {
    page: text(b.booking_page),
    ...(b.appointment_type_token ? { appointmentType: text(b.appointment_type_token) } : {}),
    // The wall time as the page shows it (a time sent with an offset keeps its wall part).
    time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.exec(b.time)?.[0] ?? b.time,
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

/** How a booking is kept on disk: version 1, read from version 0 by one step. */
const bookingFormat = payloadFormat({
  schema: storedBooking,
  first: 0,
  migrations: [{ version: 1, up: fromRequestBody }],
  // Payloads stored before they carried a version: a request body is version 0, the form's input version 1.
  unmarked: (payload) => ('booking_page' in payload ? 0 : 1),
});

/** A wall time with seconds, as book_now takes it. */
const withSeconds = (time: string) => (time.length === 16 ? `${time}:00` : time);

/** The spec's book_now body. */
function bodyOf(p: StoredBooking): Record<string, unknown> {
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

/**
 * A queued booking as the form filled it in (for Edit, the Outbox's sentence, the calendar's waiting row and the
 * nearest free times). `op` must be a book_now op.
 */
export function queuedBooking(op: Pick<OutboxOp, 'payload'>): StoredBooking {
  // The outbox holds only payloads this kind's format accepted (at enqueue, at edit, or read from disk and
  // brought to today's version), so the cast is sound.
  return op.payload as StoredBooking;
}

/** ISO-8601 UTC without milliseconds (the bookings' own format). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The query that finds this op's booking: same page and start, the invitee, made since the first attempt. */
function lookupFilter(op: QueuedOp<StoredBooking>, ctx: ReconcileContext, at: number): BookingFilter {
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
function isOurs(op: QueuedOp<StoredBooking>, at: number, b: BookingRecord, filter: BookingFilter): boolean {
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
export const bookNowKind: KindSpec<StoredBooking> = {
  format: bookingFormat,
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`booking:${p.page}:${withSeconds(p.time)}`],
  appointmentAt: (p, hint) => hint ?? instantOf(p.startsAt),
  send: async (service, p) => done(...outcome(await bookNow(service, bodyOf(p)))),
  reconcile: async (service, op, ctx) => {
    const at = op.appointmentAt;
    if (at === null) throw new Error('a booking without a known start cannot be reconciled');
    const filter = lookupFilter(op, ctx, at);
    const match = (await listBookings(service, filter)).find((b) => isOurs(op, at, b, filter));
    return match ? done(...outcome(match)) : null;
  },
};
