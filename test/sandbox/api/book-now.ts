/** POST /v1/book_now (spec): validates against the page's form and availability, then writes event + contact. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zodDetails } from '../errors';
import { findType, gridSlots, type Slot } from './availability';
import { findPage } from './booking-pages';
import { bookFail, checkForm, type FormResult } from './booking-form';
import { renderBooking } from './bookings';
import { addRoute, boolish, scalarRecord, str, type Call, type Deps } from './http';
import { putContact, type Ids, type Store } from './store';
import { addLocalDays, dayStart, MINUTE, parseTimeInput } from './time';
import type { AccountData, AppointmentType, Booking, BookingPage, Contact, EventRec } from './types';

const body = z.object({
  booking_page: z.union([z.number().int().positive().max(2_147_483_647), str(200).min(1, 'must not be empty')]),
  time: str(40),
  appointment_type_token: str(100).optional(),
  name: str(200).optional(),
  phone_number: str(40).optional(),
  email_address: str(254).optional(),
  field_data: scalarRecord.optional(),
  opted_into_text_messaging: boolish.optional(),
  opted_into_text_messaging_for_marketing: boolish.optional(),
});

/** Finds or creates the invitee's contact in the page's address book (match by phone, then e-mail). */
function upsertContact(
  acc: AccountData,
  ids: Ids,
  page: BookingPage,
  form: FormResult,
  now: number,
): { contact: Contact; created: boolean } {
  const inBook = [...acc.contacts.values()].filter((c) => !c.isDeleted && c.addressBookId === page.addressBookId);
  const found =
    (form.normalizedPhone && inBook.find((c) => c.phones.some((p) => p.normalized === form.normalizedPhone))) ||
    (form.email && inBook.find((c) => c.emails.some((e) => e.address === form.email)));
  const contact: Contact = found || {
    id: ids.next('contact'),
    addressBookId: page.addressBookId,
    externalId: null,
    name: '',
    firstName: '',
    lastName: '',
    phones: [],
    emails: [],
    customData: {},
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  };
  if (form.name) {
    const [first = '', ...rest] = form.name.split(/\s+/);
    Object.assign(contact, { name: form.name, firstName: first, lastName: rest.join(' ') });
  } else if (!contact.name) {
    contact.name = form.email || form.phone;
  }
  if (form.normalizedPhone && !contact.phones.some((p) => p.normalized === form.normalizedPhone)) {
    contact.phones.push({
      number: form.phone,
      normalized: form.normalizedPhone,
      isMobile: true,
      type: 'mobile',
      isPrimary: contact.phones.length === 0,
    });
  }
  if (form.email && !contact.emails.some((e) => e.address === form.email)) {
    contact.emails.push({ address: form.email, type: null, isPrimary: contact.emails.length === 0 });
  }
  contact.customData = { ...contact.customData, ...form.contactFields };
  contact.updatedAt = now;
  putContact(acc, contact);
  return { contact, created: !found };
}

/** Picks the calendar among the free ones: first (ordered) or least-booked so far (round robin). */
function pickCalendar(acc: AccountData, page: BookingPage, free: number[]): number {
  const first = free[0] ?? 0;
  if (page.assignment === 'ordered') return first;
  const count = (id: number): number => acc.roundRobin.get(id) ?? 0;
  const chosen = free.reduce((best, id) => (count(id) < count(best) ? id : best), first);
  acc.roundRobin.set(chosen, count(chosen) + 1);
  return chosen;
}

function bookingBase(
  c: Call,
  page: BookingPage,
  type: AppointmentType,
  start: number,
  form: FormResult | null,
  id: number,
): Booking {
  return {
    id,
    pageId: page.id,
    pageToken: page.token,
    appointmentTypeToken: type.token,
    username: c.acc.username,
    createdAt: c.now,
    start,
    end: start + type.lengthMinutes * MINUTE,
    name: form?.name ?? '',
    phone: form?.normalizedPhone ?? '',
    email: form?.email ?? '',
    authenticatedPhone: false,
    authenticatedEmail: false,
    rescheduledAt: null,
    previousTime: null,
    clientIp: c.req.ip,
    fieldData: form?.fieldData ?? {},
    eventId: null,
    participantId: null,
    outcome: 'failed',
    pendingState: null,
    error: null,
  };
}

