/**
 * The one place the states screens tell are put in words (the states themselves: common/model/states.ts). Every
 * badge, filter, note and sentence that says how a change, a booking or a person's answer stands takes its words
 * from here, so one state reads the same on every screen: a booking that went through is "Booked"; only a person
 * "Confirmed". Core sends facts and codes, never sentences; what it is about is worded here too, with the time in
 * the user's locale on the zone's clock. test/unit/lint/words.test.ts keeps state words out of every other file.
 */
import type {
  AgendaItem,
  BookingFailure,
  BookingPageView,
  BookingState,
  ChangeFacts,
  ChangeKind,
  ChangeState,
  ConfirmationState,
  LinkedAppointment,
  MarkState,
  OfferStep,
  RefusalReason,
  TextConsent,
} from '../../common/contract';
import { isConfirmationState } from '../../common/contract';
import { dateTimeInZone, dayInZone } from './practice-time';

/** The colour of a badge: good, waiting, bad or neither. */
export type Tone = 'good' | 'wait' | 'bad' | 'neutral';

// --- A change made here, on its way to the service ---------------------------------------------------------------

/** A change's state as its badge says it. */
export const CHANGE_WORDS: Record<ChangeState, { word: string; tone: Tone }> = {
  queued: { word: 'Waiting to sync', tone: 'wait' },
  sending: { word: 'Sending…', tone: 'wait' },
  needs_attention: { word: 'Needs attention', tone: 'bad' },
  done: { word: 'Done', tone: 'good' },
};

/** A text written here that has not gone yet (its own words for 'queued': a text is sent, not synced). */
export const TEXT_NOT_SENT = 'Not sent yet';

/** The state of a change laid over an appointment ("Cancelling — waiting to sync"), or null when none waits. */
export function appointmentChangeWords(pending: AgendaItem['pending']): string | null {
  if (!pending) return null;
  if (pending.status === 'needs_attention') return CHANGE_WORDS.needs_attention.word;
  if (pending.change === 'delete') return `Cancelling — ${CHANGE_WORDS.queued.word.toLowerCase()}`;
  return CHANGE_WORDS.queued.word;
}

/** "3 waiting to sync", "1 needs attention": the status bar's counts of changes in a state. */
export function changeCount(state: 'queued' | 'needs_attention', count: number): string {
  if (state === 'queued') return `${count} ${CHANGE_WORDS.queued.word.toLowerCase()}`;
  return `${count} need${count === 1 ? 's' : ''} attention`;
}

/** "Arrived — waiting to sync": a mark not yet sent. */
export function waitingMarkWords(mark: string): string {
  return `${markWords(mark)} — ${CHANGE_WORDS.queued.word.toLowerCase()}`;
}

/** Someone's words as a sentence, with its full stop (the service's own words end without one, or with one). */
export function asSentence(words: string): string {
  const said = words.trim();
  return ['.', '!', '?', '…'].some((stop) => said.endsWith(stop)) ? said : `${said}.`;
}

/** Why the service refused a change to an appointment, as the schedule's notice says it. */
export function refusalWords(reason: RefusalReason | null, serviceWords: string | null): string {
  const tail = ' Open the Outbox to edit or discard the change.';
  if (reason === 'appointment_gone')
    return `This appointment was cancelled or removed elsewhere, so the change could not be made.${tail}`;
  if (reason === 'calendar_move') return `An appointment cannot be moved to another calendar.${tail}`;
  return `The service did not accept a change${serviceWords ? `: ${asSentence(serviceWords)}` : '.'}${tail}`;
}

// --- A booking made through a booking page -------------------------------------------------------------------------

/**
 * A booking's state: the badge's word, the fewest words (beside a small block's time), the filter's label and the
 * sentence a note starts with.
 */
export const BOOKING_WORDS: Record<BookingState, { word: string; short: string; tone: Tone }> = {
  booked: { word: 'Booked', short: 'Booked', tone: 'good' },
  pending: { word: 'Waiting for the office system', short: 'Waiting for the office', tone: 'wait' },
  failed: { word: 'Not booked', short: 'Not booked', tone: 'bad' },
};

/** What a booking's note says after its state's word. */
export const BOOKING_NOTES: Record<BookingState, string> = {
  booked: 'The practice’s calendar system has this booking.',
  pending: 'The practice’s own calendar takes this booking in a moment; this updates by itself.',
  failed: 'The time is free again; book another time for this patient if they still want one.',
};

