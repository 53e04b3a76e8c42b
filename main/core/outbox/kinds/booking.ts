/**
 * A booking for a caller. POST /v1/book_now names no provider (the spec's table), so a provider chosen by the desk is
 * honoured within what the service offers: an appointment type whose only calendar is that provider's goes through
 * book_now (the service books it there by its own rules); a type with several calendars cannot be steered, so the
 * booking is made as a staff booking instead: an event on that provider's calendar (POST /v1/events, the caller as
 * participant, the answers in its custom data), after a check that nothing on that calendar overlaps the time. Which
 * of the two is decided when it is sent, from the page as the service has it then.
 *
 * book_now is not idempotent and has no external_id, so after an ambiguous attempt the outbox looks in
 * GET /v1/bookings for a live booking of the same page, start and invitee made since the first attempt. A staff
 * booking carries the op's id as its event's external_id and is looked up by it (GET /v1/event), so it is made once.
 *
 * What is queued is the booking as the form filled it in (page, wall time and instant, invitee, answers): the
 * request body is built from it only when it is sent, and Edit opens it in the form again. Its stored shape is
 * defined here, apart from the IPC channel's arguments, so a change to the channel cannot change what is on disk:
 * a new stored shape is a new version with its migration (stored-format.ts).
 */
import { z } from 'zod';
import { emailOrBlank, phoneOrBlank } from '../../../../common/input-rules';
import { bookNow, listBookings, type BookingFilter, type BookingRecord } from '../../api/bookings-api';
import { listBookingPages } from '../../api/booking-pages-api';
import { calendarNames, getEvent, listEventsInRange } from '../../api/calendar-api';
import { createEvent, findEventByExternalId } from '../../api/events-api';
import type { ServiceRequester } from '../../api/service-client';
import { ServiceError } from '../../api/service-error';
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
    /**
     * The op's id, set by the outbox as for every create: the external_id of the event a staff booking makes (absent
     * in payloads queued before staff bookings; see `staffExternalId`).
     */
    external_id: z.string().min(1).max(200).optional(),
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

