/** Events: create/read/patch/soft delete, external_id uniqueness, filters with duplicate copies, ranges, paging, mark. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, clock, startApi, type Api, type Json } from './helpers';

let api: Api;
let calId: number;
const c = clock();

beforeAll(async () => {
  api = await startApi({ now: c.now });
  calId = (await api.get('/v1/calendars')).body.calendars[0].id;
});
afterAll(() => api.close());

async function create(ev: Record<string, unknown>): Promise<Json> {
  const res = await api.post('/v1/events', {
    events: [
      {
        calendar_id: calId,
        title: 'Exam',
        start_time: '2030-03-04T10:00:00-06:00',
        end_time: '2030-03-04T10:30:00-06:00',
        ...ev,
      },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events[0];
}

describe('POST/GET /v1/events', () => {
  it('creates an event with participants (normalized phones, initial state) and reads it back bare', async () => {
    const ev = await create({
      external_id: 'ehr-1',
      location: 'Room 2',
      content: 'Bring X-rays',
      custom_data: { field_1: 'v' },
      participants: [{ name: 'Ann Lee', phone: '312-555-0101', email: 'Ann@Example.com' }],
    });
    expect(ev).toMatchObject({
      calendar_id: calId,
      title: 'Exam',
      start_time: '2030-03-04T10:00:00-06:00',
      end_time: '2030-03-04T10:30:00-06:00',
      time_zone: 'America/Chicago',
      external_id: 'ehr-1',
      location: 'Room 2',
      content: 'Bring X-rays',
      is_deleted: false,
      all_day: false,
      show_as: null,
      custom_data: { field_1: 'v' },
      participants: [
        {
          name: 'Ann Lee',
          phone: '312-555-0101',
          normalized_phone: '+13125550101',
          email: 'ann@example.com',
          state: 'initial',
          check_in_state: null,
        },
      ],
    });
    expect((await api.get('/v1/event', { id: ev.id })).body).toEqual(ev);
    expect((await api.get('/v1/event', { external_id: 'ehr-1' })).body).toEqual(ev);
    expect((await api.get('/v1/events', { external_id: 'ehr-1' })).body.events).toEqual([ev]);
  });

  it('renders times in the event time_zone, reads offset-less input there, and auto-creates a named calendar', async () => {
    const res = await api.post('/v1/events', {
      events: [
        {
          calendar: 'Denver chair',
          title: 'T',
          time_zone: 'America/Denver',
          start_time: '2030-03-04T09:00:00',
          end_time: '2030-03-04T16:30:00Z',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.events[0]).toMatchObject({
      start_time: '2030-03-04T09:00:00-07:00',
      end_time: '2030-03-04T09:30:00-07:00',
      time_zone: 'America/Denver',
      calendar_name: 'Denver chair',
    });
    const prevented = await api.post('/v1/events', {
      prevent_calendar_creation: true,
      events: [{ calendar: 'Nope', title: 'T', start_time: '2030-03-04T09:00:00Z', end_time: '2030-03-04T09:30:00Z' }],
    });
    expect(prevented.status).toBe(400);
  });

  it('refuses a duplicate external_id with a 400 naming it and the existing event', async () => {
    const first = await create({ external_id: 'ehr-dup' });
    const res = await api.post('/v1/events', {
      events: [
        {
          calendar_id: calId,
          external_id: 'ehr-dup',
          title: 'Again',
          start_time: '2030-03-05T10:00:00Z',
          end_time: '2030-03-05T10:30:00Z',
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('ehr-dup');
    expect(res.body.details).toEqual({ external_id: 'ehr-dup', event_id: first.id });
  });

  it('rejects bad input with 400s that name the field', async () => {
    const cases: Array<[unknown, string]> = [
      [
        { events: [{ calendar_id: calId, title: 'x', start_time: 'tomorrow', end_time: '2030-03-05T10:30:00Z' }] },
        'start_time',
      ],
      [
        {
          events: [
            { calendar_id: calId, title: 'x', start_time: '2030-03-05T11:00:00Z', end_time: '2030-03-05T10:30:00Z' },
          ],
        },
        'end_time',
      ],
      [
        { events: [{ calendar_id: calId, start_time: '2030-03-05T10:00:00Z', end_time: '2030-03-05T10:30:00Z' }] },
        'title',
      ],
      [
        {
          events: [
            { calendar_id: 1, title: 'x', start_time: '2030-03-05T10:00:00Z', end_time: '2030-03-05T10:30:00Z' },
          ],
        },
        'calendar_id',
      ],
      [
        {
          events: [
            {
              calendar_id: calId,
              title: 'x',
              start_time: '2030-03-05T10:00:00Z',
              end_time: '2030-03-05T10:30:00Z',
              time_zone: 'Mars/Base',
            },
          ],
        },
        'time_zone',
      ],
      [
        {
          events: [
            {
              calendar_id: calId,
              title: 'x',
              start_time: '2030-03-05T10:00:00Z',
              end_time: '2030-03-05T10:30:00Z',
              participants: [{ phone: '12' }],
            },
          ],
        },
        'phone',
      ],
      [{ events: {} }, 'events'],
      [[1, 2], 'JSON object'],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/v1/events', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });
});

describe('PUT /v1/events', () => {
  it('patches plain fields and replaces participants and custom_data wholesale', async () => {
    const ev = await create({
      external_id: 'ehr-put',
      custom_data: { a: '1' },
      participants: [
        { name: 'Bo Diaz', phone: '3125550102' },
        { name: 'Cy Diaz', phone: '3125550103' },
      ],
    });
    const patched = (await api.put('/v1/events', { events: [{ id: ev.id, title: 'Exam (moved)' }] })).body.events[0];
    expect(patched).toMatchObject({
      title: 'Exam (moved)',
      start_time: ev.start_time,
      custom_data: { a: '1' },
      participants: ev.participants,
    });
    const res = await api.put('/v1/events', {
      events: [
        { external_id: 'ehr-put', custom_data: { b: '2' }, participants: [{ name: 'Cy Diaz', phone: '3125550103' }] },
      ],
    });
    const replaced = res.body.events[0];
    expect(replaced.id).toBe(ev.id);
    expect(replaced.custom_data).toEqual({ b: '2' });
    expect(replaced.participants).toHaveLength(1);
    expect(replaced.participants[0].id).toBe(ev.participants[1].id);
  });

  it('keeps participants who were already messaged, creates when nothing matches, refuses calendar moves', async () => {
    const ev = await create({ participants: [{ name: 'Di Eng', phone: '3125550104' }] });
    await api.post('/v1/event/mark', { id: ev.id, state: 'confirmed' });
    const res = await api.put('/v1/events', {
      events: [{ id: ev.id, participants: [{ name: 'Ed Fox', phone: '3125550105' }] }],
    });
    expect(res.body.events[0].participants.map((p: Json) => p.name).sort()).toEqual(['Di Eng', 'Ed Fox']);
    const created = await api.put('/v1/events', {
      events: [
        {
          external_id: 'ehr-new',
          calendar_id: calId,
          title: 'New',
          start_time: '2030-03-06T09:00:00Z',
          end_time: '2030-03-06T09:15:00Z',
        },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.events[0].id).not.toBe(ev.id);
    const cals = (await api.get('/v1/calendars')).body.calendars;
    const move = await api.put('/v1/events', { events: [{ id: ev.id, calendar_id: cals[1].id }] });
    expect(move.status).toBe(400);
    expect((await api.put('/v1/events', { events: [{ id: 123, title: 'x' }] })).status).toBe(404);
  });
});

describe('DELETE /v1/events', () => {
  it('soft-deletes: returns is_deleted, hides from lists unless include_deleted, frees the external_id', async () => {
    const ev = await create({
      external_id: 'ehr-del',
      start_time: '2030-03-07T10:00:00Z',
      end_time: '2030-03-07T10:30:00Z',
    });
    const res = await api.del('/v1/events', { external_id: 'ehr-del' });
    expect(res.status).toBe(200);
    expect(res.body.events).toHaveLength(1);
    expect(res.body.events[0]).toMatchObject({ id: ev.id, is_deleted: true });
    const range = { begin: '2030-03-07T00:00:00Z', end: '2030-03-08T00:00:00Z' };
    expect((await api.get('/v1/events', range)).body.events.map((e: Json) => e.id)).not.toContain(ev.id);
    expect(
      (await api.get('/v1/events', { ...range, include_deleted: true })).body.events.map((e: Json) => e.id),
    ).toContain(ev.id);
    expect((await api.get('/v1/event', { id: ev.id })).body.is_deleted).toBe(true);
    await create({ external_id: 'ehr-del' });
    expect((await api.del('/v1/events', { id: 1 })).status).toBe(404);
  });
});

describe('GET /v1/events filters', () => {
  it('returns one copy per matching participant under a phone filter, each with only that participant', async () => {
    const ev = await create({
      start_time: '2030-03-08T10:00:00Z',
      end_time: '2030-03-08T11:00:00Z',
      participants: [
        { name: 'Mom Park', phone: '3125550150' },
        { name: 'Kid Park', phone: '(312) 555-0150' },
        { name: 'Other', phone: '3125550151' },
      ],
    });
    const all = (await api.get('/v1/events', { begin: '2030-03-08T00:00:00Z', end: '2030-03-09T00:00:00Z' })).body
      .events;
    expect(all.filter((e: Json) => e.id === ev.id)).toHaveLength(1);
    expect(all.find((e: Json) => e.id === ev.id).participants).toHaveLength(3);
    const byPhone = (await api.get('/v1/events', { phone_number: '312.555.0150' })).body.events.filter(
      (e: Json) => e.id === ev.id,
    );
    expect(byPhone).toHaveLength(2);
    expect(byPhone.map((e: Json) => e.participants.map((p: Json) => p.name))).toEqual([['Mom Park'], ['Kid Park']]);
    const seeded = await allPages<Json>(api, '/v1/events', 'events');
    const email = seeded.flatMap((e) => e.participants).find((p: Json) => p.email)?.email;
    const byEmail = await allPages<Json>(api, '/v1/events', 'events', { email_address: email.toUpperCase() });
    expect(byEmail.length).toBeGreaterThan(0);
    expect(byEmail.every((e) => e.participants.length === 1 && e.participants[0].email === email)).toBe(true);
  });

  it('filters begin/end on start time (with offsets or in the account zone) and pages in start order', async () => {
    const day = await allPages<Json>(api, '/v1/events', 'events', { begin: '2030-01-08', end: '2030-01-08T23:59:59' });
    expect(day.length).toBeGreaterThan(0);
    for (const e of day) {
      expect(Date.parse(e.start_time)).toBeGreaterThanOrEqual(Date.parse('2030-01-08T00:00:00-06:00'));
      expect(Date.parse(e.start_time)).toBeLessThanOrEqual(Date.parse('2030-01-08T23:59:59-06:00'));
    }
    const p1 = (await api.get('/v1/events')).body.events;
    expect(p1).toHaveLength(30);
    const p2 = (await api.get('/v1/events', { page: 2 })).body.events;
    const starts = [...p1, ...p2].map((e: Json) => Date.parse(e.start_time));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect((await api.get('/v1/events', { begin: 'soon' })).status).toBe(400);
    expect(
      (await api.get('/v1/events', { calendar_id: calId, page_size: 5 })).body.events.every(
        (e: Json) => e.calendar_id === calId,
      ),
    ).toBe(true);
  });

  it('adds conversations on participants with include_conversations', async () => {
    const convs = (await api.get('/v1/conversations', { page_size: 200 })).body.conversations;
    const conv = convs.find((x: Json) => x.event_id && x.message_count === 2);
    const ev = (await api.get('/v1/event', { id: conv.event_id, include_conversations: true })).body;
    const thread = ev.participants[0].conversations[0];
    expect(thread.messages.map((m: Json) => m.event_type)).toEqual(['message_sent', 'participant_replied']);
    expect(thread.messages[1]).toMatchObject({ content: expect.any(String), at: expect.stringMatching(/Z$/) });
  });
});

describe('POST /v1/event/mark', () => {
  it('maps mark values onto state and check-in values onto check_in_state, for all participants', async () => {
    const ev = await create({
      participants: [
        { name: 'Al', phone: '3125550160' },
        { name: 'Bea', phone: '3125550161' },
      ],
    });
    const expectations: Array<[string, string, string | null]> = [
      ['accepted', 'accepted', null],
      ['declined', 'declined', null],
      ['confirmed', 'confirmed', null],
      ['cancelled', 'not_coming', null],
      ['needs_reschedule', 'not_coming_needs_reschedule', null],
      ['not_coming', 'not_coming', null],
      ['arrived', 'not_coming', 'arrived'],
      ['late', 'not_coming', 'late'],
      ['ontime', 'not_coming', 'ontime'],
      ['noshow', 'not_coming', 'noshow'],
    ];
    for (const [mark, state, checkIn] of expectations) {
      const res = await api.post('/v1/event/mark', { external_id: undefined, id: ev.id, state: mark });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(ev.id);
      for (const p of res.body.participants) expect([p.state, p.check_in_state]).toEqual([state, checkIn]);
    }
    const bad = await api.post('/v1/event/mark', { id: ev.id, state: 'not_coming_no_reschedule' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('state');
    expect((await api.post('/v1/event/mark', { id: 7, state: 'confirmed' })).status).toBe(404);
    const stats = await api.stats();
    expect(stats.eventMarks).toBeGreaterThanOrEqual(10);
  });
});
