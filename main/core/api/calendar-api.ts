/** Reads appointments and calendars: every page of GET /v1/events in a range, one event, and the calendar list. */
import type { ServiceRequester } from './service-client';
import { calendarListSchema, eventListSchema, eventSchema, type ServiceEvent } from './schemas';

const PAGE_SIZE = 200;
/**
 * At most this many events in one range read (a week of a large practice is far below it). The bound is on events,
 * not pages: a server may page far smaller than asked (30 is its default, docs/service-api-facts.md), and a bound of
 * 50 pages cut a stress day of 2,500 at 2,000 events, silently, when pages held 40.
 */
const MAX_EVENTS = 20_000;
/** Pages read at once after the first two. */
const PARALLEL_PAGES = 3;

/** Extra filters of a range read. */
export interface RangeFilter {
  /** Only events changed at or after this time (ISO). */
  updatedSince?: string;
  /** Deleted events too (to learn of removals). */
  includeDeleted?: boolean;
}

/**
 * Events starting in [begin, end]. Servers may cap `page_size` below what is asked, so only an empty page proves the
 * end; pages are read a few at a time in parallel (the first two together, then three at once), so a day costs one
 * round trip however the server pages.
 */
export async function listEventsInRange(
  client: ServiceRequester,
  begin: string,
  end: string,
  filter: RangeFilter = {},
): Promise<ServiceEvent[]> {
  const all: ServiceEvent[] = [];
  const seen = new Set<number>();
  const read = async (page: number) => {
    const { events } = await client.request({
      method: 'GET',
      path: '/v1/events',
      query: {
        begin,
        end,
        page,
        page_size: PAGE_SIZE,
        ...(filter.updatedSince ? { updated_since: filter.updatedSince } : {}),
        ...(filter.includeDeleted ? { include_deleted: true } : {}),
      },
      schema: eventListSchema,
    });
    return events;
  };
  let next = 1;
  // Every page holds at least one event until the empty one, so the pages are bounded too.
  while (all.length < MAX_EVENTS && next <= MAX_EVENTS) {
    const width = next === 1 ? 2 : PARALLEL_PAGES;
    const pages = await Promise.all(Array.from({ length: width }, (_, i) => read(next + i)));
    next += width;
    for (const events of pages) {
      if (events.length === 0) return all;
      for (const event of events) {
        if ((filter.includeDeleted || !event.is_deleted) && !seen.has(event.id)) {
          seen.add(event.id);
          all.push(event);
        }
      }
    }
  }
  return all;
}

/** GET /v1/event?id=&include_conversations=true: one event with its participants' recent messages. */
export function getEvent(client: ServiceRequester, id: number): Promise<ServiceEvent> {
  return client.request({
    method: 'GET',
    path: '/v1/event',
    query: { id, include_conversations: true },
    schema: eventSchema,
  });
}

/** The account's calendars. */
export async function listCalendars(client: ServiceRequester) {
  const { calendars } = await client.request({ method: 'GET', path: '/v1/calendars', schema: calendarListSchema });
  return calendars;
}

/** Calendar names by id. */
export async function calendarNames(client: ServiceRequester): Promise<Map<number, string>> {
  return new Map((await listCalendars(client)).map((c) => [c.id, c.name]));
}
