/**
 * Messages through the bridge against the real sandbox: threads (most recent first, names, unread), one thread
 * (oldest first), read state, replies sent once through the outbox, a patient's reply arriving by the poller,
 * quick texts, opted-out recipients and missing scopes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { customSchemeCore, type MadeCore } from '../../support/auth-fixture';
import { call, callRaw, ownerGet, useSandbox, waitForOp } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';
import { MESSAGING_SCOPES, messagingCore, patientTexts, recordEvents, textsRecorded } from './messages-kit';

type ServiceConv = { id: number; name: string; phone: string; updated_at: string; message_count: number };

describe('messages', () => {
  const kit = useSandbox({ contacts: 60, events: 80 });
  const cores: MadeCore[] = [];
  const core = async (options: Parameters<typeof messagingCore>[1] = {}) => {
    const made = await messagingCore(kit.sb, options);
    cores.push(made);
    return made;
  };

  afterEach(async () => {
    for (const made of cores.splice(0)) await made.cleanup();
    await kit.admin().clearFaults();
  });

  it('lists the threads most recent first with names, last text and unread counts; a thread oldest first', async () => {
    await kit.admin().reset();
    const made = await core();
    const { body } = await ownerGet<{ conversations: ServiceConv[] }>(kit.sb, '/v1/conversations', { page_size: 1000 });
    expect(body.conversations.length).toBeGreaterThan(3);
    const list = await call(made, 'messages:threads', {});
    expect(list.source).toBe('service');
    expect(list.threads.map((t) => t.id).sort()).toEqual(body.conversations.map((c) => c.id).sort());
    const times = list.threads.map((t) => Date.parse(t.lastAt ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.threads.every((t) => t.name !== '' && t.lastMessage !== null)).toBe(true);
    // Seeded replies are unread until read here; outbound-only threads have none.
    const replied = list.threads.filter((t) => t.lastMessage?.direction === 'in');
    expect(replied.length).toBeGreaterThan(0);
    expect(replied.every((t) => t.unread === 1)).toBe(true);
    expect(list.unreadTotal).toBe(list.threads.reduce((n, t) => n + t.unread, 0));
    const confirmed = list.threads.find((t) => t.lastMessage?.text === 'C');
    if (confirmed) expect(confirmed.meaning).toBe('confirm');

    const first = replied[0]!;
    const detail = await call(made, 'messages:thread', { id: first.id });
    expect(detail.messages.map((m) => m.direction)).toEqual(['out', 'in']);
    expect(detail.messages.map((m) => m.status)).toEqual(['Sent', 'Received']);
    expect(Date.parse(detail.messages[0]!.at)).toBeLessThan(Date.parse(detail.messages[1]!.at));
    expect(detail.thread.phoneDisplay).not.toBe('');

    const after = await call(made, 'messages:mark-read', { id: first.id });
    expect(after.unreadTotal).toBe(list.unreadTotal - 1);
    expect((await call(made, 'messages:threads', {})).threads.find((t) => t.id === first.id)?.unread).toBe(0);
    // Read state is kept on this workstation: a new core on the same data folder still knows it.
    const dir = made.dir;
    const index = cores.indexOf(made);
    await made.core.stop();
    cores.splice(index, 1);
    const again = await core({ dataDir: dir });
    expect((await call(again, 'messages:unread')).unreadTotal).toBe(list.unreadTotal - 1);
  });

  it('callers that ask while the saved threads are still being read all get them, not an empty list', async () => {
    const made = await core();
    const list = await call(made, 'messages:threads', {});
    const replied = list.threads.find((t) => t.lastMessage?.direction === 'in')!;
    await call(made, 'messages:mark-read', { id: replied.id });
    await made.core.stop();
    cores.splice(cores.indexOf(made), 1);
    // The same workstation started again: the session is restored, the saved threads not read yet. Its poller is
    // stopped before its first tick, so the two callers below are the only readers, and both ask before the first
    // has finished reading the saved copy (they are called in the same turn).
    const again = customSchemeCore(kit.sb, { dataDir: made.dir, config: { scopes: MESSAGING_SCOPES } });
    cores.push(again, made);
    await again.core.start();
    await again.core.messages.stop();
    expect(again.core.auth.status().state).toBe('signed_in');
    const both = await Promise.all([again.core.messages.unread(), again.core.messages.unread()]);
    expect(both.map((b) => b.unreadTotal)).toEqual([list.unreadTotal - 1, list.unreadTotal - 1]);
  });

  it('filters threads by appointment and by phone', async () => {
    const made = await core();
    const all = await call(made, 'messages:threads', {});
    const withEvent = all.threads.find((t) => t.eventId !== null)!;
    const byEvent = await call(made, 'messages:threads', { eventId: withEvent.eventId! });
    expect(byEvent.threads.map((t) => t.id)).toContain(withEvent.id);
    expect(byEvent.threads.every((t) => t.eventId === withEvent.eventId)).toBe(true);
    const byPhone = await call(made, 'messages:threads', { phone: withEvent.phoneDisplay });
    expect(byPhone.threads.every((t) => t.phone === withEvent.phone)).toBe(true);
    expect(byPhone.threads.length).toBeGreaterThan(0);
  });

  it('refuses bad arguments before anything is queued', async () => {
    const made = await core();
    const before = made.core.outbox.get().list().length;
    const bad: [string, unknown][] = [
      ['messages:reply', { threadId: 800001, text: '' }],
      ['messages:reply', { threadId: 800001, text: '   ' }],
      ['messages:reply', { threadId: 800001, text: 'x'.repeat(1601) }],
      ['messages:reply', { threadId: -1, text: 'hi' }],
      ['messages:reply', { threadId: 800001, text: 'hi', extra: 1 }],
      ['messages:start', { text: 'hi' }],
      ['messages:start', { phone: 'call me', text: 'hi' }],
      ['messages:thread', { id: 'abc' }],
      ['messages:mark-read', {}],
      ['messages:set-quick-texts', { texts: [''] }],
      ['messages:set-quick-texts', { texts: Array.from({ length: 21 }, () => 'x') }],
      ['messages:activity', { visible: 'yes' }],
      ['outbox:send-anyway', { id: 'not-a-uuid' }],
    ];
    for (const [channel, args] of bad) {
      const r = await made.core.dispatch(channel, args, { url: 'app://frontdesk/index.html', isMainFrame: true });
      expect(r.ok, `${channel} ${JSON.stringify(args)}`).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('validation');
    }
    expect(made.core.outbox.get().list()).toHaveLength(before);
    // 1,600 characters is allowed.
    const ok = await callRaw(made, 'messages:reply', { threadId: 800001, text: 'x'.repeat(1600) });
    expect(ok.ok).toBe(true);
  });

  it('sends a reply once through the outbox and shows it in the thread', async () => {
    const made = await core();
    const thread = (await call(made, 'messages:threads', {})).threads[0]!;
    const sent = await textsRecorded(kit.sb);
    const item = await call(made, 'messages:reply', { threadId: thread.id, text: 'Your room is ready' });
    expect(item.kind).toBe('message.reply');
    expect(item.about.text).toBe('Your room is ready');
    const done = await waitForOp(made, item.id);
    expect(done.result?.id).toBe(thread.id);
    expect(await textsRecorded(kit.sb)).toBe(sent + 1);
    const detail = await call(made, 'messages:thread', { id: thread.id });
    expect(detail.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Your room is ready', status: 'Sent' });
    expect(detail.pending).toEqual([]);
  });

  it('the same words sent earlier in the thread are not taken for a reply whose attempt was cut off', async () => {
    const made = await core();
    const thread = (await call(made, 'messages:threads', {})).threads.at(-1)!;
    const words = 'Your room is ready, please come in';
    const sent = await textsRecorded(kit.sb);
    const first = await call(made, 'messages:reply', { threadId: thread.id, text: words });
    await waitForOp(made, first.id);
    await waitFor(
      async () => (await call(made, 'messages:thread', { id: thread.id })).messages.some((m) => m.text === words),
      { what: 'the first text in the thread' },
    );
    // The second one's request is cut before the service takes it: the outbox cannot know, so it looks first.
    await kit.admin().faults({ resetRate: 1, routes: ['/v1/conversation_reply'] });
    const second = await call(made, 'messages:reply', { threadId: thread.id, text: words });
    // In doubt until the faults go (every attempt is cut). Done meanwhile, it was in doubt only for a moment: the
    // earlier text was taken for it, and it is not sent.
    const inDoubt = await waitFor(
      () => {
        const op = made.core.outbox.get().get(second.id);
        return op?.ambiguous || op?.status === 'done' ? op : null;
      },
      { what: 'an attempt in doubt' },
    );
    expect(inDoubt.result?.reconciled).toBeFalsy();
    await kit.admin().clearFaults();
    const done = await waitForOp(made, second.id);
    expect(done.result?.reconciled).toBeFalsy();
    expect(await textsRecorded(kit.sb)).toBe(sent + 2);
    const detail = await call(made, 'messages:thread', { id: thread.id });
    expect(detail.messages.filter((m) => m.text === words && m.direction === 'out')).toHaveLength(2);
  });

  it('starts a thread with a phone number', async () => {
    const made = await core();
    const sent = await textsRecorded(kit.sb);
    const item = await call(made, 'messages:start', {
      phone: '(312) 555-0147',
      name: 'Nora Quinn',
      text: 'Please call us back',
    });
    const done = await waitForOp(made, item.id);
    expect(await textsRecorded(kit.sb)).toBe(sent + 1);
    const detail = await call(made, 'messages:thread', { id: done.result!.id! });
    expect(detail.thread.phone).toBe('+13125550147');
    expect(detail.messages.map((m) => m.text)).toEqual(['Please call us back']);
  });

  it('a thread started while a read of the threads is under way is found once sent', async () => {
    const made = await core();
    await made.core.messages.settled();
    const existing = (await call(made, 'messages:threads', {})).threads[0]!;
    // A patient answers, so the next read also fetches that thread's texts; the service holds those back, so the
    // read is still under way, its list of threads taken before the new thread existed, when the new one is sent.
    await patientTexts(kit.sb, { conversation_id: existing.id, content: 'On my way' });
    const held = (await kit.admin().stats()).faultsInjected.latency;
    await kit.admin().faults({ latencyMs: 1_500, routes: ['/v1/conversation_messages'] });
    made.core.messages.pollSoon();
    await waitFor(async () => (await kit.admin().stats()).faultsInjected.latency > held, {
      what: 'the read to ask for the answered thread’s texts',
    });
    const item = await call(made, 'messages:start', { phone: '(312) 555-0148', text: 'We have a cancellation' });
    const done = await waitForOp(made, item.id);
    const detail = await call(made, 'messages:thread', { id: done.result!.id! });
    expect(detail.thread.phone).toBe('+13125550148');
    expect(detail.messages.map((m) => m.text)).toEqual(['We have a cancellation']);
  });

  it('announces a patient’s reply that arrives by itself, with its meaning and the unread total', async () => {
    const made = await core({ pollMs: 150 });
    const inbound = recordEvents(made, 'messages:inbound');
    const unread = recordEvents(made, 'messages:unread');
    const changed = recordEvents(made, 'messages:changed');
    const list = await call(made, 'messages:threads', {});
    const thread = list.threads.find((t) => t.name)!;
    const res = await patientTexts(kit.sb, { conversation_id: thread.id, content: 'Cancel please' });
    expect(res.status).toBe(200);
    const event = await waitFor(() => inbound.find((e) => e.threadId === thread.id), { what: 'the inbound event' });
    expect(event).toMatchObject({ name: thread.name, text: 'Cancel please', meaning: 'cancel' });
    expect(event.unreadTotal).toBe(list.unreadTotal + 1);
    expect(unread.at(-1)?.unreadTotal).toBe(list.unreadTotal + 1);
    expect(changed.some((c) => c.threadIds.includes(thread.id))).toBe(true);
    expect(inbound).toHaveLength(1);
    const detail = await call(made, 'messages:thread', { id: thread.id });
    expect(detail.messages.at(-1)).toMatchObject({ direction: 'in', text: 'Cancel please', meaning: 'cancel' });

    // A patient texting from a number with no thread starts one; the name comes from the matching contact.
    const contacts = await ownerGet<{ contacts: { name: string; phone_numbers: { normalized: string }[] }[] }>(
      kit.sb,
      '/v1/contacts',
      { page_size: 100 },
    );
    const known = new Set(list.threads.map((t) => t.phone));
    const stranger = contacts.body.contacts.find(
      (c) => c.phone_numbers[0] && !known.has(c.phone_numbers[0].normalized),
    )!;
    await patientTexts(kit.sb, { phone_number: stranger.phone_numbers[0]!.normalized, content: 'Running 10 min late' });
    const second = await waitFor(() => inbound.find((e) => e.text === 'Running 10 min late'), {
      what: 'the second inbound event',
    });
    expect(second).toMatchObject({ name: stranger.name, meaning: null });
  });

  it('the sandbox’s inbound route refuses bad input with clear 400s and unknown threads with 404', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ content: 'hi' }, 400, /exactly one of phone_number and conversation_id/],
      [{ conversation_id: 800001, phone_number: '3125550100', content: 'hi' }, 400, /exactly one/],
      [{ conversation_id: 800001 }, 400, /content/],
      [{ conversation_id: 800001, content: '   ' }, 400, /must not be empty/],
      [{ conversation_id: 800001, content: 'x'.repeat(1601) }, 400, /at most 1600/],
      [{ conversation_id: 'abc', content: 'hi' }, 400, /conversation_id/],
      [{ phone_number: 'not a phone', content: 'hi' }, 400, /not a phone number/],
      [{ conversation_id: 800001, content: 'hi', colour: 'red' }, 400, /colour|unrecognized/i],
      [{ conversation_id: 899999, content: 'hi' }, 404, /conversation 899999 not found/],
      [{ conversation_id: 800001, content: 'hi', account: 'nobody@example.com' }, 404, /no user/],
    ];
    const before = await textsRecorded(kit.sb);
    for (const [body, status, words] of cases) {
      const res = await patientTexts(kit.sb, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(String(res.body.message), JSON.stringify(body)).toMatch(words);
    }
    const good = await patientTexts(kit.sb, { conversation_id: 800001, content: 'On my way' });
    expect(good.status).toBe(200);
    expect(good.body.message).toMatchObject({
      direction: 'inbound',
      event_type: 'participant_replied',
      content: 'On my way',
    });
    expect(await textsRecorded(kit.sb)).toBe(before);
  });

  it('keeps and edits the quick texts', async () => {
    const made = await core();
    expect(await call(made, 'messages:quick-texts')).toEqual([
      'We are running about {minutes} minutes late',
      'Your room is ready',
      'Please call us back',
      'Your appointment is now at {time}. Reply if that time does not suit you.',
    ]);
    await call(made, 'messages:set-quick-texts', { texts: ['  Your room is ready ', 'See you at {time}'] });
    expect(await call(made, 'messages:quick-texts')).toEqual(['Your room is ready', 'See you at {time}']);
    await call(made, 'messages:set-quick-texts', { texts: [] });
    expect(await call(made, 'messages:quick-texts')).toHaveLength(4);
  });

  it('an opted-out patient: a final failure in plain words, never retried, nothing sent', async () => {
    const made = await core();
    const { body } = await ownerGet<{ lists: { type: string; entries: string[] }[] }>(kit.sb, '/v1/lists');
    const optedOut = body.lists.find((l) => l.type === 'opt_out')!.entries.find((e) => e.startsWith('+'))!;
    const sent = await textsRecorded(kit.sb);
    const item = await call(made, 'messages:start', { phone: optedOut, text: 'Your room is ready' });
    const failed = await waitForOp(made, item.id, 'needs_attention');
    expect(failed.lastError?.message).toBe('This patient has opted out of text messages.');
    await made.core.outbox.get().settled();
    expect(made.core.outbox.get().get(item.id)).toMatchObject({ status: 'needs_attention', attempts: 1 });
    made.core.outbox.get().retryNow();
    await made.core.outbox.get().settled();
    expect(made.core.outbox.get().get(item.id)?.attempts).toBe(1);
    expect(await textsRecorded(kit.sb)).toBe(sent);
  });

  it('without messaging:read the threads are refused with the scope named; without messaging:send, sends are', async () => {
    const noRead = await core({ scopes: MESSAGING_SCOPES.filter((s) => s !== 'messaging:read') });
    const refused = await callRaw(noRead, 'messages:threads', {});
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'insufficient_scope', requiredScope: 'messaging:read' },
    });
    if (!refused.ok)
      expect(refused.error.message).toBe('Frontdesk needs permission to read text and e-mail conversations.');
    await noRead.cleanup();
    cores.splice(cores.indexOf(noRead), 1);

    const readOnly = await core({ scopes: MESSAGING_SCOPES.filter((s) => s !== 'messaging:send') });
    const threads = await call(readOnly, 'messages:threads', {});
    expect(threads.threads.length).toBeGreaterThan(0);
    const sent = await textsRecorded(kit.sb);
    const reply = await callRaw(readOnly, 'messages:reply', { threadId: threads.threads[0]!.id, text: 'hello' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'insufficient_scope', requiredScope: 'messaging:send' } });
    const start = await callRaw(readOnly, 'messages:start', { phone: '3125550147', text: 'hello' });
    expect(start).toMatchObject({ ok: false, error: { code: 'insufficient_scope', requiredScope: 'messaging:send' } });
    expect(readOnly.core.outbox.get().list()).toEqual([]);
    expect(await textsRecorded(kit.sb)).toBe(sent);
  });
});
