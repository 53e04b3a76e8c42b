/** Booking objects exactly per the spec's table, their lazy state, and GET /v1/bookings (filters designed here). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isLoopback } from '../admin';
import { badRequest, httpError, parseOr400 } from '../errors';
import { actingUser, findUserByEmail } from '../users';
import { findPage } from './booking-pages';
import { addRoute, idParam, paginate, pagingShape, parseQuery, str, timeParam, type Deps } from './http';
import { normalizeEmail, normalizePhone } from './phones';
import { isoUtc } from './time';
import type { AccountData, Booking } from './types';

/** Booking states of the spec. */
const BOOKING_STATES = ['complete', 'pending_device_update', 'pending_device_update_for_contact', 'failed'] as const;

/**
 * State now: a remote-device booking stays pending until deviceSettleMs after creation, then is complete — or failed
 * when the office system refused it (design: the spec shows no move out of the pending states).
 */
function bookingState(b: Booking, now: number, settleMs: number): (typeof BOOKING_STATES)[number] {
  if (b.outcome === 'failed') return 'failed';
  if (b.pendingState && now - b.createdAt < settleMs) return b.pendingState;
  return b.deviceRefuses ? 'failed' : 'complete';
}

/** Whether a booking the office system refuses has reached its settle time (its event is then removed). */
function refusedBySettle(b: Booking, now: number, settleMs: number): boolean {
  return b.deviceRefuses === true && now - b.createdAt >= settleMs;
}

/** JSON form of a booking (spec "Booking"); `participant` is null for failed bookings. */
export function renderBooking(acc: AccountData, b: Booking, now: number, settleMs: number): Record<string, unknown> {
  const ev = b.eventId === null || refusedBySettle(b, now, settleMs) ? undefined : acc.events.get(b.eventId);
  const person = ev?.participants.find((p) => p.id === b.participantId);
  return {
    id: b.id,
    state: bookingState(b, now, settleMs),
    booking_page: b.pageToken,
    appointment_type_token: b.appointmentTypeToken,
    username: b.username,
    created_at: isoUtc(b.createdAt),
    start_time: isoUtc(b.start),
    end_time: isoUtc(b.end),
    name: b.name,
    phone: b.phone,
    email: b.email,
    authenticated_phone: b.authenticatedPhone,
    authenticated_email: b.authenticatedEmail,
    rescheduled_at: b.rescheduledAt === null ? null : isoUtc(b.rescheduledAt),
    previous_time: b.previousTime === null ? null : isoUtc(b.previousTime),
    client_ip_address: b.clientIp,
    field_data: b.fieldData,
    participant:
      ev && b.participantId !== null
        ? {
            id: b.participantId,
            name: person?.name ?? b.name,
            phone: person?.normalizedPhone ?? b.phone,
            email: person?.email ?? b.email,
            event: {
              id: ev.id,
              calendar_id: ev.calendarId,
              calendar_name: acc.calendars.find((c) => c.id === ev.calendarId)?.name ?? '',
              title: ev.title,
              start_time: isoUtc(ev.start),
              end_time: isoUtc(ev.end),
            },
          }
        : null,
  };
}

function listQuery(zone: string) {
  return z.object({
    ...pagingShape(30),
    id: idParam.optional(),
    booking_page: str(200).optional(),
    appointment_type_token: str(100).optional(),
    begin: timeParam(zone).optional(),
    end: timeParam(zone).optional(),
    created_since: timeParam(zone).optional(),
    state: z.enum(BOOKING_STATES).optional(),
    phone_number: str(40).optional(),
    email_address: str(254).optional(),
  });
}

const refusalsBody = z.strictObject({
  /** How many of the account's next device-backed bookings the office system refuses (replaces what was left). */
  count: z.number().int().min(0).max(1000),
  /** Whose account (default the owner's; a linked user's lands in the account it acts on). */
  account: str(200).optional(),
});

/** Registers GET /v1/bookings, and the admin route that makes the office system refuse device-backed bookings. */
export function registerBookings(app: FastifyInstance, deps: Deps): void {
  // Admin (loopback only): the next `count` device-backed bookings read `failed` when they settle (design).
  app.post('/__sandbox/device-refusals', async (req) => {
    if (!isLoopback(req.raw.socket?.remoteAddress)) {
      throw httpError(403, 'forbidden', 'the sandbox admin API only answers loopback clients');
    }
    const b = parseOr400(refusalsBody, req.body ?? {}, 'device refusals');
    const email = b.account ?? 'owner@frontdesk.test';
    const user = findUserByEmail(deps.ctx.users, email);
    if (!user) throw httpError(404, 'not_found', `no user ${email}`);
    const acc = deps.store.account(actingUser(deps.ctx.users, user));
    deps.store.deviceRefusals.set(acc.userId, b.count);
    return { refusals: b.count };
  });
  addRoute(app, deps, 'GET', '/v1/bookings', ({ req, acc, now }) => {
    const q = parseQuery(req, listQuery(acc.timeZone));
    const settle = deps.ctx.options.deviceSettleMs;
    const page =
      q.booking_page === undefined
        ? undefined
        : (findPage(acc, q.booking_page) ?? badRequest(`booking_page "${q.booking_page.slice(0, 80)}" not found`));
    const phone =
      q.phone_number === undefined
        ? undefined
        : (normalizePhone(q.phone_number, acc.country) ?? badRequest('phone_number is not a phone number'));
    const email =
      q.email_address === undefined
        ? undefined
        : (normalizeEmail(q.email_address) ?? badRequest('email_address is not an e-mail address'));
    // created_since compares whole seconds, the resolution of created_at.
    const since = q.created_since === undefined ? undefined : Math.floor(q.created_since / 1000) * 1000;
    const hits = acc.bookings.filter(
      (b) =>
        (q.id === undefined || b.id === q.id) &&
        (page === undefined || b.pageId === page.id) &&
        (q.appointment_type_token === undefined || b.appointmentTypeToken === q.appointment_type_token) &&
        (q.begin === undefined || b.start >= q.begin) &&
        (q.end === undefined || b.start <= q.end) &&
        (since === undefined || Math.floor(b.createdAt / 1000) * 1000 >= since) &&
        (q.state === undefined || bookingState(b, now, settle) === q.state) &&
        (phone === undefined || b.phone === phone) &&
        (email === undefined || b.email.toLowerCase() === email),
    );
    return { bookings: paginate(hits, q.page, q.page_size).map((b) => renderBooking(acc, b, now, settle)) };
  });
}
