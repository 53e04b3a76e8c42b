/**
 * The one IPC contract between the renderer and main: every invoke channel (zod args schema +
 * result type) and every main→renderer event. Nothing else defines channel strings.
 */
import { z } from 'zod';
import { emailAddress, emailOrBlank, phoneNumber, phoneOrBlank } from './input-rules';

/** Stable error codes the UI can act on. */
export type ErrorCode =
  | 'validation'
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'offline'
  | 'signed_out'
  | 'insufficient_scope'
  | 'service_error'
  | 'internal';

/** An error that crossed the bridge as a value. */
export interface IpcError {
  code: ErrorCode;
  message: string;
  /** Field paths that failed validation, when code is 'validation'. */
  issues?: { path: string; message: string }[];
  /** The scope the service asked for, when code is 'insufficient_scope'. */
  requiredScope?: string;
}

/** What every handler returns. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Live reachability of the configured service, from a real probe (the OS flag is only a hint). */
export interface Connectivity {
  state: 'online' | 'offline' | 'checking';
  /** Epoch ms of the last completed probe, null before the first. */
  checkedAt: number | null;
  /** Epoch ms since when the service has been unreachable, null when online. */
  offlineSince: number | null;
  /** Plain-words reason for the last failed probe ("No answer from the service"). */
  reason: string | null;
}

/** Facts about this install, shown on the first screen. */
export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  serviceUrl: string;
  portalUrl: string;
  /** True when Frontdesk runs against the local sandbox stand-in, not a real service. */
  usingSandbox: boolean;
  /** Folder of the log files, for support (null when this host keeps none). */
  logFolder: string | null;
  /** Whether Help → Open log folder can open it (the browser host shows its path instead). */
  canOpenLogFolder: boolean;
  /** Whether `app:print` opens the system print dialog (desktop app); the browser host prints from the page. */
  canPrint: boolean;
}

/** Sign-in state as the renderer may know it: never a token, code or verifier. */
export interface AuthStatus {
  state: 'signed_out' | 'signing_in' | 'signed_in';
  /** The person who signed in. */
  user: { name: string; email: string } | null;
  /** The account the app acts on when it is not the user's own (linked user). */
  actingFor: { name: string; email: string } | null;
  /**
   * The account whose data the app shows: an opaque key (renderer stores are reset when it changes) and the
   * practice's name for the header ("Lakeside Dental"). Null when signed out.
   */
  account: { key: string; practiceName: string } | null;
  grantedScopes: string[];
  /** Where the sign-in is kept: the OS keystore, weaker storage an admin allowed, or memory only. */
  storage: 'keystore' | 'weak-opt-in' | 'memory';
  /** The attempt waiting for the browser, when state is 'signing_in'. */
  signIn: { url: string; startedAt: number; expiresAt: number } | null;
  /** A message for the sign-in screen ("Your session ended — please sign in again"). */
  notice: { kind: 'error' | 'info'; text: string } | null;
}

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
  /** The service's read state ("confirmed", "not_coming", …); '' when the service has not seen them yet. */
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
    status: 'waiting' | 'needs_attention';
    /** What is waiting: a new appointment or booking, a change, or a cancellation. */
    change?: 'create' | 'update' | 'delete';
  } | null;
  /** A mark made here ("arrived", "noshow", …) that has not reached the service yet. */
  pendingMark: string | null;
  /**
   * The booking that made it, while Frontdesk follows it: a device-backed booking waits for the practice's own
   * calendar system ('pending'), then is 'confirmed' or 'failed' (the appointment was not made; `reason` says why).
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

/** What the front desk can mark an appointment as (the service's mark values). */
export const MARK_STATES = [
  'arrived',
  'ontime',
  'late',
  'noshow',
  'confirmed',
  'cancelled',
  'needs_reschedule',
] as const;
export type MarkState = (typeof MARK_STATES)[number];

/** A range of appointments and when it was read from the service. */
export interface Agenda {
  items: AgendaItem[];
  /** Epoch ms when the service gave this answer. */
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer; 'unavailable': nothing was ever read for this range, only changes made here are shown. */
  source: 'service' | 'cache' | 'unavailable';
}