/** A book_now request that passed validation. */
interface Accepted {
  page: BookingPage;
  type: AppointmentType;
  start: number;
  form: FormResult;
}

/** Validates the body against the page (400 `{success:false,error}` naming the problem). */
function accept(c: Call): Accepted {
  const raw: unknown = c.req.body;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) bookFail('request body must be a JSON object');
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const d = zodDetails(parsed.error)[0];
    bookFail(`${d?.path || 'body'}: ${d?.message ?? 'malformed'}`);
  }
  const b = parsed.data;
  const page =
    findPage(c.acc, b.booking_page) ?? bookFail(`Booking page "${String(b.booking_page).slice(0, 80)}" not found`);
  const type =
    findType(page, b.appointment_type_token) ??
    bookFail(`appointment_type_token "${b.appointment_type_token ?? ''}" is not offered by this booking page`);
  // A time without an offset is wall time in the page's zone; an offset or Z is honored.
  const start =
    (/\d{2}:\d{2}/.test(b.time) ? parseTimeInput(b.time, page.timeZone) : null) ??
    bookFail('time must look like YYYY-MM-DDTHH:MM:SS');
  return { page, type, start, form: checkForm(c.acc, page, b) };
}

/** Writes the event (invitee as participant) and the booking for a free slot. */
function book(c: Call, store: Store, a: Accepted, slot: Slot): Booking {
  const ids = store.ids;
  const { page, type, form } = a;
  const { contact, created } = upsertContact(c.acc, ids, page, form, c.now);
  const reason = form.eventFields.reason;
  const event: EventRec = {
    id: ids.next('event'),
    calendarId: pickCalendar(c.acc, page, slot.freeCalendarIds),
    externalId: null,
    title: `${type.label} - ${form.name || form.email || form.phone}`,
    start: slot.start,
    end: slot.end,
    timeZone: page.timeZone,
    allDay: false,
    showAs: null,
    location: page.location,
    content: `${typeof reason === 'string' && reason ? `${reason}\n` : ''}Booked online via ${page.name}.`,
    customData: { ...form.eventFields, booking_page: page.token, appointment_type: type.token },
    participants: [
      {
        id: ids.next('participant'),
        name: form.name,
        phone: form.phone,
        normalizedPhone: form.normalizedPhone,
        email: form.email,
        contactId: contact.id,
        state: 'initial',
        checkInState: null,
        updatedAt: c.now,
      },
    ],
    isDeleted: false,
    createdAt: c.now,
    updatedAt: c.now,
  };
  c.acc.events.set(event.id, event);
  const booking = bookingBase(c, page, type, slot.start, form, ids.next('booking'));
  Object.assign(booking, {
    outcome: 'complete',
    eventId: event.id,
    participantId: event.participants[0]?.id ?? null,
    pendingState: page.remoteDevice ? (created ? 'pending_device_update_for_contact' : 'pending_device_update') : null,
    ...(page.remoteDevice && store.takeDeviceRefusal(c.acc) ? { deviceRefuses: true } : {}),
  });
  c.acc.bookings.push(booking);
  return booking;
}

/** Registers POST /v1/book_now. */
export function registerBookNow(app: FastifyInstance, deps: Deps): void {
  const { ctx, store } = deps;
  addRoute(app, deps, 'POST', '/v1/book_now', (c) => {
    const settle = ctx.options.deviceSettleMs;
    try {
      const a = accept(c);
      const day = dayStart(a.start, a.page.timeZone);
      const slot = gridSlots(c.acc, a.page, a.type, day, addLocalDays(day, 1, a.page.timeZone), c.now).find(
        (s) => s.start === a.start,
      );
      if (!slot || slot.freeCalendarIds.length === 0) {
        const failed = bookingBase(c, a.page, a.type, a.start, a.form, store.ids.next('booking'));
        failed.error = slot ? 'That time is no longer available' : 'That time is not available on this booking page';
        c.acc.bookings.push(failed);
        bookFail(failed.error, renderBooking(c.acc, failed, c.now, settle));
      }
      const booking = book(c, store, a, slot);
      ctx.counters.bookingsCreated += 1;
      return { success: true, booking: renderBooking(c.acc, booking, c.now, settle) };
    } catch (err) {
      ctx.counters.bookingsFailed += 1;
      throw err;
    }
  });
}
