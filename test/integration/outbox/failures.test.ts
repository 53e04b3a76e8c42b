/**
 * The outbox against the service's refusals and faults: Retry-After is honoured, a taken slot goes to "needs
 * attention" with the service's words, a booking whose answer was lost is found rather than booked again, and a
 * booking whose time has passed is not sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpView, Outbox, OutboxEvent } from '../../../main/core/outbox';
import { tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import { mintToken, openOutbox, tokenClient, useSandboxKit } from './helpers';
import { bookingAt, freeSlots } from './workload';

const ACCOUNT = 'sandbox|owner';
const PAGE = 'lakeside-dental-cleaning';

const kit = useSandboxKit();
let token: string;
const dir = tempDir('outbox-failures-');
let outbox: Outbox | null = null;
let n = 0;

beforeAll(async () => {
  token = await mintToken(kit.url, 'owner@frontdesk.test');
});
afterEach(async () => {
  await outbox?.close();
  outbox = null;
  await kit.faults(null);
});
afterAll(async () => {
  dir.cleanup();
});

async function fresh(): Promise<Outbox> {
  outbox = await openOutbox({
    dataDir: `${dir.dir}/${++n}`,
    service: tokenClient(kit.url, () => token),
    account: () => ACCOUNT,
  });
  outbox.start();
  return outbox;
}

async function settled(box: Outbox, id: string, status: OpView['status']): Promise<OpView> {
  return waitFor(
    () => {
      const op = box.get(id);
      return op?.status === status ? op : null;
    },
    { what: `op ${id} ${status}` },
  );
}

describe('outbox failures', () => {
  it('waits at least Retry-After after a 429, for that op and for the others of the account', async () => {
    await kit.faults({ rateLimit: { status: 429, retryAfterS: 1, count: 1 }, routes: ['/v1/contacts'] });
    const box = await fresh();
    const sendingAt: Record<string, number[]> = {};
    box.onChange((e: OutboxEvent) => {
      if (e.type === 'op' && e.op.status === 'sending') (sendingAt[e.op.id] ??= []).push(e.op.updatedAt);
    });
    const first = await box.enqueue('contact.create', {
      address_book_id: 2001,
      name: 'Rita Later',
      phone_numbers: [{ number: '312-555-3001', is_primary: true }],
    });
    const failed = await waitFor(() => (box.get(first.id)?.attempts === 1 ? box.get(first.id) : null));
    expect(failed.lastError).toMatchObject({ kind: 'retryable', status: 429 });
    const failedAt = failed.lastError?.at ?? 0;
    expect(failed.nextAttemptAt - failedAt).toBeGreaterThanOrEqual(1000);
    const second = await box.enqueue('contact.create', {
      address_book_id: 2001,
      name: 'Sam Waits',
      phone_numbers: [{ number: '312-555-3002', is_primary: true }],
    });
    await settled(box, first.id, 'done');
    await settled(box, second.id, 'done');
    expect(sendingAt[first.id]).toHaveLength(2);
    expect((sendingAt[first.id]?.[1] ?? 0) - failedAt).toBeGreaterThanOrEqual(1000);
    expect((sendingAt[second.id]?.[0] ?? 0) - failedAt).toBeGreaterThanOrEqual(1000);
    expect((await kit.stats()).requests['POST /v1/contacts']).toEqual({ '200': 2, '429': 1 });
  });

  it('moves a booking of a taken slot to needs attention with the service message; edit to a free slot sends it', async () => {
    const [taken, free] = await freeSlots(kit, 2);
    if (!taken || !free) throw new Error('no slots');
    const direct = await kit.post('/v1/book_now', {
      booking_page: PAGE,
      time: taken.time,
      name: 'First Come',
      phone_number: '312-555-3100',
    });
    expect(direct.status).toBe(200);
    const box = await fresh();
    const op = await box.enqueue('booking.book_now', bookingAt(taken, 'Late Comer', '312-555-3101'), {
      startsAt: taken.start_time,
    });
    const stuck = await settled(box, op.id, 'needs_attention');
    expect(stuck.lastError).toMatchObject({
      kind: 'permanent',
      status: 400,
      message: 'That time is no longer available',
      serviceMessage: 'That time is no longer available',
    });
    expect(stuck.ambiguous).toBe(false);
    expect(box.counts().active).toEqual({ queued: 0, sending: 0, needsAttention: 1 });
    await box.edit(op.id, bookingAt(free, 'Late Comer', '312-555-3101'), { startsAt: free.start_time });
    const booked = await settled(box, op.id, 'done');
    expect(booked.id).toBe(op.id);
    expect(booked.result).toMatchObject({ state: 'complete' });
  });

  it('does not book twice when the answer of book_now is lost after the booking was made', async () => {
    await fetch(`${kit.url}/__sandbox/reset`, { method: 'POST' });
    token = await mintToken(kit.url, 'owner@frontdesk.test');
    const [slot] = await freeSlots(kit, 1);
    if (!slot) throw new Error('no slot');
    await kit.faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/book_now'] });
    const box = await fresh();
    const op = await box.enqueue('booking.book_now', bookingAt(slot, 'Lost Answer', '312-555-3200'), {
      startsAt: slot.start_time,
    });
    const done = await settled(box, op.id, 'done');
    expect(done.result?.reconciled).toBe(true);
    const stats = await kit.stats();
    expect(stats.requests['POST /v1/book_now']).toEqual({ reset: 1 });
    expect(stats.bookingsCreated).toBe(1);
    const bookings = await kit.allPages('/v1/bookings', 'bookings', {
      booking_page: PAGE,
      phone_number: '312-555-3200',
    });
    expect(bookings.map((b) => b.id)).toEqual([done.result?.id]);
  });

  it('does not send a booking whose time has passed, and says so', async () => {
    const box = await fresh();
    const before = (await kit.stats()).requests['POST /v1/book_now'];
    const op = await box.enqueue(
      'booking.book_now',
      bookingAt({ time: '2020-01-06T09:00:00', start_time: '2020-01-06T09:00:00-06:00' }, 'Too Late', '312-555-3300'),
      { startsAt: '2020-01-06T09:00:00-06:00' },
    );
    expect(op.timePassed).toBe(true);
    const stuck = await settled(box, op.id, 'needs_attention');
    expect(stuck.lastError).toMatchObject({ kind: 'time_passed', message: 'The appointment time has passed.' });
    expect((await kit.stats()).requests['POST /v1/book_now']).toEqual(before);
    await box.discard(op.id);
    expect(box.get(op.id)).toBeNull();
  });
});
