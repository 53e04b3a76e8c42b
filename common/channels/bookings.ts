/** Booking pages, free times and bookings. */
import { z } from 'zod';
import {
  BOOKING_KINDS,
  bookingInput,
  type BookingInput,
  type BookingPageView,
  type BookingList,
  type BookingSettle,
  type BookingSummary,
  type KnownAnswers,
  type SlotView,
} from '../model/bookings';
import { emailAddress } from '../input-rules';
import type { OutboxItem } from '../model/outbox';
import { event, invoke, noArgs, opId } from './declare';

/** The bookings invoke channels. */
export const bookingsInvoke = {
  'bookings:pages': invoke<BookingPageView[]>()(noArgs),
  'bookings:availability': invoke<SlotView[]>()(
    z
      .object({
        page: z.string().trim().min(1).max(200),
        appointmentType: z.string().trim().min(1).max(100).optional(),
        /** Only this provider's free times (calendar id); absent for "Anyone available". */
        provider: z.number().int().positive().optional(),
        begin: z.iso.datetime({ offset: true }),
        end: z.iso.datetime({ offset: true }),
      })
      .strict(),
  ),
  /** Books through the outbox: done at once when online, queued otherwise. */
  'bookings:book': invoke<OutboxItem>()(bookingInput),
  /** Edits a queued or refused booking (new time or details), keeping its place. */
  'bookings:rebook': invoke<OutboxItem>()(z.object({ id: z.uuid(), booking: bookingInput }).strict()),
  /** Recent bookings (newest first), by page, appointment date range and state; the saved copy offline. */
  'bookings:list': invoke<BookingList>()(
    z
      .object({
        page: z.number().int().min(1).max(1000),
        begin: z.iso.datetime({ offset: true }).optional(),
        end: z.iso.datetime({ offset: true }).optional(),
        state: z.enum(BOOKING_KINDS).optional(),
      })
      .strict(),
  ),
  /**
   * What this person answered last time (ZIP, insurance, …), by their phones and e-mails, for the booking form to
   * fill in; the saved copy when the service cannot be reached.
   */
  'bookings:answers': invoke<KnownAnswers>()(
    z
      .object({
        phones: z.array(z.string().trim().min(1).max(40)).max(5),
        emails: z.array(emailAddress).max(5),
      })
      .strict()
      .refine((h) => h.phones.length + h.emails.length > 0, 'a phone or an e-mail is needed'),
  ),
  /** The form values of a queued booking, for Edit. */
  'bookings:draft': invoke<BookingInput>()(opId),
  /**
   * A refused booking whose time has gone: the nearest free times of its page and type with the same provider
   * (live), soonest first; empty when its time is still free.
   */
  'bookings:nearest': invoke<SlotView[]>()(opId),
  /** One booking as the service has it now (a device-backed one settles from pending); null when not found. */
  'bookings:status': invoke<BookingSummary | null>()(z.object({ id: z.number().int().positive() }).strict()),
  /** The device-backed bookings followed until they settle (and those settled since), as `bookings:settling` sends. */
  'bookings:followed': invoke<BookingSettle[]>()(noArgs),
  /** The desk has seen how a followed booking ended (a refused one leaves the schedule); returns the rest. */
  'bookings:dismiss': invoke<BookingSettle[]>()(z.object({ id: z.number().int().positive() }).strict()),
} as const;

/** The bookings events. */
export const bookingsEvents = {
  /** A followed device-backed booking changed (waiting, confirmed or not booked): every followed booking. */
  'bookings:settling': event<{ bookings: BookingSettle[] }>(),
} as const;
