/**
 * The sandbox's booking pages as the service's manual describes them: each appointment type has its own calendars;
 * a page is free when at least one of a type's calendars is ("any") or only when all are ("all"); with several
 * calendars a booking is assigned by priority ("ordered") or to balance counts ("round_robin", booking.test.ts).
 * book_now takes no provider: a single-calendar type books its calendar, a field the spec does not name is ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, startApi, type Api, type Json } from './helpers';

let api: Api;
let dental: Json;
let surgery: Json;
let hart: number;
let okafor: number;
const DAY = '2030-02-12';

beforeAll(async () => {
  api = await startApi({ now: clock().now });
  const pages: Json[] = (await api.get('/v1/booking_pages')).body.booking_pages;
  dental = pages.find((p) => p.token === 'lakeside-dental');
  surgery = pages.find((p) => p.token === 'lakeside-dental-surgery');
  const calendars: Json[] = (await api.get('/v1/calendars')).body.calendars;
  hart = calendars.find((c) => c.name === 'Dr. Amelia Hart').id;
  okafor = calendars.find((c) => c.name === 'Dr. Samuel Okafor').id;
});
afterAll(() => api.close());

/** The day's free times of a page's type: wall time → free calendars. */
async function free(page: Json, type: string): Promise<Map<string, number[]>> {
  const res = await api.get('/v1/availability', {
    booking_page: page.token,
    appointment_type_token: type,
    begin: DAY,
    end: DAY,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.slots.map((s: Json) => [s.time.slice(11, 16), s.calendar_ids]));
}

let callers = 0;
const book = (page: Json, type: string, time: string, name: string, extra: Json = {}) =>
  api.post('/v1/book_now', {
    booking_page: page.token,
    appointment_type_token: type,
    time: `${DAY}T${time}:00`,
    name,
    phone_number: `31255501${String(60 + callers++)}`,
    ...extra,
  });

describe('booking pages: types’ calendars, any or all, ordered', () => {
  it('seeds a page whose types are one provider’s alone and shared, free when all are, assigned by priority', () => {
    expect(surgery.availability).toMatchObject({ free_when: 'all', assignment: 'ordered' });
    expect(surgery.appointment_types.map((t: Json) => [t.token, t.calendar_ids])).toEqual([
      ['implant-consult', [okafor]],
      ['extraction', [okafor, hart]],
    ]);
    expect(dental.availability).toMatchObject({ free_when: 'any', assignment: 'round_robin' });
  });

  it('"all": a time is free only when every calendar is; "any": when one is', async () => {
    const extraction = await free(surgery, 'extraction');
    const both = [...extraction.entries()].find(([, ids]) => ids.length === 2);
    expect(both).toBeDefined();
    expect([...extraction.values()].every((ids) => ids.length === 2)).toBe(true);
    const [time] = both!;
    // Dr. Hart is taken at that time: the two-doctor type is not offered then, the "any" page's still is, with him.
    const start = `${DAY}T${time}:00`;
    const res = await api.post('/v1/events', {
      events: [{ calendar_id: hart, title: 'Staff meeting', start_time: start, end_time: `${DAY}T${time}:59` }],
    });
    expect(res.status).toBe(200);
    expect((await free(surgery, 'extraction')).has(time)).toBe(false);
    expect((await free(dental, 'new-patient')).get(time)).toEqual([okafor]);
  });

  it('"ordered": a shared type goes to the first calendar free, every time; then the time is gone for "all"', async () => {
    const times = [...(await free(surgery, 'extraction')).keys()];
    const [first, last] = [times[0]!, times.at(-1)!];
    expect(first).not.toBe(last);
    // Twice, both free each time: by priority both go to Dr. Okafor (balancing counts, the second would not).
    for (const [time, name] of [
      [first, 'Ora Ordered'],
      [last, 'Olga Ordered'],
    ] as const) {
      const res = await book(surgery, 'extraction', time, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.booking.participant.event.calendar_id).toBe(okafor);
    }
    const again = await book(surgery, 'extraction', last, 'Otto Second');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('That time is no longer available');
  });

  it('a single-calendar type books its calendar; a calendar_id in the body is not the service’s and is ignored', async () => {
    const consult = await free(surgery, 'implant-consult');
    const time = [...consult.keys()][0]!;
    const res = await book(surgery, 'implant-consult', time, 'Ines Implant', { calendar_id: hart });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking.participant.event.calendar_id).toBe(okafor);
  });
});
