/** In-memory records of the sandbox's domain data (rendered to JSON by each resource module). */
import type { CountryCode } from 'libphonenumber-js';

/** Read-side participant states. */
export const PARTICIPANT_STATES = [
  'initial',
  'accepted',
  'declined',
  'reminded',
  'confirmed',
  'not_coming',
  'not_coming_needs_reschedule',
  'not_coming_no_reschedule',
] as const;
/** One read-side participant state. */
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/** Check-in values of /v1/event/mark, kept in the participant's `check_in_state`. */
export const CHECK_IN_STATES = ['arrived', 'ontime', 'late', 'noshow'] as const;
/** One check-in value. */
export type CheckInState = (typeof CHECK_IN_STATES)[number];

/** JSON scalar kept in custom_data / field_data. */
export type Scalar = string | number | boolean | null;

/** A calendar; `source` other than local marks a remote device (SQL / Exchange connector). */
export interface Calendar {
  id: number;
  name: string;
  description: string;
  color: string;
  timeZone: string;
  source: 'local' | 'exchange' | 'sql';
  createdAt: number;
  updatedAt: number;
}

/** An address book; its type decides the allowed phone `type` values. */
export interface AddressBook {
  id: number;
  name: string;
  type: 'apptoto' | 'google';
  phoneTypes: string[];
  createdAt: number;
  updatedAt: number;
}

/** One phone of a contact. */
export interface PhoneRec {
  number: string;
  normalized: string;
  isMobile: boolean;
  type: string;
  isPrimary: boolean;
}
/** One e-mail of a contact. */
export interface EmailRec {
  address: string;
  type: string | null;
  isPrimary: boolean;
}

/** A contact in an address book (soft-deleted like events). */
export interface Contact {
  id: number;
  addressBookId: number;
  externalId: string | null;
  name: string;
  firstName: string;
  lastName: string;
  phones: PhoneRec[];
  emails: EmailRec[];
  customData: Record<string, Scalar>;
  isDeleted: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A participant of an event. */
export interface Participant {
  id: number;
  name: string;
  phone: string;
  normalizedPhone: string | null;
  email: string;
  contactId: number | null;
  state: ParticipantState;
  checkInState: CheckInState | null;
  updatedAt: number;
}

/** An event (appointment) on a calendar. Times are epoch ms. */
export interface EventRec {
  id: number;
  calendarId: number;
  externalId: string | null;
  title: string;
  start: number;
  end: number;
  timeZone: string;
  allDay: boolean;
  showAs: number | null;
  location: string;
  content: string;
  customData: Record<string, Scalar>;
  participants: Participant[];
  isDeleted: boolean;
  createdAt: number;
  updatedAt: number;
}

/** An appointment type of a booking page. */
export interface AppointmentType {
  token: string;
  label: string;
  description: string;
  lengthMinutes: number;
  incrementMinutes: number;
  paddingMinutes: number;
  calendarIds: number[];
}

/** A bookable window of wall-clock time, `HH:MM`–`HH:MM`, in the page's zone. */
export interface DayWindow {
  start: string;
  end: string;
}

/** A form field of a booking page; built-ins are top-level book_now fields, others go in field_data. */
export interface PageField {
  key: string;
  label: string;
  type: 'string' | 'text' | 'number' | 'checkbox' | 'dropdown' | 'phone' | 'email';
  required: boolean;
  builtIn: boolean;
  target: 'contact' | 'event';
  options: string[] | null;
}

/** A booking page with its appointment types, availability rules and form. */
export interface BookingPage {
  id: number;
  token: string;
  name: string;
  description: string;
  timeZone: string;
  addressBookId: number;
  remoteDevice: { type: 'sql' | 'exchange'; name: string } | null;
  appointmentTypes: AppointmentType[];
  /** Index 0 = Sunday. Several windows a day make gaps (lunch). */
  hours: DayWindow[][];
  minNoticeMinutes: number;
  maxDaysAhead: number;
  freeWhen: 'any' | 'all';
  assignment: 'round_robin' | 'ordered';
  fields: PageField[];
  consent: { textMessaging: boolean; textMessagingForMarketing: boolean };
  location: string;
  createdAt: number;
  updatedAt: number;
}

/** A booking made through a page; a pending state settles lazily after deviceSettleMs. */
export interface Booking {
  id: number;
  pageId: number;
  pageToken: string;
  appointmentTypeToken: string;
  username: string;
  createdAt: number;
  start: number;
  end: number;
  name: string;
  phone: string;
  email: string;
  authenticatedPhone: boolean;
  authenticatedEmail: boolean;
  rescheduledAt: number | null;
  previousTime: number | null;
  clientIp: string;
  fieldData: Record<string, Scalar>;
  eventId: number | null;
  participantId: number | null;
  outcome: 'complete' | 'failed';
  pendingState: 'pending_device_update' | 'pending_device_update_for_contact' | null;
  /** The office system (the remote device) refuses it when it settles: it then reads `failed` and its event goes. */
  deviceRefuses?: boolean;
  error: string | null;
}

/** An opt-in / opt-out / stop list of phones (E.164) and e-mails. */
export interface ListRec {
  id: number;
  name: string;
  type: 'opt_out' | 'opt_in' | 'stoplist';
  description: string;
  entries: string[];
  createdAt: number;
  updatedAt: number;
}

/** An import; rows are applied when it reaches `finished` (lazily, on a later request). */
export interface ImportRec {
  id: number;
  type: 'events' | 'contacts';
  createdAt: number;
  runningAt: number;
  finishAt: number;
  invalidReason: string | null;
  basedOnImportId: number | null;
  rows: number;
  apply: (() => void) | null;
  created: number;
  updated: number;
  deleted: number;
  failed: number;
  errors: Array<{ row: number; message: string }>;
  updatedAt: number;
}

/** One recorded message (nothing is ever sent). */
export interface Message {
  id: number;
  conversationId: number;
  direction: 'outbound' | 'inbound';
  eventType: 'message_sent' | 'participant_replied';
  content: string;
  at: number;
}

/** A conversation with one person over SMS or e-mail. */
export interface Conversation {
  id: number;
  channel: 'sms' | 'email';
  name: string;
  phone: string | null;
  email: string | null;
  contactId: number | null;
  eventId: number | null;
  subject: string;
  messages: Message[];
  createdAt: number;
  updatedAt: number;
}

/** All domain data of one account (a non-linked user). */
export interface AccountData {
  userId: number;
  username: string;
  timeZone: string;
  country: CountryCode;
  calendars: Calendar[];
  addressBooks: AddressBook[];
  contacts: Map<number, Contact>;
  events: Map<number, EventRec>;
  bookingPages: BookingPage[];
  bookings: Booking[];
  lists: Map<number, ListRec>;
  /** Messaging > Consent "explicit opt-in": only entries of an opt_in list may be texted (default: everyone may). */
  explicitOptIn?: boolean;
  imports: Map<number, ImportRec>;
  conversations: Map<number, Conversation>;
  roundRobin: Map<number, number>;
}
