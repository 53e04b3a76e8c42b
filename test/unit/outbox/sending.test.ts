/** The send loop with a scripted service: ordering, bounded parallelism, crash mid-send, failures, user actions. */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/service-error';
import { SignedOutError } from '../../../main/core/auth/errors';
import { OutboxInputError, TEXT_HOLD_MS, type OpView, type Outbox } from '../../../main/core/outbox';
import { tempDir } from '../../support/core-fixture';
import { fakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { lostAnswer, memorySettings, notFound, openTestOutbox, recordOf, ScriptedService, type Call } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
function folder(): string {
  const d = tempDir('outbox-send-');
  dirs.push(d);
  return d.dir;
}
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

const ok = (call: Call) =>
  call.method === 'GET' ? { id: 1 } : { contacts: [{ id: 7, ...recordOf(call) }], events: [{ id: 8 }] };
const status = (box: Outbox, id: string, s: OpView['status']) =>
  waitFor(() => (box.get(id)?.status === s ? box.get(id) : null), { what: `${id} ${s}` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function open(
  service: ScriptedService,
  more: Partial<Parameters<typeof openTestOutbox>[0]> = {},
  start = true,
): Promise<Outbox> {
  const box = await openTestOutbox({ dataDir: folder(), service, ...more });
  boxes.push(box);
  if (start) box.start();
  return box;
}

describe('outbox sending', () => {
  it('keeps per-record order and sends independent records in parallel, at most `concurrency` at once', async () => {
    const log: string[] = [];
    let started = 0;
    let overlapped!: () => void;
    const second = new Promise<void>((resolve) => (overlapped = resolve));
    const service = new ScriptedService(async (call) => {
      const rec = recordOf(call);
      log.push(`start ${String(rec.external_id)} ${String(rec.name)}`);
      if (++started === 2) overlapped();
      // The first answer waits for a second call to start, however busy the machine, so the overlap is the loop's
      // doing and not the timing's; a loop that sends one at a time gets it after 2 s and the order check fails.
      await Promise.race([second, sleep(2000)]);
      await sleep(15); // service latency, so that calls overlap (not used to show that something did not happen)
      log.push(`end ${String(rec.external_id)} ${String(rec.name)}`);
      return ok(call);
    });
    const box = await open(service, { options: { concurrency: 2 } }, false);
    await box.enqueue('contact.create', { address_book_id: 1, name: 'v1', external_id: 'X' });
    await box.enqueue('contact.update', { external_id: 'X', name: 'v2' });
    for (const i of [1, 2, 3, 4]) await box.enqueue('contact.create', { address_book_id: 1, name: `o${i}` });
    await box.enqueue('contact.update', { external_id: 'X', name: 'v3' });
    box.start();
    await waitFor(() => box.counts().active.queued + box.counts().active.sending === 0);
    expect(service.maxInFlight).toBe(2);
    const x = log.filter((l) => l.includes(' X '));
    expect(x).toEqual(['start X v1', 'end X v1', 'start X v2', 'end X v2', 'start X v3', 'end X v3']);
    expect(log.slice(0, 2)).toEqual(['start X v1', expect.stringMatching(/^start .* o1$/)]);
  });

  it('after a crash mid-send, looks the create up before sending it again (found → done, no second POST)', async () => {
    const dir = folder();
    const settings = memorySettings();
    let release: (v: unknown) => void = () => undefined;
    const hanging = new ScriptedService(() => new Promise((resolve) => (release = resolve)));
    const crashed = await openTestOutbox({ dataDir: dir, service: hanging, settings });
    crashed.start();
    const op = await crashed.enqueue('contact.create', { address_book_id: 1, name: 'Mid Flight' });
    await status(crashed, op.id, 'sending');
    await waitFor(() => hanging.calls.length === 1);

    const service = new ScriptedService((call) => (call.method === 'GET' ? { id: 41, external_id: op.id } : ok(call)));
    const restarted = await openTestOutbox({ dataDir: dir, service, settings });
    boxes.push(restarted);
    expect(restarted.get(op.id)).toMatchObject({ status: 'queued', ambiguous: true });
    restarted.start();
    const done = await status(restarted, op.id, 'done');
    expect(done.result).toEqual({ id: 41, reconciled: true });
    expect(service.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/contact']);
    expect(service.calls[0]?.query).toMatchObject({ external_id: op.id, address_book_id: 1 });
    release({ contacts: [{ id: 41 }] });
    await crashed.close();
  });

  it('resends a create the lookup does not find, and reconciles a lost answer instead of resending it', async () => {
    let posts = 0;
    const service = new ScriptedService((call) => {
      if (call.method === 'GET') {
        if (posts === 1) throw notFound();
        return { id: 99 };
      }
      posts++;
      if (posts === 1) throw new ServiceError('retryable', 'POST /v1/events', 'busy', { status: 503 });
      throw lostAnswer();
    });
    const box = await open(service);
    const op = await box.enqueue('event.create', {
      calendar_id: 1,
      title: 'T',
      start_time: '2031-01-01T10:00:00Z',
      end_time: '2031-01-01T11:00:00Z',
    });
    const done = await status(box, op.id, 'done');
    expect(service.calls.map((c) => c.method)).toEqual(['POST', 'GET', 'POST', 'GET']);
    expect(done.result).toEqual({ id: 99, reconciled: true });
    expect(done.payload.external_id).toBe(op.id);
  });

  it('re-sends idempotent writes after a lost answer without a lookup, and treats a 404 on delete as done', async () => {
    let puts = 0;
    const service = new ScriptedService((call) => {
      if (call.method === 'PUT' && ++puts === 1) throw lostAnswer();
      if (call.method === 'DELETE') throw notFound('DELETE /v1/contacts');
      return ok(call);
    });
    const box = await open(service);
    const update = await box.enqueue('contact.update', { id: 5, name: 'Again' });
    const del = await box.enqueue('contact.delete', { id: 6 });
    expect((await status(box, update.id, 'done')).attempts).toBe(1);
    expect((await status(box, del.id, 'done')).result).toEqual({ id: null });
    expect(service.calls.map((c) => c.method).sort()).toEqual(['DELETE', 'PUT', 'PUT']);
  });

  it('hands permanent refusals to the user; retry, edit and discard keep the id and order', async () => {
    let refuse = true;
    const service = new ScriptedService((call) => {
      if (refuse)
        throw new ServiceError('permanent', 'POST /v1/contacts', 'address_book_id 9 not found', {
          status: 400,
          serviceMessage: 'address_book_id 9 not found',
        });
      return ok(call);
    });
    const box = await open(service);
    const first = await box.enqueue('contact.create', { address_book_id: 9, name: 'Wrong Book' });
    const second = await box.enqueue('contact.create', { address_book_id: 9, name: 'Other' });
    const stuck = await status(box, first.id, 'needs_attention');
    expect(stuck.lastError).toMatchObject({ kind: 'permanent', message: 'address_book_id 9 not found', status: 400 });
    await status(box, second.id, 'needs_attention');
    refuse = false;
    const edited = await box.edit(first.id, { address_book_id: 1, name: 'Right Book' });
    expect(edited).toMatchObject({
      id: first.id,
      seq: first.seq,
      payload: { external_id: first.id, name: 'Right Book' },
    });
    await status(box, first.id, 'done');
    await box.discard(second.id);
    expect(box.get(second.id)).toBeNull();
    await expect(box.edit(first.id, { address_book_id: 1, name: 'x' })).rejects.toThrow(/already done/);
  });

  it('a 2xx it cannot read needs attention and stays in doubt: edit is refused, retry looks it up first', async () => {
    let n = 0;
    const service = new ScriptedService((call) => {
      if (call.method === 'POST' && ++n === 1) return { weird: true };
      return call.method === 'GET' ? { id: 3 } : ok(call);
    });
    const box = await open(service);
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Odd Answer' });
    const stuck = await status(box, op.id, 'needs_attention');
    expect(stuck).toMatchObject({ ambiguous: true, lastError: { kind: 'invalid_response' } });
    await expect(box.edit(op.id, { address_book_id: 1, name: 'Changed' })).rejects.toBeInstanceOf(OutboxInputError);
    await box.retry(op.id);
    expect((await status(box, op.id, 'done')).result).toEqual({ id: 3, reconciled: true });
    expect(service.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('sends nothing offline or for another account, and starts when woken', async () => {
    let online = false;
    let account = 'B';
    const service = new ScriptedService(ok);
    const box = await open(service, { online: () => online, account: () => account });
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Held' }, { accountKey: 'A' });
    const mine = await box.enqueue('contact.create', { address_book_id: 1, name: 'Mine' });
    // settled(): the loop has looked at the queue and nothing is in flight, so its decision is visible.
    await box.settled();
    expect(service.calls).toHaveLength(0);
    online = true;
    box.wake('online');
    await status(box, mine.id, 'done');
    await box.settled();
    expect(service.calls.map((c) => recordOf(c).name)).toEqual(['Mine']);
    expect(box.counts()).toMatchObject({ activeAccount: 'B', byAccount: { A: { queued: 1 } } });
    account = 'A';
    box.wake('account_changed');
    await status(box, op.id, 'done');
  });

  it('pauses when signed out (no attempt spent) and resumes on sign-in', async () => {
    let signedIn = false;
    const service = new ScriptedService((call) => {
      if (!signedIn) throw new SignedOutError();
      return ok(call);
    });
    const box = await open(service);
    const op = await box.enqueue('event.mark', { id: 3, state: 'arrived' });
    await waitFor(() => box.get(op.id)?.lastError?.kind === 'needs_auth');
    // Woken by connectivity (not by a sign-in), the loop looks again and stays paused.
    box.wake('online');
    await box.settled();
    expect(service.calls).toHaveLength(1);
    expect(box.get(op.id)).toMatchObject({ status: 'queued', attempts: 0 });
    signedIn = true;
    box.wake('signed_in');
    await status(box, op.id, 'done');
  });

  it('looks for a lost booking by page, start, invitee and first attempt', async () => {
    const service = new ScriptedService((call) => {
      if (call.method === 'POST') throw lostAnswer('POST /v1/book_now');
      return {
        bookings: [
          { id: 1, state: 'failed', start_time: '2031-02-03T15:00:00Z' },
          { id: 2, state: 'complete', start_time: '2031-02-03T15:00:00Z' },
        ],
      };
    });
    const box = await open(service, { options: { bookingLookbackMs: 60_000 } });
    const op = await box.enqueue('booking.book_now', {
      page: 'p',
      time: '2031-02-03T09:00:00',
      startsAt: '2031-02-03T09:00:00-06:00',
      name: 'N',
      phone: '312-555-0100',
      email: '',
      fieldData: {},
    });
    const done = await status(box, op.id, 'done');
    expect(done.result).toEqual({ id: 2, state: 'complete', reconciled: true });
    const query = service.calls[1]?.query ?? {};
    expect(query).toMatchObject({
      booking_page: 'p',
      begin: '2031-02-03T15:00:00Z',
      end: '2031-02-03T15:00:00Z',
      phone_number: '312-555-0100',
    });
    expect(Date.parse(String(query.created_since))).toBeLessThanOrEqual((done.firstSentAt ?? 0) - 59_000);
  });

  it('makes an event that names a queued contact wait for it', async () => {
    const order: string[] = [];
    let releaseContact: () => void = () => undefined;
    const contactHeld = new Promise<void>((resolve) => (releaseContact = resolve));
    const service = new ScriptedService(async (call) => {
      order.push(`start ${call.path}`);
      if (call.path === '/v1/contacts') await contactHeld;
      order.push(`end ${call.path}`);
      return ok(call);
    });
    const box = await open(service, {}, false);
    await box.enqueue('contact.create', { address_book_id: 1, name: 'New Patient', external_id: 'P1' });
    const visit = await box.enqueue('event.create', {
      calendar_id: 1,
      title: 'Visit',
      start_time: '2031-01-01T10:00:00Z',
      end_time: '2031-01-01T11:00:00Z',
      participants: [{ contact_external_id: 'P1' }],
    });
    box.start();
    await waitFor(() => order.includes('start /v1/contacts'));
    // The pass that sent the contact had room for the event (concurrency 4) and left it: it is not in flight,
    // so it can still be edited, which an op being sent cannot.
    const edited = box.edit(visit.id, { ...visit.payload, title: 'Visit (edited)' }).finally(releaseContact);
    await expect(edited).resolves.toMatchObject({ status: 'queued' });
    await waitFor(() => box.counts().active.queued + box.counts().active.sending === 0);
    expect(order).toEqual(['start /v1/contacts', 'end /v1/contacts', 'start /v1/events', 'end /v1/events']);
  });

  it('never sends an op while a discard or edit of it is being recorded', async () => {
    let fail = true;
    const service = new ScriptedService((call) => {
      if (fail) throw new ServiceError('retryable', 'PUT /v1/contacts', 'busy', { status: 503 });
      return ok(call);
    });
    const box = await open(service, { options: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const a = await box.enqueue('contact.update', { id: 1, name: 'A' });
    const b = await box.enqueue('contact.update', { id: 2, name: 'B' });
    await waitFor(() => box.get(a.id)?.attempts === 1 && box.get(b.id)?.attempts === 1);
    fail = false;
    const discarding = box.discard(a.id);
    const editing = box.edit(b.id, { id: 2, name: 'B2' });
    box.retryNow();
    await Promise.all([discarding, editing]);
    await status(box, b.id, 'done');
    expect(service.calls.map((c) => recordOf(c).name)).toEqual(['A', 'B', 'B2']);
    expect(box.get(a.id)).toBeNull();
    await expect(box.discard(a.id)).rejects.toBeInstanceOf(OutboxInputError);
  });

  it.each(['discard', 'sendAnyway'] as const)(
    'carries out "%s" clicked while the loop is only looking at a held text, not "being sent right now"',
    async (choice) => {
      // The text's answer was lost, so the next look first reads the thread (held open here) before it finds the
      // text too old to go by itself: the click lands in that look.
      const clock = fakeClock();
      let sends = 0;
      let looking!: () => void;
      const looked = new Promise<void>((resolve) => (looking = resolve));
      let endLook!: () => void;
      const lookEnds = new Promise<void>((resolve) => (endLook = resolve));
      const service = new ScriptedService(async (call) => {
        if (call.method === 'GET') {
          looking();
          await lookEnds;
          return { messages: [] };
        }
        if (++sends === 1) throw lostAnswer('POST /v1/conversation_reply');
        return {
          conversation: { id: 41, name: 'Ann', phone: '+13125550101', email: '' },
          message: { id: 9, content: 'Your room is ready', at: new Date(clock.now()).toISOString() },
        };
      });
      const box = await open(service, { clock, options: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
      const text = await box.enqueue('message.reply', { conversation_id: 41, content: 'Your room is ready' });
      await waitFor(() => (box.get(text.id)?.attempts === 1 ? true : null), { what: 'the lost answer' });
      clock.advance(TEXT_HOLD_MS + 60_000);
      await looked;

      const clicked = choice === 'discard' ? box.discard(text.id) : box.sendAnyway(text.id);
      endLook();
      await clicked;
      await box.settled();
      if (choice === 'discard') expect(box.get(text.id)).toBeNull();
      else expect(box.get(text.id)?.status).toBe('done');
      expect(sends).toBe(choice === 'discard' ? 1 : 2);
    },
  );

  it('refuses "Discard" at once while the text itself is out (it may reach the patient), and tells it plainly', async () => {
    let sending!: () => void;
    const out = new Promise<void>((resolve) => (sending = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const service = new ScriptedService(async () => {
      sending();
      await answered;
      return {
        conversation: { id: 41, name: 'Ann', phone: '+13125550101', email: '' },
        message: { id: 9, content: 'Your room is ready', at: new Date().toISOString() },
      };
    });
    const box = await open(service);
    const text = await box.enqueue('message.reply', { conversation_id: 41, content: 'Your room is ready' });
    await out;
    // Told while the text is out, not after its answer ("already done").
    const told = box.discard(text.id).then(
      () => 'discarded',
      (error: Error) => error.message,
    );
    answer();
    expect(await told).toBe('this change is being sent right now; try again in a moment');
    await status(box, text.id, 'done');
  });

  it('refuses bad payloads before anything is queued', async () => {
    const box = await open(new ScriptedService(ok), {}, false);
    await expect(box.enqueue('contact.update', { name: 'no ref' })).rejects.toThrow(/id or external_id/);
    await expect(
      box.enqueue('booking.book_now', { booking_page: 'p', time: '2031-01-01T09:00:00', name: 'N' }),
    ).rejects.toThrow(/startsAt/);
    await expect(box.enqueue('event.create', { title: 'x', start_time: 'a', end_time: 'b' })).rejects.toThrow(
      /calendar/,
    );
    expect(box.counts().byAccount).toEqual({});
  });
});
