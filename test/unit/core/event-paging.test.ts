/** Range reads follow the service's pages to the end, whatever page size it really uses, a few pages at a time. */
import { describe, expect, it } from 'vitest';
import { listEventsInRange } from '../../../main/core/api/calendar-api';
import type { ServiceClient } from '../../../main/core/api/service-client';

/** A stand-in requester that pages `total` events at most `cap` per page and records what was asked, and when. */
function pagedService(total: number, cap: number) {
  const asked: number[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const events = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    calendar_id: 1,
    title: `Appointment ${i + 1}`,
    start_time: '2026-11-23T09:00:00-06:00',
    end_time: '2026-11-23T09:30:00-06:00',
    participants: [],
  }));
  const client = {
    async request(req: { query: { page: number; page_size: number } }) {
      asked.push(req.query.page);
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      const size = Math.min(cap, req.query.page_size);
      return { events: events.slice((req.query.page - 1) * size, req.query.page * size) };
    },
  };
  // Only `request` is used by listEventsInRange; the rest of the client is not needed here.
  return { client: client as unknown as ServiceClient, asked, mostAtOnce: () => mostAtOnce };
}

describe('listEventsInRange', () => {
  it('reads every event when the server caps page_size far below what was asked', async () => {
    const s = pagedService(50, 7);
    const got = await listEventsInRange(s.client, 'a', 'b');
    expect(got.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(s.mostAtOnce()).toBeGreaterThan(1);
  });

  it('costs one round trip of two pages for an ordinary day', async () => {
    const s = pagedService(15, 1000);
    const got = await listEventsInRange(s.client, 'a', 'b');
    expect(got).toHaveLength(15);
    expect(s.asked).toEqual([1, 2]);
    expect(s.mostAtOnce()).toBe(2);
  });

  it('reads a stress day of 2,500 events whole when the server sends pages of 40', async () => {
    const s = pagedService(2500, 40);
    const got = await listEventsInRange(s.client, 'a', 'b');
    expect(got).toHaveLength(2500);
  });
});
