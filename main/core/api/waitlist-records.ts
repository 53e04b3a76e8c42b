/**
 * How the waitlist is kept at the service, so every workstation of the practice reads the same list: each entry,
 * each offer of a freed time and each patient's answer to an offer is an event on one calendar of its own
 * (`WAITLIST_CALENDAR`, made by the service the first time an event names it: service-api-facts.md §3 POST
 * /v1/events, `calendar`), shown as free (`show_as` 0, §2.4), with no participants and what it says in
 * `custom_data`. All of them sit on one fixed past day (`ANCHOR`), so:
 *
 * - the service has nobody to text and nothing ahead to remind of: no participants, no `#auto`, and a day long past
 *   (POST /v1/events, §3: automatic messages go to an event's participants);
 * - no schedule, availability, read-ahead or count of visits ever reads them (each reads the days it shows);
 * - the whole list is one range read of that day (GET /v1/events).
 */
import { z } from 'zod';
import { isNotFound } from './contacts-api';
import { serviceId } from './schemas';
import type { ServiceRequester } from './service-client';

/** The waitlist's own calendar (hidden from the schedule's calendar list). */
export const WAITLIST_CALENDAR = 'Frontdesk waitlist';
/** The day every waitlist record sits on, and the range read that finds them all. */
export const ANCHOR = {
  begin: '2000-01-03T00:00:00Z',
  end: '2000-01-03T23:59:59Z',
  start: '2000-01-03T12:00:00Z',
  finish: '2000-01-03T12:05:00Z',
} as const;
/** The custom-data key that marks a waitlist record, and its kinds. */
export const RECORD_KEY = 'frontdesk_waitlist';
/** An entry (a patient), an offer of a freed time, a patient's answer to an offer. */
export type RecordKind = 'entry' | 'offer' | 'answer';

/** A scalar custom-data map as the service keeps it. */
export type CustomData = Record<string, string | number | boolean | null>;

/** The body of POST /v1/events for one waitlist record: its calendar, the anchor day, free, nobody on it. */
export function recordBody(externalId: string, title: string, kind: RecordKind, data: CustomData) {
  return {
    external_id: externalId,
    calendar: WAITLIST_CALENDAR,
    title,
    start_time: ANCHOR.start,
    end_time: ANCHOR.finish,
    show_as: 0,
    custom_data: { ...data, [KEY_KEY]: externalId, [RECORD_KEY]: kind },
  };
}

/**
 * The custom-data key that carries a record's own external id: an answer may leave `external_id` out (the facts do not
 * show it in an event), but keeps the custom data written (service-api-facts.md §3 GET /v1/events).
 */
export const KEY_KEY = 'wl_key';

/**
 * A record's external id as read: the answer's, else the one written in its custom data, else (an answer to an offer)
 * the one its offer and entry derive, else the one this desk remembers giving the event `id` (null: none known).
 */
export function recordKeyOf(
  event: { id: number; external_id?: string | null | undefined; custom_data: Record<string, unknown> },
  given: ReadonlyMap<number, string>,
): string | null {
  if (event.external_id) return event.external_id;
  const written = textOf(event.custom_data[KEY_KEY]);
  if (written) return written;
  const offer = textOf(event.custom_data.wl_offer);
  const entry = textOf(event.custom_data.wl_entry);
  if (event.custom_data[RECORD_KEY] === 'answer' && offer && entry) return answerKey(offer, entry);
  return given.get(event.id) ?? null;
}

/** The external id of a patient's answer to an offer (one per patient and offer, whichever desk writes it). */
export const answerKey = (offer: string, entry: string): string => `${offer}.yes.${entry}`.slice(0, 200);
/** The external id of the appointment an offer books (one per offer, whoever answered first). */
export const bookingKey = (offer: string): string => `${offer}.booked`.slice(0, 200);

const recordSchema = z.object({
  id: serviceId,
  is_deleted: z.boolean().nullish(),
  custom_data: z
    .record(z.string(), z.unknown())
    .nullish()
    .catch(null)
    .transform((v) => v ?? {}),
});
/** A record found by its external id. */
export type FoundRecord = z.output<typeof recordSchema>;

/** GET /v1/event?external_id= with its custom data; null when the service has none (or only a deleted one). */
export async function findRecord(client: ServiceRequester, externalId: string): Promise<FoundRecord | null> {
  try {
    const found = await client.request({
      method: 'GET',
      path: '/v1/event',
      query: { external_id: externalId },
      schema: recordSchema,
    });
    return found.is_deleted ? null : found;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A custom-data value as text ('' when absent). */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A custom-data value as a positive id, or null. */
export const idOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
