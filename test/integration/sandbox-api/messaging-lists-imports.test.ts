/** Messaging is recorded (never sent) and counted; opt-in/opt-out lists; CSV imports settle lazily. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, clock, startApi, type Api, type Json } from './helpers';

let api: Api;
const c = clock();

beforeAll(async () => {
  api = await startApi({ now: c.now });
});
afterAll(() => api.close());

describe('messaging', () => {
  it('records a started conversation and replies, lists them, and counts messages', async () => {
    const before = (await api.stats()).messagesRecorded;
    const start = await api.post('/v1/start_conversation', {
      phone_number: '(312) 555-0120',
      name: 'Reply Tester',
      content: 'Your appointment is tomorrow at 9.',
    });
    expect(start.status).toBe(200);
    expect(start.body.conversation).toMatchObject({
      channel: 'sms',
      phone: '+13125550120',
      name: 'Reply Tester',
      message_count: 1,
    });
    expect(start.body.message).toMatchObject({
      direction: 'outbound',
      event_type: 'message_sent',
      status: 'recorded',
      content: 'Your appointment is tomorrow at 9.',
    });
    const conv = start.body.conversation.id;
    const reply = await api.post('/v1/conversation_reply', { conversation_id: conv, content: 'See you then' });
    expect(reply.status).toBe(200);
    expect(reply.body.conversation.message_count).toBe(2);
    const msgs = (await api.get('/v1/conversation_messages', { conversation_id: conv })).body.messages;
    expect(msgs.map((m: Json) => m.content)).toEqual(['Your appointment is tomorrow at 9.', 'See you then']);
    expect(
      (await api.get('/v1/conversations', { phone_number: '3125550120' })).body.conversations.map((x: Json) => x.id),
    ).toEqual([conv]);
    const email = await api.post('/v1/start_conversation', {
      email_address: 'someone@example.com',
      subject: 'Forms',
      content: 'Please fill in the forms.',
    });
    expect(email.body.conversation.channel).toBe('email');
    expect((await api.stats()).messagesRecorded).toBe(before + 3);
  });

  it('refuses opted-out recipients and bad input with 4xx', async () => {
    const lists = (await api.get('/v1/lists', { type: 'opt_out' })).body.lists;
    const blocked = lists[0].entries.find((e: string) => e.startsWith('+'));
    const res = await api.post('/v1/start_conversation', { phone_number: blocked, content: 'hi' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toBe('opted_out');
    expect((await api.post('/v1/start_conversation', { content: 'hi' })).status).toBe(400);
    expect((await api.post('/v1/start_conversation', { phone_number: '3125550120', content: '' })).status).toBe(400);
    expect((await api.post('/v1/conversation_reply', { conversation_id: 5, content: 'x' })).status).toBe(404);
    expect((await api.get('/v1/conversation_messages', {})).status).toBe(400);
  });
});

describe('lists', () => {
  it('creates, patches (replace / add / remove entries), and deletes lists', async () => {
    const created = await api.post('/v1/lists', {
      lists: [{ name: 'VIP opt-in', type: 'opt_in', entries: ['312-555-0111', 'VIP@Example.com'] }],
    });
    expect(created.status).toBe(200);
    const list = created.body.lists[0];
    expect(list).toMatchObject({
      name: 'VIP opt-in',
      type: 'opt_in',
      entries: ['+13125550111', 'vip@example.com'],
      entry_count: 2,
    });
    const put = await api.put('/v1/lists', {
      lists: [{ id: list.id, add_entries: ['3125550112'], remove_entries: ['vip@example.com'] }],
    });
    expect(put.body.lists[0].entries).toEqual(['+13125550111', '+13125550112']);
    const replaced = await api.put('/v1/lists', { lists: [{ id: list.id, entries: ['x@example.org'], name: 'VIP' }] });
    expect(replaced.body.lists[0]).toMatchObject({ name: 'VIP', entries: ['x@example.org'] });
    expect((await api.get('/v1/lists', { id: list.id })).body.lists[0].name).toBe('VIP');
    expect(
      (await api.post('/v1/lists', { lists: [{ name: 'Bad', type: 'opt_out', entries: ['nonsense'] }] })).status,
    ).toBe(400);
    const del = await api.del('/v1/lists', { id: list.id });
    expect(del.body.lists[0]).toMatchObject({ id: list.id, is_deleted: true });
    expect((await api.get('/v1/lists', { id: list.id })).status).toBe(404);
    expect((await api.stats()).listsWritten).toBe(4);
  });
});

describe('imports', () => {
  it('imports contacts: launching → running → finished, rows applied only when finished', async () => {
    const file =
      'name,phone,email,external_id\n"Imported, Person",3125550161,imp1@example.com,imp-1\nSecond Import,3125550162,,imp-2\nBad Row,xyz,,imp-3\n';
    const res = await api.post('/v1/import', { type: 'contacts', address_book: 'Imported', file });
    expect(res.status).toBe(200);
    expect(res.body.import).toMatchObject({ state: 'launching', rows: 3 });
    const id = res.body.import.id;
    expect((await api.get('/v1/contacts', { external_id: 'imp-1' })).body.contacts).toEqual([]);
    c.advance(150);
    expect((await api.get('/v1/import', { id })).body.import.state).toBe('running');
    c.advance(2000);
    const done = (await api.get('/v1/import', { id })).body.import;
    expect(done).toMatchObject({ state: 'finished', created: 2, failed: 1 });
    expect(done.errors[0].row).toBe(4);
    expect((await api.get('/v1/contact', { external_id: 'imp-1' })).body.name).toBe('Imported, Person');
  });

  it('imports events (with support_delete) and marks broken files invalid', async () => {
    const file =
      'title\tstart_time\tend_time\tname\tphone\texternal_id\nCleaning\t2030-04-01T09:00:00\t2030-04-01T10:00:00\tIvy Lane\t3125550163\timp-ev-1\n';
    const cal = (await api.get('/v1/calendars')).body.calendars[0];
    const old = (
      await api.post('/v1/events', {
        events: [
          {
            calendar_id: cal.id,
            title: 'Stale',
            start_time: '2030-04-01T13:00:00-05:00',
            end_time: '2030-04-01T14:00:00-05:00',
          },
        ],
      })
    ).body.events[0];
    const res = await api.post('/v1/import', {
      file,
      calendar_id: cal.id,
      support_delete: 'true',
      start_time: '2030-04-01',
      end_time: '2030-04-02',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    c.advance(2000);
    expect((await api.get('/v1/import', { id: res.body.import.id })).body.import).toMatchObject({
      state: 'finished',
      type: 'events',
      created: 1,
      deleted: 1,
    });
    expect((await api.get('/v1/event', { external_id: 'imp-ev-1' })).body).toMatchObject({
      start_time: '2030-04-01T09:00:00-05:00',
      participants: [{ name: 'Ivy Lane' }],
    });
    expect((await api.get('/v1/event', { id: old.id })).body.is_deleted).toBe(true);
    const bad = await api.post('/v1/import', { file: 'foo,bar\n1,2\n' });
    c.advance(200);
    expect((await api.get('/v1/import', { id: bad.body.import.id })).body.import).toMatchObject({
      state: 'invalid',
      invalid_reason: expect.stringContaining('title'),
    });
    expect((await api.post('/v1/import', { file: 'x', support_delete: true })).status).toBe(400);
    expect((await api.post('/v1/import', {})).status).toBe(400);
    expect((await api.get('/v1/import', { id: 1 })).status).toBe(404);
    expect((await api.stats()).importsStarted).toBe(3);
    expect((await allPages(api, '/v1/events', 'events', { external_id: 'imp-ev-1' })).length).toBe(1);
  });
});
