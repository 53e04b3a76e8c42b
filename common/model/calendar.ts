/** Appointments and calendars as the schedule shows them, and what the appointment forms send. */
import { z } from 'zod';
import { emailOrBlank, phoneOrBlank } from '../input-rules';
import type { BookingSettle } from './bookings';
import type { ChangeState } from './states';

/** A message of an appointment's thread, as the service included it. */
export interface AppointmentMessage {
  at: string;
  /** 'in': the patient wrote; 'out': sent to the patient. */
  direction: 'in' | 'out';
  text: string;
}

/** One person on an appointment. */
interface AgendaPerson {
  name: string;
  phone: string;
  email: string;
  /**
   * Their answer to the appointment as the service reads it (a ConfirmationState of states.ts: "initial" is not
   * confirmed yet, "confirmed", "not_coming", …; another string when the service sends one this app does not know);
   * '' when the service has not seen them yet.
   */
  state: string;
  /** The check-in mark (arrived, late, noshow) when the service keeps one. */
  checkIn?: string | null;
  contactId?: number | null;
  /** Recent messages with this person about the appointment (only when asked for and the service includes them). */
  messages?: AppointmentMessage[];
}

/** One appointment as the calendar view shows it. */
export interface AgendaItem {
  id: number;
  /** The service's external id (a create made here is named by its outbox id until it has a service id). */
  externalId?: string | null;
  title: string;
  /** ISO 8601 with offset, as the service sent it. */
  start: string;
  end: string;
  calendarId?: number | null;
  calendarName: string;
  /** The zone its times are told in (its calendar's, as the service says: a satellite office's own); null: the practice's. */
  zone?: string | null;
  location: string;
  /** Notes (the service's `content`). */
  notes?: string;
  /** Extra fields the practice keeps on the appointment, as key and value. */
  customData?: { key: string; value: string }[];
  /** Shown as free time (not busy), e.g. "On call". */
  free?: boolean;
  /** When the service last changed it (ISO), when it says. */
  updatedAt?: string | null;
  people: AgendaPerson[];
  /** Set for a change made here that the service has not confirmed yet (its outbox id). */
  pending: {
    changeId: string;
    /** Waiting to be sent ('queued', also while being sent), or stopped until the desk looks at it. */
    status: Extract<ChangeState, 'queued' | 'needs_attention'>;
    /** What is waiting: a new appointment or booking, a change, or a cancellation. */
    change?: 'create' | 'update' | 'delete';
  } | null;
  /** A mark made here ("arrived", "noshow", …) that has not reached the service yet. */
  pendingMark: string | null;
  /**
   * A booking made here that the service does not have yet (its title is '' until then: the screens word it from
   * this and the person): the appointment type's token on the booking page ('' when the form chose none).
   */
  queuedBooking?: { appointmentType: string };
  /**
   * The booking that made it, while Frontdesk follows it: a device-backed booking waits for the practice's own
   * calendar system ('pending'), then is 'booked' or 'failed' (the appointment was not made; `reason` says why).
   */
  booking?: BookingSettle;
}

/** A calendar (provider or room) of the account. */
export interface CalendarInfo {
  id: number;
  name: string;
  /** IANA zone of the calendar, when the service says. */
  timeZone: string | null;
}

