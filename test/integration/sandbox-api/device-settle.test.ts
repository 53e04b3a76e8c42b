/** A remote-device page's booking starts pending and settles to complete after deviceSettleMs (real clock). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, until, type Api, type Json } from './helpers';

let api: Api;

beforeAll(async () => {
  api = await startApi({ deviceSettleMs: 200, contacts: 30, events: 40 });
});
afterAll(() => api.close());

it('goes pending_device_update_for_contact → complete, read back through GET /v1/bookings', async () => {
  const pages: Json[] = (await api.get('/v1/booking_pages')).body.booking_pages;
  const device = pages.find((p) => p.remote_device !== null);
  const slot = (await api.get('/v1/availability', { booking_page: device.token })).body.slots[0];
  expect(slot).toBeDefined();
  const res = await api.post('/v1/book_now', {
    booking_page: device.token,
    time: slot.time,
    name: 'Pat Pending',
    phone_number: '+1 303 555 0177',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.booking.state).toBe('pending_device_update_for_contact');
  const id = res.body.booking.id;
  const settled = await until(async () => {
    const b = (await api.get('/v1/bookings', { id })).body.bookings[0];
    return b.state === 'complete' ? b : undefined;
  }, 3000);
  expect(settled).toMatchObject({ id, participant: res.body.booking.participant });

  // The same invitee again: the contact exists, so the booking waits only for the device update.
  const next = (await api.get('/v1/availability', { booking_page: device.token })).body.slots[0];
  const again = await api.post('/v1/book_now', {
    booking_page: device.token,
    time: next.time,
    name: 'Pat Pending',
    phone_number: '3035550177',
  });
  expect(again.body.booking.state).toBe('pending_device_update');
  await until(
    async () =>
      (await api.get('/v1/bookings', { id: again.body.booking.id, state: 'complete' })).body.bookings[0] as
        Json | undefined,
    3000,
  );
});
