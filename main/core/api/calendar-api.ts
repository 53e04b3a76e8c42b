/** Reads a day of appointments: every page of GET /v1/events in the range, plus calendar names. */
import type { ServiceClient } from './service-client';
import { calendarListSchema, eventListSchema, type ServiceEvent } from './schemas';

const PAGE_SIZE = 200;
const MAX_PAGES = 50;

/** All non-deleted events starting in [begin, end], following `page` until an empty page (servers may cap page_size). */
export async function listEventsInRange(client: ServiceClient, begin: string, end: string): Promise<ServiceEvent[]> {
  const all: ServiceEvent[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { events } = await client.request({
      method: 'GET',
      path: '/v1/events',
      query: { begin, end, page, page_size: PAGE_SIZE },
      schema: eventListSchema,
    });
    if (events.length === 0) break;
    for (const event of events) {
      if (!event.is_deleted && !seen.has(event.id)) {
        seen.add(event.id);
        all.push(event);
      }
    }
  }
  return all;
}

/** Calendar names by id. */
export async function calendarNames(client: ServiceClient): Promise<Map<number, string>> {
  const { calendars } = await client.request({ method: 'GET', path: '/v1/calendars', schema: calendarListSchema });
  return new Map(calendars.map((c) => [c.id, c.name]));
}