/** The account's calendars and the practice's time zone. */
export interface CalendarList {
  calendars: CalendarInfo[];
  /** The practice's zone (from its calendars or booking pages); null when unknown (use the workstation's). */
  practiceZone: string | null;
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** What changed in a range since a time: upserts and removals. */
export interface AgendaChanges {
  items: AgendaItem[];
  /** Appointments deleted on the service since then. */
  removedIds: number[];
  /** True when the service could not filter by change time and this is the whole range (replace, don't merge). */
  full: boolean;
  fetchedAt: number;
}

/** How long a change stays offered for Undo (a move, a cancellation, a mark by a single key). */
export const UNDO_WINDOW_MS = 10_000;

/**
 * The desk's own marks, which the service has no mark value for: "running late" (told the patient is on the way,
 * not here yet; apart from `late`, which the service keeps as arrived late) and taking it back. Each is kept in the
 * appointment's custom data under `RUNNING_LATE_KEY` (written with PUT /v1/events), so every workstation sees it.
 */
export const DESK_MARKS = ['running_late', 'not_running_late'] as const;

/** The custom-data key of "running late" (its value: when it was marked, ISO 8601); gone when taken back. */
export const RUNNING_LATE_KEY = 'frontdesk_running_late';

/** What the front desk can mark an appointment as: the service's mark values, then the desk's own. */
export const MARK_STATES = [
  'arrived',
  'ontime',
  'late',
  'noshow',
  'confirmed',
  'cancelled',
  'needs_reschedule',
  ...DESK_MARKS,
] as const;
export type MarkState = (typeof MARK_STATES)[number];

/** Is this mark one of the desk's own (kept in custom data, not sent to POST /v1/event/mark)? */
export function isDeskMark(state: string): state is (typeof DESK_MARKS)[number] {
  return (DESK_MARKS as readonly string[]).includes(state);
}

/** The service's mark values that set a person's check-in (the others set their answer). */
const CHECK_IN_MARKS = new Set(['arrived', 'ontime', 'late', 'noshow']);
/** An answer mark → the person's state the service then reads back (test/sandbox does the same). */
const ANSWER_OF_MARK: Record<string, string> = {
  confirmed: 'confirmed',
  cancelled: 'not_coming',
  not_coming: 'not_coming',
  needs_reschedule: 'not_coming_needs_reschedule',
  accepted: 'accepted',
  declined: 'declined',
};

/**
 * An appointment with a mark the service has taken written in, until it is read again: the check-in or answer of
 * every person, or the desk's "running late" in its custom data (`at`: when it was marked). Without this the
 * appointment would read as unmarked between the mark's answer and the next read.
 */
export function withMarkSent(item: AgendaItem, state: string, at?: string): AgendaItem {
  if (isDeskMark(state)) {
    const others = (item.customData ?? []).filter((c) => c.key !== RUNNING_LATE_KEY);
    const customData = state === 'running_late' ? [...others, { key: RUNNING_LATE_KEY, value: at ?? 'yes' }] : others;
    return { ...item, customData };
  }
  if (CHECK_IN_MARKS.has(state)) return { ...item, people: item.people.map((p) => ({ ...p, checkIn: state })) };
  const answer = ANSWER_OF_MARK[state];
  return answer ? { ...item, people: item.people.map((p) => ({ ...p, state: answer })) } : item;
}

/** A range of appointments and when it was read from the service. */
export interface Agenda {
  items: AgendaItem[];
  /** Epoch ms when the service gave this answer. */
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer; 'unavailable': nothing was ever read for this range, only changes made here are shown. */
  source: 'service' | 'cache' | 'unavailable';
}

/** A time with its offset, ISO 8601. */
export const isoTime = z.iso.datetime({ offset: true });
// The appointment form checks itself with these schemas (renderer/features/calendar/appointment-form.ts): their
// messages are what it shows next to the field, so they are plain words.
const appointmentPerson = z
  .object({
    name: z.string().trim().max(200, 'Keep the name under 200 characters.').optional(),
    phone: phoneOrBlank.optional(),
    email: emailOrBlank.optional(),
    contactId: z.number().int().positive().optional(),
  })
  .strict()
  .refine((p) => Boolean(p.name || p.phone || p.email || p.contactId), {
    message: 'Enter a name, phone or e-mail, or remove this person.',
    path: ['name'],
  });
const appointmentFields = {
  title: z
    .string()
    .trim()
    .min(1, 'Enter what the appointment is for.')
    .max(500, 'Keep the title under 500 characters.'),
  start: isoTime,
  end: isoTime,
  location: z.string().trim().max(1000, 'Keep the location under 1,000 characters.').optional(),
  notes: z.string().max(10_000, 'Keep the notes under 10,000 characters.').optional(),
  participants: z.array(appointmentPerson).max(50, 'Add at most 50 people.').optional(),
};
type Span = { start?: string | undefined; end?: string | undefined };
const spanOf = (a: Span) =>
  a.start === undefined || a.end === undefined ? 0 : Date.parse(a.end) - Date.parse(a.start);
const endNotBeforeStart = (a: Span) => spanOf(a) >= 0;
const atMostAMonth = (a: Span) => spanOf(a) <= 31 * 86_400_000;
const END_BEFORE_START = { message: 'The end must be after the start.', path: ['end'] };
const TOO_LONG = { message: 'An appointment can last at most 31 days.', path: ['end'] };
export const appointmentInput = z
  .object({
    ...appointmentFields,
    calendarId: z.number().int().positive('Choose a calendar.'),
    customData: z.record(z.string().max(64), z.string().max(2000)).optional(),
  })
  .strict()
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(atMostAMonth, TOO_LONG);
/** What the New appointment form sends. */
export type AppointmentInput = z.input<typeof appointmentInput>;
export const appointmentRef = {
  id: z.number().int().positive().optional(),
  /** An appointment made here and not yet on the service is named by its outbox id. */
  externalId: z.string().trim().min(1).max(200).optional(),
};
export const appointmentChanges = z
  .object({
    title: appointmentFields.title.optional(),
    start: isoTime.optional(),
    end: isoTime.optional(),
    location: appointmentFields.location,
    notes: appointmentFields.notes,
    participants: appointmentFields.participants,
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'nothing to change')
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine(atMostAMonth, TOO_LONG);
/** Only the fields the Edit form (or a drag) changed. */
export type AppointmentChanges = z.input<typeof appointmentChanges>;
export const hasAppointmentRef = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined || r.externalId !== undefined;
