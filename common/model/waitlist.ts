/**
 * The waitlist as the screens see it: patients who want an earlier or any time, with the provider, the appointment
 * type and the days and times that suit them; a freed time and who fits it; an offer by text and how it stands.
 */
import { z } from 'zod';
import { phoneNumber } from '../input-rules';

/** Days of the week as ISO numbers: 1 Monday … 7 Sunday. */
const weekday = z.number().int().min(1).max(7);
/** A wall time "HH:MM" (24 hours). */
const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time such as 08:30');

/** What "Add to waitlist" sends. */
export const waitlistInput = z
  .object({
    name: z.string().trim().min(1, 'the patient’s name is needed').max(200),
    phone: phoneNumber,
    contactId: z.number().int().positive().optional(),
    /** The provider's calendar, or absent for anyone. */
    calendarId: z.number().int().positive().optional(),
    /** The appointment type in words ("Cleaning"); empty for any. */
    appointmentType: z.string().trim().max(100).default(''),
    days: z.array(weekday).min(1, 'choose at least one day').max(7),
    from: wallTime,
    to: wallTime,
    note: z.string().trim().max(300).default(''),
  })
  .strict()
  .refine((w) => w.from < w.to, { message: 'the earliest time must be before the latest', path: ['to'] });
/** A new waitlist entry. */
export type WaitlistInput = z.input<typeof waitlistInput>;

/** One patient on the waitlist. */
export interface WaitlistEntry {
  /** The entry's external id (stable from the moment it is added here). */
  key: string;
  name: string;
  /** E.164 when it could be read, else as typed. */
  phone: string;
  /** As the practice writes numbers ("(312) 555-0191"). */
  phoneDisplay: string;
  contactId: number | null;
  /** The provider's calendar, or null for anyone. */
  calendarId: number | null;
  providerName: string;
  appointmentType: string;
  days: number[];
  from: string;
  to: string;
  note: string;
  /** When it was added (ISO 8601): the list's order. */
  addedAt: string;
  /** Added or removed here and not yet at the service. */
  pending: boolean;
}

/** The waitlist as read (the saved copy when the service cannot be reached). */
export interface WaitlistView {
  entries: WaitlistEntry[];
  freed: FreedTime[];
  offers: OfferView[];
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** A time freed by a cancellation or a move made here, with who on the waitlist fits it, in order. */
export interface FreedTime {
  /** The cancelled appointment's id. */
  appointmentId: number;
  calendarId: number | null;
  calendarName: string;
  /** ISO 8601 with offset. */
  start: string;
  end: string;
  /** The cancelled visit's type (its title before " - "). */
  appointmentType: string;
  /** The keys of the entries that fit, first added first. */
  fits: string[];
  /** The offer made for it, if any. */
  offerKey: string | null;
}

/** One patient's part in an offer. */
export type OfferStep = 'queued' | 'sent' | 'replied' | 'booked' | 'taken';

/** An offer by text of one freed time, and how it stands for each patient it went to. */
export interface OfferView {
  key: string;
  calendarName: string;
  start: string;
  end: string;
  appointmentType: string;
  /** When the offer lapses (ISO 8601): a YES after it is not booked. */
  expiresAt: string;
  expired: boolean;
  people: { entryKey: string; name: string; step: OfferStep }[];
}

/** What "Offer by text" sends. */
export const offerInput = z
  .object({
    appointmentId: z.number().int().positive(),
    entryKeys: z.array(z.string().min(1).max(200)).min(1, 'choose at least one patient').max(20),
    text: z.string().trim().min(1, 'the text is empty').max(600),
    /** What the first to answer YES is told. */
    confirmText: z.string().trim().min(1, 'the text is empty').max(600),
    /** What a later YES is told. */
    takenText: z.string().trim().min(1, 'the text is empty').max(600),
    /** How long the offer stands, in minutes. */
    expiresInMinutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
  })
  .strict();
/** An offer of a freed time. */
export type OfferInput = z.input<typeof offerInput>;