/** Kinds of queued change (mirrors the outbox). */
export type ChangeKind =
  | 'contact.create'
  | 'contact.update'
  | 'contact.delete'
  | 'event.create'
  | 'event.update'
  | 'event.delete'
  | 'event.mark'
  | 'booking.book_now'
  | 'message.start'
  | 'message.reply';

/** A queued change as the Outbox view shows it. */
export interface OutboxItem {
  id: string;
  kind: ChangeKind;
  /** Plain words: "Book Cleaning for Jane Doe — Mon 23 Nov, 9:00". */
  summary: string;
  status: 'queued' | 'sending' | 'needs_attention' | 'done';
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  /** Why it has not gone through, in the service's words when it gave any. */
  error: string | null;
  /** The scope the service asked for, when permission is what is missing. */
  requiredScope: string | null;
  /** The appointment time has passed. */
  timePassed: boolean;
  /** What the service made of it, once done (for a text: the thread's id; for a booking: its calendar). */
  result: { id: number | null; state: string | null; calendarName: string | null } | null;
  /**
   * A text still unsent 15 minutes after it was written: held, not sent, until the user chooses "Send now anyway"
   * (`outbox:send-anyway`) or "Discard" (`outbox:discard`). Status is then 'needs_attention'.
   */
  held?: boolean;
  /**
   * Sending it again could help: it is waiting, or it stopped for a reason that can pass (the network, a sign-in,
   * a permission, an odd answer). False when the service refused it or its time has passed — the same request would
   * be refused again, so it needs changing or discarding.
   */
  canRetry: boolean;
  /** When the appointment starts (epoch ms), for appointments and bookings. */
  appointmentAt: number | null;
  /** The zone the summary's time is in (the booking page's or the practice's); null when not known. */
  zone: string | null;
}

/** Counts for the status bar, and work waiting under other sign-ins on this workstation. */
export interface OutboxSummary {
  queued: number;
  needsAttention: number;
  held: { account: string; label: string; count: number }[];
  /**
   * Saved changes that could not be read (their bytes kept aside in `file`), until acknowledged: at most `count`
   * changes may not have been sent; whether they were is not known.
   */
  keptAside: { count: number; file: string; since: number } | null;
  /** The outbox could not be opened: what to tell the user (absent or null when it is open). */
  cannotOpen?: string | null;
  /** The changes waiting on this computer cannot be read at all: see OutboxLocked (absent or null when they can). */
  locked?: OutboxLocked | null;
}

/**
 * The outbox's key cannot be unwrapped (the system's keystore changed, or the browser host's key file is gone), so
 * the changes waiting on this computer cannot be read. Nothing was deleted and no new key was written over the old
 * one: putting the old key back and restarting brings them back; or the user starts a new, empty outbox.
 */
export interface OutboxLocked {
  /** Changes in the log (at most: without the key, their lines tell only which change each concerns). */
  changes: number;
  /**
   * The file to put back: the outbox's own key file when both its copies are lost, else the browser host's `vault.key`;
   * null where it is the system's keystore that cannot unwrap the key.
   */
  keyFile: string | null;
  /** The outbox folder, where the old changes stay (moved into a `set-aside-…` folder there when starting afresh). */
  folder: string;
}

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
  /** 'confirmed': booked; 'pending': the practice's own calendar system is still confirming it; 'failed'. */
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
  /** That appointment's id, when the service says. */
  eventId?: number | null;
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
  /** Why it was not booked, in plain words (set when 'failed'). */
  reason: string | null;
}

/** A contact's next appointment, for the finder's results. */
export interface NextAppointment {
  /** The contact's list key. */
  key: string;
  next: { id: number; title: string; start: string; calendarName: string } | null;
}

