/**
 * A service that does not know `updated_since` (it answers 400 to it) still keeps the schedule current: the range
 * is read whole instead and said to be whole (`full`), so the renderer replaces rather than merges.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/core/api/service-client';
import { ServiceError } from '../../../main/core/api/service-error';
import type { ReadCache } from '../../../main/core/cache/read-cache';
import { CalendarService } from '../../../main/core/calendar/calendar-service';
import type { CoreContext } from '../../../main/core/core-context';

const event = (id: number, title: string) => ({
  id,
  calendar_id: 1001,
  title,
  start_time: '2030-01-08T09:00:00-06:00',
  end_time: '2030-01-08T09:30:00-06:00',
  participants: [],
});

/** A service stand-in answering like one without the filter: 400 when `updated_since` is sent. */
function serviceWithout(filter: boolean) {
  const queries: Record<string, unknown>[] = [];
  const service = {
    request: async (req: { path: string; query?: Record<string, unknown>; schema: { parse(v: unknown): unknown } }) => {
      queries.push({ path: req.path, ...req.query });
      if (req.path === '/v1/calendars') return req.schema.parse({ calendars: [{ id: 1001, name: 'Dr. Hart' }] });
      if (!filter && req.query?.updated_since !== undefined)
        throw new ServiceError('permanent', 'GET /v1/events', 'updated_since is not a known parameter', {
          status: 400,
        });
      const page = Number(req.query?.page ?? 1);
      return req.schema.parse({ events: page === 1 ? [event(1, 'Cleaning'), event(2, 'Filling')] : [] });
    },
  };
  return { service: service as unknown as ServiceClient, queries };
}

/** The calendar service over a stand-in service, an in-memory cache and an empty outbox. */
function calendarOver(service: ServiceClient): CalendarService {
  const store = new Map<string, unknown>();
  const cache = {
    get: async (_a: string, key: string) => (store.has(key) ? { value: store.get(key), fetchedAt: 1 } : null),
    put: async (_a: string, key: string, value: unknown) => void store.set(key, value),
  } as unknown as ReadCache;
  const context = {
    service,
    cache,
    clock: { now: () => 1_000 },
    account: () => 'acct',
    outbox: { pending: () => [], pendingTouching: () => [], pendingCreates: () => [], pendingOfKind: () => [] },
    // What the store is told is not this test's concern (test/integration/store covers it).
    store: { readTurn: () => 0, putAppointments: (items: unknown[]) => items },
  } as unknown as CoreContext;
  return new CalendarService(context);
}

const args = {
  begin: '2030-01-08T00:00:00-06:00',
  end: '2030-01-08T23:59:59-06:00',
  since: '2030-01-08T08:00:00-06:00',
};

describe('what changed, on servers with and without updated_since', () => {
  it('asks only for changes (deletions included) where the service can filter', async () => {
    const { service, queries } = serviceWithout(true);
    const changes = await calendarOver(service).changes(args);
    expect(changes.full).toBe(false);
    expect(queries[0]).toMatchObject({ path: '/v1/events', updated_since: args.since, include_deleted: true });
  });

  it('reads the whole range, marked full, where the service refuses the filter', async () => {
    const { service, queries } = serviceWithout(false);
    const changes = await calendarOver(service).changes(args);
    expect(changes.full).toBe(true);
    expect(changes.items.map((i) => i.title)).toEqual(['Cleaning', 'Filling']);
    expect(queries.some((q) => q.path === '/v1/events' && q.updated_since === undefined)).toBe(true);
  });
});
