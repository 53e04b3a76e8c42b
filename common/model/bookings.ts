/** Booking pages, free times and bookings as the Bookings screen shows them, and what the booking form sends. */
import { z } from 'zod';
import { emailOrBlank, phoneOrBlank } from '../input-rules';
import type { LinkedAppointment } from './store';
import { BOOKING_STATES, type BookingFailure, type BookingState } from './states';

/** A booking page and what its form asks. */
export interface BookingPageView {
  id: string;
  /** The page's URL prefix (the service calls it the page token; not a secret). */
  slug: string;
  name: string;
  timeZone: string;
  /**
   * `key` is the appointment type's token (its direct-URL name); `calendarIds` the calendars it books into, and
   * `providers` those of them the service names (what the desk chooses from).
   */
  types: {
    key: string;
    label: string;
    lengthMinutes: number | null;
    calendarIds: number[];
    providers: ProviderView[];
  }[];
  fields: { key: string; label: string; type: string; required: boolean; options: string[] }[];
  /** Built-in fields the page requires. */
  requires: { name: boolean; phone: boolean; email: boolean };
  consent: { textMessaging: boolean; marketing: boolean };
}

/** A provider (or room) a booking can be made with: one of the appointment type's calendars. */
export interface ProviderView {
  /** The calendar's id. */
  id: number;
  name: string;
}

/**
 * What a person answered on their earlier bookings (found by their phones and e-mails): each page question's latest
 * answer, by its field key, as the service keeps it with the booking.
 */
export interface KnownAnswers {
  answers: Record<string, string | number | boolean>;
  /** When the latest booking with answers was made (ISO 8601); null when none was found. */
  from: string | null;
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** A free time on a booking page. */
export interface SlotView {
  /** Wall time in the page's zone, as book_now wants it. */
  time: string;
  /** The instant, ISO 8601 with offset. */
  start: string;
  end: string;
  /**
   * Offline: when this free time was read from the service (epoch ms). It was free then; the booking is confirmed
   * only when it is sent. Absent on a live answer.
   */
  asOf?: number;
  /** The type's calendars (providers) free at that time; empty when the service does not say. */
  providers: number[];
}

/** A booking as the Bookings screen and a contact's history show it. */
export interface BookingSummary {
  id: number;
  /** Booked, waiting for the practice's own calendar system ('pending'), or failed (states.ts). */
  state: BookingKind;
  name: string;
  phone: string;
  email: string;
  /** ISO 8601 instants, when the service says. */
  start: string | null;
  end: string | null;
  createdAt: string | null;
  /** The booking page's URL prefix and the appointment type's token (the screen shows their names). */
  page: string;
  appointmentType: string;
  /** The appointment it made, when the service says. */
  title: string | null;
  calendarName: string | null;
  /**
   * The zone its times are told in: its booking page's (a satellite office's page books on that office's clock),
   * else the practice's; null when core knows neither.
   */
  zone?: string | null;
  /** That appointment's id, when the service says. */
  eventId?: number | null;
  /**
   * That appointment as core's store knows it now (moved, being changed, cancelled; here or elsewhere): `start` and
   * `end` above are then its times. Absent when the booking made no appointment the store knows.
   */
  appointment?: LinkedAppointment;
}

/**
 * A device-backed booking Frontdesk follows until the practice's calendar system settles it (core asks the service
 * again with backoff and sends `bookings:settling` when anything changes).
 */
export interface BookingSettle {
  /** The booking's id. */
  id: number;
  /** The appointment it made, once known. */
  eventId: number | null;
  /** Whom it is for, once the service said ('' until then). */
  name: string;
  state: BookingKind;
  /** Why it was not booked (set when 'failed'); the renderer words it. */
  reason: BookingFailure | null;
}

/** Filters of the Bookings screen: the booking states (states.ts). */
export const BOOKING_KINDS = BOOKING_STATES;
export type BookingKind = BookingState;

/** One page of recent bookings. */
export interface BookingList {
  items: BookingSummary[];
  page: number;
  /** Another page may follow. */
  more: boolean;
  fetchedAt: number;
  source: 'service' | 'cache';
}

// The booking form checks itself with this schema (renderer/features/bookings/booking-validation.ts): its messages
// are what it shows next to the field, so they are plain words.
export const bookingInput = z
  .object({
    page: z.string().trim().min(1).max(200),
    appointmentType: z.string().trim().min(1).max(100).optional(),
    time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'not a booking time'),
    startsAt: z.iso.datetime({ offset: true }),
    /** The provider's calendar; absent for "Anyone available". */
    provider: z.number().int().positive().optional(),
    name: z.string().trim().max(200, 'Keep the name under 200 characters.'),
    phone: phoneOrBlank,
    email: emailOrBlank,
    fieldData: z
      .record(
        z.string().max(64),
        z.union([z.string().max(2000, 'Keep the answer under 2,000 characters.'), z.number(), z.boolean()]),
      )
      .refine((r) => Object.keys(r).length <= 50, 'too many fields'),
    optedIntoTextMessaging: z.boolean().optional(),
    optedIntoMarketing: z.boolean().optional(),
  })
  .strict()
  // The service needs someone to book for (and the outbox someone to find the booking by after a lost answer).
  .refine((b) => Boolean(b.name || b.phone || b.email), { message: 'Enter the caller’s name.', path: ['name'] });
/** What the booking form sends. */
export type BookingInput = z.input<typeof bookingInput>;
