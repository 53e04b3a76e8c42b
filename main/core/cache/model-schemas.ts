/**
 * The shapes the read cache keeps on disk, as schemas: a copy is checked against its slot's schema when it is read
 * (read-cache.ts), so a copy written by another version, or damaged, is a miss rather than a wrong screen. Each
 * schema is checked against the model type it stands for (`satisfies`), so the two cannot drift apart unseen.
 */
import { z } from 'zod';
import type {
  AddressBookView,
  Agenda,
  AgendaItem,
  BookingPageView,
  BookingSettle,
  BookingSummary,
  CalendarList,
  ContactView,
  SlotView,
} from '../../../common/contract';
import { BOOKING_STATES, type BookingFailure, type BookingState } from '../../../common/contract';

// Copies kept before the booking states were named apart from a person's confirmation said 'confirmed' for
// 'booked', and a failed booking's reason in words: both are read as today's codes.
const bookingKind = z
  .enum([...BOOKING_STATES, 'confirmed'])
  .transform((s): BookingState => (s === 'confirmed' ? 'booked' : s));
const bookingFailure = z
  .string()
  .nullable()
  .transform((r): BookingFailure | null => (r === null ? null : r === 'gone' ? 'gone' : 'refused'));

const bookingSettle = z.object({
  id: z.number(),
  eventId: z.number().nullable(),
  name: z.string(),
  state: bookingKind,
  reason: bookingFailure,
}) satisfies z.ZodType<BookingSettle>;

const agendaPerson = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  state: z.string(),
  checkIn: z.string().nullish(),
  contactId: z.number().nullish(),
  messages: z.array(z.object({ at: z.string(), direction: z.enum(['in', 'out']), text: z.string() })).optional(),
});

export const agendaItemSchema = z.object({
  id: z.number(),
  externalId: z.string().nullish(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  calendarId: z.number().nullish(),
  calendarName: z.string(),
  zone: z.string().nullish(),
  location: z.string(),
  notes: z.string().optional(),
  customData: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
  free: z.boolean().optional(),
  updatedAt: z.string().nullish(),
  people: z.array(agendaPerson),
  pending: z
    .object({
      changeId: z.string(),
      status: z.enum(['queued', 'needs_attention', 'waiting']).transform((s) => (s === 'waiting' ? 'queued' : s)),
      change: z.enum(['create', 'update', 'delete']).optional(),
    })
    .nullable(),
  pendingMark: z.string().nullable(),
  queuedBooking: z.object({ appointmentType: z.string() }).optional(),
  booking: bookingSettle.optional(),
}) satisfies z.ZodType<AgendaItem>;

export const agendaSchema = z.object({
  items: z.array(agendaItemSchema),
  fetchedAt: z.number(),
  source: z.enum(['service', 'cache', 'unavailable']),
}) satisfies z.ZodType<Agenda>;

export const calendarListSchema = z.object({
  calendars: z.array(z.object({ id: z.number(), name: z.string(), timeZone: z.string().nullable() })),
  practiceZone: z.string().nullable(),
  fetchedAt: z.number(),
  source: z.enum(['service', 'cache']),
}) satisfies z.ZodType<CalendarList>;

export const bookingPageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  types: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      lengthMinutes: z.number().nullable(),
      calendarIds: z.array(z.number()),
      providers: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.string(),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
  requires: z.object({ name: z.boolean(), phone: z.boolean(), email: z.boolean() }),
  consent: z.object({ textMessaging: z.boolean(), marketing: z.boolean() }),
}) satisfies z.ZodType<BookingPageView>;

export const slotViewSchema = z.object({
  time: z.string(),
  start: z.string(),
  end: z.string(),
  asOf: z.number().optional(),
  providers: z.array(z.number()),
}) satisfies z.ZodType<SlotView>;

export const bookingSummarySchema = z.object({
  id: z.number(),
  state: bookingKind,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  createdAt: z.string().nullable(),
  page: z.string(),
  appointmentType: z.string(),
  title: z.string().nullable(),
  calendarName: z.string().nullable(),
  eventId: z.number().nullish(),
  zone: z.string().nullish(),
}) satisfies z.ZodType<BookingSummary>;

export const contactViewSchema = z.object({
  key: z.string(),
  id: z.number().nullable(),
  externalId: z.string().nullable(),
  addressBookId: z.number().nullable(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phones: z.array(
    z.object({
      number: z.string(),
      normalized: z.string(),
      display: z.string(),
      type: z.string().nullable(),
      primary: z.boolean(),
    }),
  ),
  emails: z.array(z.object({ address: z.string(), type: z.string().nullable(), primary: z.boolean() })),
  deleted: z.boolean(),
  pending: z
    .object({
      opId: z.string(),
      change: z.enum(['create', 'update', 'delete']),
      status: z.enum(['queued', 'sending', 'needs_attention']),
      error: z.string().nullable(),
      requiredScope: z.string().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<ContactView>;

export const addressBookSchema = z.object({
  id: z.number(),
  name: z.string(),
  phoneTypes: z.array(z.string()),
  isDefault: z.boolean(),
}) satisfies z.ZodType<AddressBookView>;