/** What became of a booking's appointment when it does not simply stand (common/model/store.ts, core's store). */
export const LINKED_APPOINTMENT_WORDS: Record<Exclude<LinkedAppointment['state'], 'standing'>, string> = {
  changing: `Change ${CHANGE_WORDS.queued.word.toLowerCase()}`,
  cancelling: `Cancellation ${CHANGE_WORDS.queued.word.toLowerCase()}`,
  cancelled: 'Appointment cancelled',
};

/** Why a booking was not booked, as the end of "Not booked — …". */
export function bookingFailureWords(reason: BookingFailure | null): string {
  return reason === 'gone' ? 'the service no longer has it' : 'the practice’s calendar system did not accept it';
}

/** A booking's state as one line ("Not booked — the service no longer has it"). */
export function bookingLine(state: BookingState, reason: BookingFailure | null = null): string {
  return state === 'failed'
    ? `${BOOKING_WORDS.failed.word} — ${bookingFailureWords(reason)}`
    : BOOKING_WORDS[state].word;
}

/** The desktop notification when a booking that was waiting ends: its title and body. */
export function bookingSettledNotice(state: Exclude<BookingState, 'pending'>, who: string): [string, string] {
  const person = who || 'the caller';
  return state === 'booked'
    ? ['Booked', `The practice's calendar took the booking for ${person}.`]
    : ['Not booked', `The practice's calendar could not take the booking for ${person}. Book another time.`];
}

// --- A person's answer to their appointment ------------------------------------------------------------------------

/** Each confirmation state's word and tone. */
export const CONFIRMATION_WORDS: Record<ConfirmationState, { word: string; tone: Tone }> = {
  initial: { word: 'Not confirmed yet', tone: 'neutral' },
  accepted: { word: 'Accepted', tone: 'good' },
  declined: { word: 'Declined', tone: 'bad' },
  reminded: { word: 'Reminder sent', tone: 'neutral' },
  confirmed: { word: 'Confirmed', tone: 'good' },
  not_coming: { word: 'Cancelled', tone: 'bad' },
  not_coming_needs_reschedule: { word: 'Cancelled — wants a new time', tone: 'bad' },
  not_coming_no_reschedule: { word: 'Cancelled — no new time', tone: 'bad' },
};

/** A person's state in words; one the app does not know is shown tidied; '' stays '' (not seen by the service). */
export function confirmationWords(state: string): string {
  return isConfirmationState(state) ? CONFIRMATION_WORDS[state].word : state.replace(/_/g, ' ');
}

/** The tone of a person's state. */
export function confirmationTone(state: string): Tone {
  return isConfirmationState(state) ? CONFIRMATION_WORDS[state].tone : 'neutral';
}

/** The state a person is in before they answer: not worth a badge of its own. */
export const NOT_CONFIRMED: ConfirmationState = 'initial';

// --- Marks the desk sets ---------------------------------------------------------------------------------------------

/** Each mark: on the menu, in a sentence ("Mark Ada as no-show") and, for check-in marks, once the service has it. */
export const MARK_WORDS: Record<MarkState, { word: string; inSentence: string; checkedIn?: string }> = {
  arrived: { word: 'Arrived', inSentence: 'arrived', checkedIn: 'Arrived' },
  ontime: { word: 'On time', inSentence: 'on time', checkedIn: 'Arrived on time' },
  late: { word: 'Arrived late', inSentence: 'arrived late', checkedIn: 'Arrived late' },
  noshow: { word: 'No-show', inSentence: 'no-show', checkedIn: 'Did not come' },
  confirmed: { word: CONFIRMATION_WORDS.confirmed.word, inSentence: 'confirmed' },
  cancelled: { word: 'Cancelled', inSentence: 'cancelled' },
  needs_reschedule: { word: 'Wants a new time', inSentence: 'wanting a new time' },
  running_late: { word: 'Running late', inSentence: 'running late' },
  not_running_late: { word: 'No longer running late', inSentence: 'no longer running late' },
};

const isMark = (state: string): state is MarkState => Object.hasOwn(MARK_WORDS, state);

/** A mark as the menu says it; another state as a person's state reads. */
function markWords(mark: string): string {
  return isMark(mark) ? MARK_WORDS[mark].word : confirmationWords(mark);
}

/** A check-in state in plain words ("Arrived late"); other states as a person's state reads. */
export function checkInWords(state: string): string {
  return (isMark(state) ? MARK_WORDS[state].checkedIn : undefined) ?? confirmationWords(state);
}

/** Nobody on the appointment has checked in. */
export const NOT_CHECKED_IN = 'Not checked in';

// --- What a change is about ------------------------------------------------------------------------------------------

