/**
 * The office system can refuse a device-backed booking when it settles (POST /__sandbox/device-refusals, design):
 * the booking reads pending, then `failed` with no participant, and its event is removed so the slot is free again.
 * Bookings after the queued refusals are used up settle to complete as usual. A controlled clock: no real waiting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clock, startApi, type Api, type Json } from './helpers';

const SETTLE_MS = 3000;
const time = clock();
let api: Api;

beforeAll(async () => {
  api = await startApi({ deviceSettleMs: SETTLE_MS, contacts: 30, events: 40, now: time.now });
});
afterAll(() => api.close());

async function refuse(body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${api.sb.url}/__sandbox/device-refusals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function bookDevice(name: string): Promise<Json> {
  const pages: Json[] = (await api.get('/v1/booking_pages')).body.booking_pages;
  const device = pages.find((p) => p.remote_device !== null);
  const slot = (await api.get('/v1/availability', { booking_page: device.token })).body.slots[0];
  const res = await api.post('/v1/book_now', {
    booking_page: device.token,
    time: slot.time,
    name,
    phone_number: '3035550188',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { booking: res.body.booking, slot, page: device.token };
}

it('refuses the next device-backed booking at settle: failed, no participant, its event gone and its slot free', async () => {
  expect(await refuse({ count: 1 })).toEqual({ status: 200, body: { refusals: 1 } });
  const { booking, slot, page } = await bookDevice('Rae Fused');
  expect(booking.state).toMatch(/^pending_device_update/);
  const eventId = booking.participant.event.id;

  time.advance(SETTLE_MS - 1);
  expect((await api.get('/v1/bookings', { id: booking.id })).body.bookings[0].state).toMatch(/^pending/);
  expect((await api.get('/v1/event', { id: eventId })).body.is_deleted).toBe(false);

  time.advance(1);
  const settled = (await api.get('/v1/bookings', { id: booking.id })).body.bookings[0];
  expect(settled).toMatchObject({ id: booking.id, state: 'failed', participant: null });
  expect((await api.get('/v1/bookings', { id: booking.id, state: 'failed' })).body.bookings).toHaveLength(1);
  const gone = await api.get('/v1/event', { id: eventId });
  expect(gone.body.is_deleted, JSON.stringify(gone.body)).toBe(true);
  const free = (await api.get('/v1/availability', { booking_page: page })).body.slots.map((s: Json) => s.time);
  expect(free).toContain(slot.time);

  // The refusal was used up: the next one settles to complete.
  const next = await bookDevice('Con Firmed');
  time.advance(SETTLE_MS);
  expect((await api.get('/v1/bookings', { id: next.booking.id })).body.bookings[0].state).toBe('complete');
});

it('checks its body and answers loopback only', async () => {
  expect((await refuse({ count: -1 })).status).toBe(400);
  expect((await refuse({ count: 1, extra: true })).status).toBe(400);
  expect((await refuse({ count: 1, account: 'nobody@frontdesk.test' })).status).toBe(404);
  expect(await refuse({ count: 0 })).toEqual({ status: 200, body: { refusals: 0 } });
});