/** The spec's book_now body (no provider: the spec names no such field; the type's calendars decide). */
function bodyOf(p: StoredBooking): Record<string, unknown> {
  return {
    booking_page: p.page,
    time: withSeconds(p.time),
    ...(p.appointmentType ? { appointment_type_token: p.appointmentType } : {}),
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

/** What a provider's booking is sent as: book_now (the type serves that provider alone) or a staff booking. */
type Route = { via: 'book_now' } | { via: 'staff'; label: string; lengthMinutes: number };

/** A type without a length told (the page does not say) is booked for this long. */
const DEFAULT_LENGTH_MINUTES = 30;

/** A refusal the desk reads as it is (plain words; sending it again cannot help). */
const refused = (message: string) =>
  new ServiceError('permanent', 'POST /v1/events', message, { serviceMessage: message });

/**
 * How a booking goes, from the booking page as the service has it now: book_now without a provider, or with one
 * whose type has that calendar alone; a staff booking when the type has that calendar among others.
 */
async function routeOf(service: ServiceRequester, p: StoredBooking): Promise<Route> {
  if (p.provider === undefined) return { via: 'book_now' };
  const page = (await listBookingPages(service)).find((x) => x.slug === p.page || x.id === p.page);
  const type = p.appointmentType ? page?.types.find((t) => t.key === p.appointmentType) : page?.types[0];
  if (!page || !type) throw refused('This booking page or appointment type is no longer offered.');
  if (type.calendarIds.length === 1 && type.calendarIds[0] === p.provider) return { via: 'book_now' };
  if (!type.calendarIds.includes(p.provider))
    throw refused('That provider no longer sees this appointment type. Choose another provider.');
  return { via: 'staff', label: type.label, lengthMinutes: type.lengthMinutes ?? DEFAULT_LENGTH_MINUTES };
}

/** The external id of a staff booking's event: the op's id (a payload queued before it carried one: its slot). */
const staffExternalId = (p: StoredBooking) =>
  p.external_id ?? `frontdesk-booking:${p.page}:${withSeconds(p.time)}:${String(p.provider)}`;

/** A day: an event that began up to this long before the booking may still overlap it. */
const LONGEST_EVENT_MS = 24 * 60 * 60 * 1000;

/** The calendar's name as the service has it; undefined when the calendars cannot be read. */
async function calendarNameOf(service: ServiceRequester, id: number): Promise<string | undefined> {
  try {
    return (await calendarNames(service)).get(id)?.trim() || undefined;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'retryable') throw error;
    return undefined;
  }
}

/**
 * The staff booking's event as the service has it (GET /v1/event): the calendar it is on is read back, never
 * assumed, so the desk is told the provider the service holds.
 */
async function staffResult(service: ServiceRequester, id: number): Promise<OpResult> {
  const event = await getEvent(service, id);
  const calendarName = event.calendar_name?.trim() || (await calendarNameOf(service, event.calendar_id));
  return done(event, { state: 'complete', ...(calendarName ? { calendarName } : {}) });
}

/**
 * A staff booking: refused in plain words when anything busy on the provider's calendar overlaps the time (read now,
 * from the service), else an event on that calendar with the caller as participant and the page's answers in its
 * custom data, named by the op's id so a lost answer is found, never made twice.
 */
async function sendStaffBooking(
  service: ServiceRequester,
  p: StoredBooking,
  route: Extract<Route, { via: 'staff' }>,
): Promise<OpResult> {
  const calendarId = p.provider!;
  const start = Date.parse(p.startsAt);
  const end = start + route.lengthMinutes * 60_000;
  const events = await listEventsInRange(
    service,
    new Date(start - LONGEST_EVENT_MS).toISOString(),
    new Date(end).toISOString(),
  );
  const taken = events.some(
    (e) =>
      e.calendar_id === calendarId &&
      !e.is_deleted &&
      e.show_as !== 0 &&
      Date.parse(e.start_time) < end &&
      Date.parse(e.end_time) > start,
  );
  if (taken) {
    const who = await calendarNameOf(service, calendarId);
    throw refused(`That time is no longer free${who ? ` with ${who}` : ' with that provider'}. Choose another time.`);
  }
  const name = p.name || p.email || p.phone;
  const created = await createEvent(service, {
    calendar_id: calendarId,
    external_id: staffExternalId(p),
    title: `${route.label} - ${name}`,
    start_time: p.startsAt,
    end_time: new Date(end).toISOString(),
    custom_data: {
      ...p.fieldData,
      // The page's consent questions, answered on the phone: kept with the visit (there is no booking to hold them).
      ...(p.optedIntoTextMessaging !== undefined ? { opted_into_text_messaging: p.optedIntoTextMessaging } : {}),
      ...(p.optedIntoMarketing !== undefined ? { opted_into_text_messaging_for_marketing: p.optedIntoMarketing } : {}),
      booking_page: p.page,
      ...(p.appointmentType ? { appointment_type: p.appointmentType } : {}),
    },
    participants: [{ name: p.name, ...(p.phone ? { phone: p.phone } : {}), ...(p.email ? { email: p.email } : {}) }],
  });
  return staffResult(service, created.id);
}

/** book_now: a booking made twice would be a double booking, so it is always reconciled after doubt. */
export const bookNowKind: KindSpec<StoredBooking> = {
  format: bookingFormat,
  // Its payload gets the op's id as `external_id` (a staff booking's event is named by it).
  create: true,
  goneIsDone: false,
  recordKeys: (p) => [`booking:${p.page}:${withSeconds(p.time)}`],
  appointmentAt: (p, hint) => hint ?? instantOf(p.startsAt),
  send: async (service, p) => {
    const route = await routeOf(service, p);
    if (route.via === 'staff') return sendStaffBooking(service, p, route);
    return done(...outcome(await bookNow(service, bodyOf(p))));
  },
  reconcile: async (service, op, ctx) => {
    const at = op.appointmentAt;
    if (at === null) throw new Error('a booking without a known start cannot be reconciled');
    // A provider's booking may have gone as a staff booking: its event is named by the op's id.
    if (op.payload.provider !== undefined) {
      const event = await findEventByExternalId(service, staffExternalId(op.payload));
      if (event && !event.is_deleted) return staffResult(service, event.id);
    }
    const filter = lookupFilter(op, ctx, at);
    const match = (await listBookings(service, filter)).find((b) => isOurs(op, at, b, filter));
    return match ? done(...outcome(match)) : null;
  },
};