/** A text's words as quoted in a line (at most 60 characters). */
function quoted(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

/** What a change does, without its time ("Mark Nathan Haddad as no-show"). */
export function changeWords(kind: ChangeKind, about: ChangeFacts): string {
  const who = about.who;
  switch (kind) {
    case 'booking.book_now': {
      const type = about.appointmentType.replace(/[-_]+/g, ' ').trim();
      return `Appointment${type ? ` (${type})` : ''} for ${who || 'a caller'}`;
    }
    case 'contact.create':
      return `Add contact ${who || 'a contact'}`;
    case 'contact.update':
      return `Update contact ${who || 'a contact'}`;
    case 'contact.delete':
      return who ? `Delete contact ${who}` : 'Delete a contact';
    case 'event.create':
      return `Add appointment “${about.title || 'untitled'}”`;
    case 'event.update':
      return about.title ? `Change appointment “${about.title}”` : 'Change an appointment';
    case 'event.delete':
      return 'Cancel an appointment';
    case 'event.move':
      return `Move appointment “${about.title || 'untitled'}” to ${about.calendar || 'another calendar'}`;
    case 'event.series': {
      const title = about.title || 'untitled';
      if (about.series === 'move') return `Move visits of the series “${title}”`;
      if (about.series === 'cancel') return `Cancel visits of the series “${title}”`;
      return `Add the series “${title}”`;
    }
    case 'event.mark': {
      const mark = isMark(about.mark) ? MARK_WORDS[about.mark].inSentence : confirmationWords(about.mark).toLowerCase();
      return `Mark ${who || 'an appointment'} as ${mark || 'changed'}`;
    }
    case 'message.start':
    case 'message.reply':
      return `Text ${who || 'a patient'}: ${quoted(about.text)}`;
    case 'list.add':
      return `Stop texting ${who || 'a patient'}`;
    case 'waitlist.put':
      return `Add ${who || 'a patient'} to the waitlist`;
    case 'waitlist.offer':
      return `Offer a freed time to ${who || 'the waitlist'}: ${quoted(about.text)}`;
    case 'waitlist.remove':
      return `Take ${who || 'a patient'} off the waitlist`;
    case 'waitlist.answer':
      return `Settle ${who || 'a patient'}’s YES to a freed time`;
  }
}

/**
 * An appointment's title: the service's, or for a booking made here that the service does not have yet, what it is
 * and whom for ("Appointment (cleaning) for Priya Raman").
 */
export function appointmentTitle(item: Pick<AgendaItem, 'title' | 'people' | 'queuedBooking'>): string {
  if (item.title) return item.title;
  const person = item.people[0];
  const who = person ? person.name || person.phone || person.email : '';
  if (item.queuedBooking) return changeWords('booking.book_now', { ...NO_FACTS, ...item.queuedBooking, who });
  return 'Untitled appointment';
}

const NO_FACTS: ChangeFacts = { who: '', title: '', appointmentType: '', mark: '', text: '' };

/** A change in one line with its appointment's time on `zone`'s clock ("…, Mon 23 Nov 2026, 10:15 AM"). */
export function changeLine(
  item: { kind: ChangeKind; about: ChangeFacts; appointmentAt: number | null },
  zone: string,
): string {
  const what = changeWords(item.kind, item.about);
  return item.appointmentAt === null ? what : `${what}, ${dateTimeInZone(item.appointmentAt, zone)}`;
}

// --- The practice's own fields on an appointment ---------------------------------------------------------------------

/**
 * Words with one right spelling at a practice, as a field's value may hold them in lower case or as a token
 * ("x rays", "follow_up"): each pattern matches the words apart by spaces, "_" or "-".
 */
const KNOWN_SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/\bx[\s_-]*rays\b/gi, 'X-rays'],
  [/\bx[\s_-]*ray\b/gi, 'X-ray'],
  [/\bcheck[\s_-]+ups\b/gi, 'check-ups'],
  [/\bcheck[\s_-]+up\b/gi, 'check-up'],
  [/\bfollow[\s_-]+ups\b/gi, 'follow-ups'],
  [/\bfollow[\s_-]+up\b/gi, 'follow-up'],
  [/\be[\s_-]*mail\b/gi, 'e-mail'],
  [/\bsms\b/gi, 'SMS'],
];

/**
 * A machine-written value or key in sentence case ("x rays" → "X-rays", "visit_type" → "Visit type"): tokens' "_"
 * become spaces, the known spellings are put right, and the first letter is a capital. Text a person wrote with
 * capitals of their own ("Delta Dental") keeps them.
 */
export function sentenceWords(value: string): string {
  const token = !/[A-Z]/.test(value);
  let words = token ? value.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim() : value.trim();
  for (const [pattern, spelled] of KNOWN_SPELLINGS) words = words.replace(pattern, spelled);
  return token ? words.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : words;
}