/** Filters of the Bookings screen. */
const BOOKING_KINDS = ['confirmed', 'pending', 'failed'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** One page of recent bookings. */
export interface BookingList {
  items: BookingSummary[];
  page: number;
  /** Another page may follow. */
  more: boolean;
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** A contact's appointments (by their phones and e-mails) and bookings. */
export interface ContactHistory {
  /** Soonest first. */
  upcoming: AgendaItem[];
  /** Latest first. */
  past: AgendaItem[];
  /** Latest first. */
  bookings: BookingSummary[];
  fetchedAt: number;
  source: 'service' | 'cache';
}

// messages ─────────────────────────────────────────────────────────────────────────────────

/** What a patient's reply means for the appointment, when it clearly says ("C", "Confirm", "Cancel please"). */
export type ReplyMeaning = 'confirm' | 'cancel';

/** One text of a thread. */
export interface MessageView {
  id: number;
  /** 'in': the patient wrote; 'out': sent to the patient. */
  direction: 'in' | 'out';
  text: string;
  /** ISO 8601, as the service sent it. */
  at: string;
  /** Delivery in plain words: "Received", "Sent", "Delivered", "Not delivered". */
  status: string;
  /** For an inbound text that confirms or cancels, what it means; null otherwise. */
  meaning: ReplyMeaning | null;
}

/** A text written here that the service has not taken yet (it is in the outbox). */
export interface PendingText {
  /** The outbox change id (for `outbox:retry`, `outbox:send-anyway`, `outbox:discard`). */
  opId: string;
  text: string;
  createdAt: number;
  /**
   * 'waiting': not sent yet (offline, or being retried) — show "Not sent yet"; 'sending'; 'held': written more
   * than 15 minutes ago and not sent — ask "Send now anyway?"; 'failed': refused (see `error`, e.g. opted out).
   */
  state: 'waiting' | 'sending' | 'held' | 'failed';
  /** Why it is not sent, in plain words ("This patient has opted out of text messages"). */
  error: string | null;
}

/** One conversation with a patient, as the Messages list shows it. */
export interface ThreadSummary {
  id: number;
  channel: 'sms' | 'email';
  /** The contact's name when known (by contact or phone), else the name the service keeps, else ''. */
  name: string;
  /** E.164 as the service keeps it ('' when none). */
  phone: string;
  /** How to show the phone (national format for the account's country). */
  phoneDisplay: string;
  email: string;
  contactId: number | null;
  /** The appointment the thread is about, when the service says. */
  eventId: number | null;
  lastMessage: { text: string; at: string; direction: 'in' | 'out' } | null;
  /** ISO 8601 of the last message (or of the thread's last change), for sorting and "10:42 AM". */
  lastAt: string | null;
  /** Inbound texts not yet read here (read state is kept on this workstation). */
  unread: number;
  /** What the latest inbound text means (confirm/cancel), for the schedule's label; null when it says neither. */
  meaning: ReplyMeaning | null;
  /** Texts written here that the service has not taken yet. */
  pending: number;
}

/** The threads, most recent first. */
export interface ThreadList {
  threads: ThreadSummary[];
  /** Inbound texts unread over all threads (the Messages tab's badge). */
  unreadTotal: number;
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer. */
  source: 'service' | 'cache';
}

/** One thread with its texts, oldest first. */
export interface ThreadDetail {
  thread: ThreadSummary;
  messages: MessageView[];
  /** Texts written here not yet taken by the service, oldest first (shown after the messages). */
  pending: PendingText[];
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** Pushed when the poller sees new inbound texts (one event per text). */
export interface InboundText {
  threadId: number;
  /** The patient's name as the thread list shows it ('' when unknown: show the phone). */
  name: string;
  phoneDisplay: string;
  text: string;
  at: string;
  meaning: ReplyMeaning | null;
  eventId: number | null;
  /** Unread inbound texts over all threads, after this one. */
  unreadTotal: number;
}

const textContent = z
  .string()
  .max(1600, 'a text can be at most 1,600 characters')
  .refine((s) => s.trim().length > 0, 'the text is empty');
const threadId = z.number().int().positive();
const messagePhone = phoneNumber;
const startText = z
  .object({
    phone: messagePhone.optional(),
    contactId: z.number().int().positive().optional(),
    /** The patient's name, for the thread and the Outbox's sentence. */
    name: z.string().trim().max(200).optional(),
    /** The appointment the text is about. */
    eventId: z.number().int().positive().optional(),
    text: textContent,
  })
  .strict()
  .refine((s) => s.phone !== undefined || s.contactId !== undefined, 'a phone number or a contact is needed');
/** What "Text patient" sends. */
export type StartText = z.input<typeof startText>;

/** The quick texts as first installed. */
export const DEFAULT_QUICK_TEXTS = [
  'We are running about {minutes} minutes late',
  'Your room is ready',
  'Please call us back',
] as const;

// contacts ─────────────────────────────────────────────────────────────────────────────────

/** One phone number of a contact. */
export interface ContactPhone {
  /** As it was typed. */
  number: string;
  /** E.164 when known ('' for a number the service has not normalised yet). */
  normalized: string;
  /** How to show it: national format for the account's country, international otherwise. */
  display: string;
  type: string | null;
  primary: boolean;
}

/** One e-mail address of a contact. */
export interface ContactEmail {
  address: string;
  type: string | null;
  primary: boolean;
}

/** A change to this contact made here that the service has not confirmed yet. */
export interface ContactPending {
  /** The outbox change (the latest one when there are several). */
  opId: string;
  change: 'create' | 'update' | 'delete';
  status: 'queued' | 'sending' | 'needs_attention';
  /** Why it has not gone through, in the service's words when it gave any. */
  error: string | null;
  requiredScope: string | null;
}

/** A contact as the Contacts screen shows it, with its unsynced changes applied. */
export interface ContactView {
  /** Stable list key: `id:<service id>`, or `op:<outbox id>` for a contact not yet on the service. */
  key: string;
  /** The service's id; null until a new contact has reached the service. */
  id: number | null;
  externalId: string | null;
  addressBookId: number | null;
  name: string;
  firstName: string;
  lastName: string;
  phones: ContactPhone[];
  emails: ContactEmail[];
  /** The service says the contact is deleted. */
  deleted: boolean;
  pending: ContactPending | null;
}

/** Matches of a search and when they were read from the service. */
export interface ContactList {
  query: string;
  items: ContactView[];
  /** More contacts match than are shown: the user should refine the search. */
  more: boolean;
  /** Epoch ms when the service gave this answer. */
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer; 'unavailable': nothing was ever read for this search, only contacts added or changed here are shown. */
  source: 'service' | 'cache' | 'unavailable';
}

/** One contact and when it was read. */
export interface ContactDetail {
  contact: ContactView;
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** An address book contacts can be added to. */
export interface AddressBookView {
  id: number;
  name: string;
  /** The phone types this book accepts ("mobile", "home", …). */
  phoneTypes: string[];
  /** Where a new contact goes when none is chosen. */
  isDefault: boolean;
}

const contactPhoneIn = z
  .object({
    number: phoneNumber,
    type: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
const contactEmailIn = z.object({ address: emailAddress, type: z.string().trim().min(1).max(40).optional() }).strict();
const contactFields = {
  name: z.string().trim().max(200, 'Keep the name under 200 characters.').optional(),
  firstName: z.string().trim().max(100, 'Keep the first name under 100 characters.').optional(),
  lastName: z.string().trim().max(100, 'Keep the last name under 100 characters.').optional(),
  phones: z.array(contactPhoneIn).max(10),
  emails: z.array(contactEmailIn).max(10),
};
const contactRefFields = {
  id: z.number().int().positive().optional(),
  /** A contact not yet on the service is named by its outbox id here. */
  externalId: z.string().trim().min(1).max(200).optional(),
  addressBookId: z.number().int().positive().optional(),
};
const hasRef = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined || r.externalId !== undefined;
const contactRef = z.object(contactRefFields).strict().refine(hasRef, 'id or externalId is required');
const contactInput = z
  .object({ ...contactFields, addressBookId: contactRefFields.addressBookId })
  .strict()
  .refine((c) => Boolean(c.name || c.firstName || c.lastName), {
    message: 'Enter the contact’s name.',
    path: ['name'],
  });
/** What the New contact form sends. */
export type ContactInput = z.input<typeof contactInput>;
const contactChanges = z
  .object({ ...contactFields, phones: contactFields.phones.optional(), emails: contactFields.emails.optional() })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'nothing to change');
/** Only the fields the Edit form changed (lists are replaced whole). */
export type ContactChanges = z.input<typeof contactChanges>;
const contactSearch = z.object({ query: z.string().max(200), addressBookId: contactRefFields.addressBookId }).strict();
/** A search: name words, a phone number or an e-mail address ('' lists everyone). */
export type ContactSearch = z.input<typeof contactSearch>;

// ───────────────────────────────────────────────────────────────────────────────────────────

const noArgs = z.undefined();
const opId = z.object({ id: z.uuid() }).strict();
// The booking form checks itself with this schema (renderer/features/bookings/booking-validation.ts): its messages
// are what it shows next to the field, so they are plain words.
const bookingInput = z
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
/** A range of at most 31 days, ISO 8601 with offset. */
const rangeArgs = z
  .object({ begin: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) })
  .strict()
  .refine(
    (r) => Date.parse(r.end) >= Date.parse(r.begin) && Date.parse(r.end) - Date.parse(r.begin) <= 31 * 86_400_000,
    'the range must be 0 to 31 days',
  );
const isoTime = z.iso.datetime({ offset: true });
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
const appointmentInput = z
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
const appointmentRef = {
  id: z.number().int().positive().optional(),
  /** An appointment made here and not yet on the service is named by its outbox id. */
  externalId: z.string().trim().min(1).max(200).optional(),
};
const appointmentChanges = z
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
const hasAppointmentRef = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined || r.externalId !== undefined;
const scopeName = z
  .string()
  .regex(/^[a-z_]+(:[a-z_]+)?$/, 'not a scope name')
  .max(64);

/** Declares an invoke channel: args schema now, result type as the generic. */
function invoke<R>() {
  // `result` is a type-only marker (never read at run time): it carries R for Handlers and the bridge types.
  return <A extends z.ZodType>(args: A) => ({ args, result: undefined as unknown as R });
}

/** Declares an event channel with its payload type. */
function event<P>() {
  // `payload` is a type-only marker (never read at run time): it carries P for the event types.
  return { payload: undefined as unknown as P };
}

/** Every invoke channel (`domain:verb`). */
export const invokeChannels = {
  'app:info': invoke<AppInfo>()(noArgs),
  'app:connectivity': invoke<Connectivity>()(noArgs),
  'app:check-connectivity': invoke<Connectivity>()(noArgs),
  /** Opens the log folder in the file manager (desktop app only). */
  'app:open-log-folder': invoke<null>()(noArgs),
  /** Opens the system print dialog for the window (desktop app only): the day sheet. `printed` false when cancelled. */
  'app:print': invoke<{ printed: boolean }>()(noArgs),
  'auth:status': invoke<AuthStatus>()(noArgs),
  /** Starts sign-in in the system browser; `addScopes` re-authorizes for more permissions. */
  'auth:sign-in': invoke<AuthStatus>()(
    z
      .object({ addScopes: z.array(scopeName).max(20).optional() })
      .strict()
      .optional(),
  ),
  'auth:cancel-sign-in': invoke<AuthStatus>()(noArgs),
  'auth:sign-out': invoke<AuthStatus>()(noArgs),
  'auth:dismiss-notice': invoke<AuthStatus>()(noArgs),
  /** Appointments starting within [begin, end], fresh from the service (the cache when offline). */
  'calendar:range': invoke<Agenda>()(rangeArgs),
  /** The last good answer for that range, for painting before the service answers (null if none). */
  'calendar:cached': invoke<Agenda | null>()(rangeArgs),
  /** Marks every participant of an appointment (check-in, confirmation), through the outbox. */
  'calendar:mark': invoke<OutboxItem>()(
    z
      .object({
        eventId: z.number().int().positive(),
        state: z.enum(MARK_STATES),
        startsAt: z.iso.datetime({ offset: true }),
        /** Who is on the appointment, for the Outbox's sentence ("Mark Nathan Haddad as no-show"). */
        who: z.string().max(200).optional(),
      })
      .strict(),
  ),
  /** The account's calendars and the practice's time zone (cached for offline). */
  'calendar:calendars': invoke<CalendarList>()(noArgs),
  /** What changed in the range since `since` (upserts and removals); a full read where the service cannot filter. */
  'calendar:changes': invoke<AgendaChanges>()(
    z
      .object({ begin: isoTime, end: isoTime, since: isoTime })
      .strict()
      .refine(
        (r) => Date.parse(r.end) >= Date.parse(r.begin) && Date.parse(r.end) - Date.parse(r.begin) <= 31 * 86_400_000,
        'the range must be 0 to 31 days',
      ),
  ),
  /** One appointment, fresh, with its recent messages when the service includes them. */
  'calendar:event': invoke<AgendaItem>()(z.object({ id: z.number().int().positive() }).strict()),
  /** A new appointment through the outbox. */
  'calendar:create': invoke<OutboxItem>()(appointmentInput),
  /** Changes an appointment (time, title, notes, people) through the outbox. */
  'calendar:update': invoke<OutboxItem>()(
    z
      .object({ ...appointmentRef, changes: appointmentChanges, startsAt: isoTime })
      .strict()
      .refine(hasAppointmentRef, 'id or externalId is required'),
  ),
  /** Cancels (deletes) an appointment through the outbox. */
  'calendar:cancel': invoke<OutboxItem>()(
    z
      .object({ ...appointmentRef, startsAt: isoTime })
      .strict()
      .refine(hasAppointmentRef, 'id or externalId is required'),
  ),
  /** Undo of a schedule change still queued: drops it (withdrawn) or says it was already sent. */
  'calendar:withdraw': invoke<{ withdrawn: boolean }>()(opId),
  'outbox:list': invoke<OutboxItem[]>()(noArgs),
  'outbox:summary': invoke<OutboxSummary>()(noArgs),
  'outbox:retry': invoke<OutboxItem>()(opId),
  'outbox:retry-now': invoke<OutboxSummary>()(noArgs),
  'outbox:discard': invoke<OutboxSummary>()(opId),
  /** "Send now anyway" for a held text (written more than 15 minutes ago): sends it now. */
  'outbox:send-anyway': invoke<OutboxItem>()(opId),
  /** "Discard … queued changes" of another sign-in on this workstation. */
  'outbox:discard-held': invoke<OutboxSummary>()(z.object({ account: z.string().min(1).max(500) }).strict()),
  /** "I have noted this": stops showing the kept-aside notice (the kept bytes stay, for support). */
  'outbox:acknowledge-kept-aside': invoke<OutboxSummary>()(noArgs),
  /** The outbox is locked (OutboxLocked): keep its old changes aside, untouched, and start a new, empty outbox. */
  'outbox:start-afresh': invoke<OutboxSummary>()(noArgs),
  'bookings:pages': invoke<BookingPageView[]>()(noArgs),
  'bookings:availability': invoke<SlotView[]>()(
    z
      .object({
        page: z.string().trim().min(1).max(200),
        appointmentType: z.string().trim().min(1).max(100).optional(),
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
  // messages
  /** Threads, most recent first (optionally only those of an appointment, contact or phone); cache when offline. */
  'messages:threads': invoke<ThreadList>()(
    z
      .object({
        eventId: z.number().int().positive().optional(),
        contactId: z.number().int().positive().optional(),
        phone: messagePhone.optional(),
      })
      .strict()
      .optional(),
  ),
  /** One thread's texts, oldest first, with the texts written here and not yet sent. */
  'messages:thread': invoke<ThreadDetail>()(z.object({ id: threadId }).strict()),
  /** Replies in a thread, through the outbox (sent once; held if still unsent after 15 minutes). */
  'messages:reply': invoke<OutboxItem>()(z.object({ threadId, text: textContent }).strict()),
  /** Starts a new thread with a patient (by phone or contact), through the outbox. */
  'messages:start': invoke<OutboxItem>()(startText),
  /** Marks a thread read up to its latest text; returns the unread total. */
  'messages:mark-read': invoke<{ unreadTotal: number }>()(z.object({ id: threadId }).strict()),
  /** Unread inbound texts over all threads (from what was last read from the service). */
  'messages:unread': invoke<{ unreadTotal: number }>()(noArgs),
  /** The practice's quick texts ({minutes}, {first name} and {time} are filled in by the screen). */
  'messages:quick-texts': invoke<string[]>()(noArgs),
  'messages:set-quick-texts': invoke<string[]>()(z.object({ texts: z.array(textContent).max(20) }).strict()),
  /** The window is visible and in use (true) or hidden/idle (false): new texts are looked for less often when not. */
  'messages:activity': invoke<null>()(z.object({ visible: z.boolean() }).strict()),
  // contacts
  /** Matching contacts (first ~200), fresh from the service (the cache when offline), with unsynced changes applied. */
  'contacts:search': invoke<ContactList>()(contactSearch),
  /** The last good answer for that search, for painting before the service answers (null if none). */
  'contacts:cached': invoke<ContactList | null>()(contactSearch),
  'contacts:get': invoke<ContactDetail>()(contactRef),
  /** Adds a contact through the outbox: done at once when online, queued otherwise. */
  'contacts:create': invoke<OutboxItem>()(contactInput),
  /** Changes only the given fields (patch) through the outbox. */
  'contacts:update': invoke<OutboxItem>()(
    z
      .object({ ...contactRefFields, changes: contactChanges })
      .strict()
      .refine(hasRef, 'id or externalId is required'),
  ),
  'contacts:delete': invoke<OutboxItem>()(contactRef),
  'contacts:address-books': invoke<AddressBookView[]>()(noArgs),
  /** Each person's next appointment in the coming month, by their phones and e-mails (one read for all). */
  'contacts:next-appointments': invoke<NextAppointment[]>()(
    z
      .object({
        people: z
          .array(
            z
              .object({
                key: z.string().min(1).max(100),
                phones: z.array(z.string().trim().min(1).max(40)).max(5),
                emails: z.array(z.string().trim().min(1).max(254)).max(5),
              })
              .strict(),
          )
          .max(20),
      })
      .strict(),
  ),
  /** Upcoming and past appointments with these phones or e-mails, and their bookings (the saved copy offline). */
  'contacts:history': invoke<ContactHistory>()(
    z
      .object({
        phones: z.array(z.string().trim().min(1).max(40)).max(5),
        emails: z.array(emailAddress).max(5),
      })
      .strict()
      .refine((h) => h.phones.length + h.emails.length > 0, 'a phone or an e-mail is needed'),
  ),
} as const;

/** Every main→renderer event. */
export const eventChannels = {
  'connectivity:changed': event<Connectivity>(),
  'auth:changed': event<AuthStatus>(),
  'outbox:changed': event<OutboxSummary>(),
  'outbox:item': event<OutboxItem>(),
  /** A patient's new text arrived (one event per text): for the notification "Maria Garcia: Running 10 min late". */
  'messages:inbound': event<InboundText>(),
  /** The unread total changed (new texts, or a thread was read). */
  'messages:unread': event<{ unreadTotal: number }>(),
  /** Threads changed on the service (new texts either way): reload the list and any open one of them. */
  'messages:changed': event<{ threadIds: number[] }>(),
  /** A followed device-backed booking changed (waiting, confirmed or not booked): every followed booking. */
  'bookings:settling': event<{ bookings: BookingSettle[] }>(),
  /** Browser host only: main asks the page to open a vetted URL in a new tab. */
  'shell:open-url': event<{ url: string }>(),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type ArgsIn<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['args']>;
export type ArgsOut<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['args']>;
export type ResultOf<C extends InvokeChannel> = (typeof invokeChannels)[C]['result'];
export type PayloadOf<E extends EventChannel> = (typeof eventChannels)[E]['payload'];

/** Names of all invoke channels, for registration loops. */
export const invokeChannelNames = Object.keys(invokeChannels) as InvokeChannel[];
/** Names of all event channels, for forwarding loops. */
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[];

/** True when `name` is one of our invoke channels (own key, not a prototype member). */
export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

/** The object the renderer sees as `window.frontdesk`. */
export interface FrontdeskBridge {
  invoke: {
    [C in InvokeChannel]: (...args: ArgsIn<C> extends undefined ? [] : [ArgsIn<C>]) => Promise<Result<ResultOf<C>>>;
  };
  on: { [E in EventChannel]: (listener: (payload: PayloadOf<E>) => void) => () => void };
}
