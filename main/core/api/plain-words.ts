/**
 * The service's own error words, made fit for a receptionist: its field names become words ("phone_number" →
 * "phone number"), and a message that still carries machine text (snake_case, `#123`, brackets of a JSON path)
 * is replaced by a plain sentence rather than shown.
 */

const FIELD_WORDS: Record<string, string> = {
  phone_number: 'phone number',
  email_address: 'e-mail address',
  first_name: 'first name',
  last_name: 'last name',
  start_time: 'start time',
  end_time: 'end time',
  appointment_type_token: 'appointment type',
  booking_page_token: 'booking page',
  calendar_id: 'calendar',
  address_book_id: 'address book',
  time_zone: 'time zone',
};

/** `events[0]: ` or `body.contact: ` at the start of a message. */
const LEADING_PATH = /^[a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)*:\s+/i;

/** Records the service names by id, and what a receptionist calls them. */
const RECORD_WORDS: Array<[RegExp, string]> = [
  [/\baddress book \d+\b/g, 'the address book'],
  [/\bbooking page \d+\b/g, 'the booking page'],
  [/\bevent \d+\b/g, 'the appointment'],
  [/\bcontact \d+\b/g, 'the contact'],
  [/\bcalendar \d+\b/g, 'the calendar'],
  [/\bparticipant \d+\b/g, 'the person'],
];

/** Machine text that must not reach people: snake_case tokens, `#<digits>`, JSON paths like `contacts[0].phone`. */
const MACHINE_TEXT =
  /\b(?:event|contact|calendar|book|page|import|participant) \d+\b|\b[a-z]+_[a-z0-9_]+\b|#\d+|\[\d+\]|\b[a-z]+\.[a-z]+\b/;

/** `message` in plain words, or `fallback` when it cannot be made plain. */
export function plainServiceWords(message: string | undefined, fallback: string): string {
  if (!message?.trim()) return fallback;
  // A leading "where" of a batch ("events[0]: …") says nothing to a receptionist: drop it.
  let text = message.trim().replace(LEADING_PATH, '');
  for (const [field, words] of Object.entries(FIELD_WORDS)) text = text.replaceAll(field, words);
  // A record named by its id becomes the thing it is ("event 500424 is deleted" → "the appointment is deleted"),
  // so the reason survives without the number.
  for (const [pattern, words] of RECORD_WORDS) text = text.replace(pattern, words);
  if (MACHINE_TEXT.test(text) || text.length > 200) return fallback;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