/** A booking page and its appointment types, as far as naming them needs. */
export type PageNames = Pick<BookingPageView, 'id' | 'slug' | 'name'> & {
  types: Pick<BookingPageView['types'][number], 'key' | 'label'>[];
};

/** One of the practice's own fields of an appointment, in words: "New patient" and "Yes". */
export interface FieldWords {
  key: string;
  label: string;
  value: string;
}

/** A token as the service's reader may have tidied it ("follow_up" reads "follow up"): compared without them. */
const sameToken = (a: string, b: string) =>
  a.replace(/[\s_]+/g, '_').toLowerCase() === b.replace(/[\s_]+/g, '_').toLowerCase();

/**
 * The practice's fields of an appointment in words, in their order, without Frontdesk's own (`hidden`): yes/no
 * answers as "Yes" and "No", the booking page and the appointment type by the names their page gives them (the
 * token while the pages are not known), other values in sentence case.
 */
export function customFieldWords(
  fields: readonly { key: string; value: string }[],
  pages: readonly PageNames[],
  hidden: readonly string[] = [],
): FieldWords[] {
  const pageToken = fields.find((f) => f.key === 'booking_page')?.value;
  const page =
    pageToken === undefined ? undefined : pages.find((p) => sameToken(p.slug, pageToken) || p.id === pageToken);
  const valueOf = (key: string, value: string): string => {
    if (value === 'true') return 'Yes';
    if (value === 'false') return 'No';
    if (key === 'booking_page' && page) return page.name;
    if (key === 'appointment_type') {
      const type = (page ? [page] : pages).flatMap((p) => p.types).find((t) => sameToken(t.key, value));
      if (type) return type.label;
    }
    return sentenceWords(value);
  };
  return fields
    .filter((f) => !hidden.includes(f.key))
    .map((f) => ({ key: f.key, label: sentenceWords(f.key), value: valueOf(f.key, f.value) }));
}

// --- Text consent ----------------------------------------------------------------------------------------------------

/** Why the text actions are off for a patient who asked not to be texted. */
const TEXTS_STOPPED_REASON = 'This patient asked not to be texted';
/** Why they are off where the practice texts only patients who opted in. */
const TEXTS_NOT_OPTED_IN_REASON = 'This patient has not agreed to texts';

/** Why a phone may not be texted, or null when it may (or is not known). */
export function textsOffReason(consent: TextConsent | undefined): string | null {
  if (consent?.state === 'stopped') return TEXTS_STOPPED_REASON;
  if (consent?.state === 'not_opted_in') return TEXTS_NOT_OPTED_IN_REASON;
  return null;
}

/** "3 Dec" of an instant on the zone's clock. */
const dayMonth = (at: number, zone: string) => dayInZone(at, zone).split(' ').slice(1, 3).join(' ');

/** A patient's text consent in one line ("Texts: stopped — the patient asked on 3 Dec"). */
export function consentWords(
  consent: TextConsent | undefined,
  unknownWhy: 'not_read' | 'no_permission' | null,
  zone: string,
): string {
  if (!consent || consent.state === 'unknown') {
    return unknownWhy === 'no_permission'
      ? 'Texts: unknown (no permission to read the consent lists)'
      : 'Texts: unknown (not read yet)';
  }
  if (consent.state === 'allowed') return 'Texts: allowed';
  if (consent.state === 'not_opted_in') return 'Texts: not allowed — the practice texts only patients who opted in';
  const on = consent.since === null ? '' : ` on ${dayMonth(consent.since, zone)}`;
  switch (consent.via) {
    case 'asked_here':
      return `Texts: stopped — the patient asked${on}`;
    case 'stoplist':
      return 'Texts: stopped — the patient replied STOP';
    case 'text_refused':
      return `Texts: stopped — the patient opted out (a text was refused${on})`;
    default:
      return 'Texts: stopped — the patient is on the practice’s opt-out list';
  }
}

// --- The waitlist: an offer of a freed time, each patient's step -------------------------------------------------

/** Where a patient stands in an offer by text. */
export const OFFER_STEP_WORDS: Record<OfferStep, { word: string; tone: Tone }> = {
  queued: { word: TEXT_NOT_SENT, tone: 'wait' },
  sent: { word: 'Text sent', tone: 'neutral' },
  replied: { word: 'Replied YES', tone: 'wait' },
  booked: { word: 'Booked', tone: 'good' },
  taken: { word: 'Told it was taken', tone: 'neutral' },
};

/** An offer that has lapsed: a YES after it is not booked. */
export const OFFER_EXPIRED = 'Offer ended';
