/** Builds the calendar view's appointments from service events. */
import type { Agenda, AgendaItem, AppointmentMessage } from '../../../common/contract';
import { calendarNames, listEventsInRange } from '../api/calendar-api';
import type { ServiceRequester } from '../api/service-client';
import type { ServiceEvent } from '../api/schemas';
import type { CountryCode } from 'libphonenumber-js';
import { displayPhone, learnCountry } from '../phone/phones';
import { isZone } from '../../../common/practice-time';

const MESSAGES_KEPT = 5;

type Conversations = ServiceEvent['participants'][number]['conversations'];

/** The last few messages of a participant's threads, oldest first; undefined when the service sent none. */
function recentMessages(conversations: Conversations): AppointmentMessage[] | undefined {
  if (!conversations) return undefined;
  const all: AppointmentMessage[] = [];
  for (const c of conversations)
    for (const m of c.messages ?? []) {
      if (!m.content) continue;
      const inbound = m.direction === 'inbound' || m.direction === 'in' || m.event_type === 'participant_replied';
      all.push({ at: m.at ?? '', direction: inbound ? 'in' : 'out', text: m.content });
    }
  all.sort((a, b) => (Date.parse(a.at) || 0) - (Date.parse(b.at) || 0));
  return all.slice(-MESSAGES_KEPT);
}

/**
 * A custom value as text, exactly as the service keeps it (`follow_up` stays `follow_up`): the screens put it in words
 * (renderer/lib/words.ts), and what is copied back to the service (Undo of a cancellation, a move) must be the
 * practice's own value, which its conditions and message templates may test.
 */
const scalar = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** The phone numbers of events' people, as typed and as the service normalised them (what a country is learnt from). */
export function phonesOf(events: ServiceEvent[]): { number: string; normalized: string }[] {
  return events.flatMap((e) => e.participants.map((p) => ({ number: p.phone, normalized: p.normalized_phone })));
}

/**
 * One event as the calendar shows it. Phones are told in one format: national for the account's `country` (learnt
 * from the service's answers), international for others; learnt from this event alone only when not known.
 */
export function toItem(event: ServiceEvent, names: Map<number, string>, known: CountryCode | null = null): AgendaItem {
  const country = known ?? learnCountry(phonesOf([event]));
  return {
    id: event.id,
    externalId: event.external_id ?? null,
    title: event.title || '(no title)',
    start: event.start_time,
    end: event.end_time,
    calendarId: event.calendar_id,
    calendarName: event.calendar_name || names.get(event.calendar_id) || '',
    zone: isZone(event.time_zone) ? event.time_zone : null,
    location: event.location,
    notes: event.content,
    customData: Object.entries(event.custom_data)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([key, v]) => ({ key, value: scalar(v) })),
    free: event.show_as === 0,
    updatedAt: event.updated_at ?? null,
    people: event.participants.map((p) => {
      const messages = recentMessages(p.conversations);
      return {
        name: p.name,
        phone: p.phone || p.normalized_phone ? displayPhone(p.phone, p.normalized_phone, country) : '',
        email: p.email,
        state: p.state,
        checkIn: p.check_in_state ?? null,
        contactId: p.contact_id ?? null,
        ...(messages ? { messages } : {}),
      };
    }),
    pending: null,
    pendingMark: null,
  };
}

const byStart = (a: AgendaItem, b: AgendaItem) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/**
 * Appointments in the range, sorted by start time. Calendar names are a nicety: missing calendars:read is not an error.
 * `names` reads them (by default a list read of its own; the schedule passes one it shares with the calendar list).
 * `country` says the account's country from the range's phones (by default learnt from them alone), so every phone
 * of the range is told in one format.
 */
export async function readAgenda(
  client: ServiceRequester,
  begin: string,
  end: string,
  now: number,
  names: () => Promise<Map<number, string>> = () => calendarNames(client),
  country: (phones: { number: string; normalized: string }[]) => Promise<CountryCode | null> = async (phones) =>
    learnCountry(phones),
): Promise<Agenda> {
  const [events, byId] = await Promise.all([
    listEventsInRange(client, begin, end),
    // Through a promise even when `names` throws at once: the range read beside it is never left unhandled.
    Promise.resolve()
      .then(names)
      .catch(() => new Map<number, string>()),
  ]);
  const known = await country(phonesOf(events));
  const items = events.map((e) => toItem(e, byId, known)).sort(byStart);
  return { items, fetchedAt: now, source: 'service' };
}

/** Cache key of a range. */
export function agendaCacheKey(begin: string, end: string): string {
  return `calendar:range:${begin}:${end}`;
}
