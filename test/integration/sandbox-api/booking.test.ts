/** Availability and book_now on a fixed clock: windows, increments, busy/free/deleted events, validation, writes. */
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, startApi, type Api, type Json } from './helpers';

let api: Api;
let pages: Json[];
let cleaning: Json;
let rich: Json;
let hygieneId: number;
const DAY = '2030-02-12';

beforeAll(async () => {
  api = await startApi({ now: clock().now });
  pages = (await api.get('/v1/booking_pages')).body.booking_pages;
  cleaning = pages.find((p) => p.token.endsWith('-cleaning'));
  rich = pages.find((p) => p.appointment_types.length > 1);
  hygieneId = cleaning.appointment_types[0].calendar_ids[0];
});
afterAll(() => api.close());

async function times(page: Json, type?: string): Promise<string[]> {
  const res = await api.get('/v1/availability', {
    booking_page: page.token,
    begin: DAY,
    end: DAY,
    ...(type ? { appointment_type_token: type } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.slots.map((s: Json) => s.time.slice(11, 16));
}

const richForm = {
  name: 'Rosa Parks',
  phone_number: '312-555-0142',
  email_address: 'rosa@example.com',
  field_data: { zip: 60614, insurance: 'Cigna' },
  opted_into_text_messaging: true,
  opted_into_text_messaging_for_marketing: false,
};

describe('GET /v1/availability', () => {
  it('steps each weekday window by the increment, skipping the lunch gap', async () => {
    expect(await times(cleaning)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    const consult = await times(rich, 'consultation');
    expect(consult.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect(consult).toContain('11:30');
    expect(consult).not.toContain('11:45');
    expect(consult).toHaveLength(11 + 19);
    const res = await api.get('/v1/availability', { booking_page: cleaning.id, begin: DAY, end: DAY });
    expect(res.body).toMatchObject({
      booking_page: cleaning.token,
      appointment_type_token: 'cleaning',
      time_zone: 'America/Chicago',
      length_minutes: 60,
      increment_minutes: 30,
    });
    expect(res.body.slots[0]).toEqual({
      time: `${DAY}T08:00:00`,
      start_time: `${DAY}T08:00:00-06:00`,
      end_time: `${DAY}T09:00:00-06:00`,
      calendar_ids: [hygieneId],
    });
  });

  it('is blocked by busy events but not by Free or deleted ones', async () => {
    const post = async (start: string, end: string, extra: Record<string, unknown> = {}): Promise<Json> =>
      (
        await api.post('/v1/events', {
          events: [
            {
              calendar_id: hygieneId,
              title: 'Block',
              start_time: `${DAY}T${start}:00-06:00`,
              end_time: `${DAY}T${end}:00-06:00`,
              ...extra,
            },
          ],
        })
      ).body.events[0];
    const busy = await post('09:00', '10:00');
    await post('13:00', '14:00', { show_as: 0 });
    const after = await times(cleaning);
    expect(after).not.toContain('08:30');
    expect(after).not.toContain('09:00');
    expect(after).not.toContain('09:30');
    expect(after).toContain('08:00');
    expect(after).toContain('10:00');
    expect(after).toContain('13:00');
    await api.del('/v1/events', { id: busy.id });
    expect(await times(cleaning)).toContain('09:00');
  });

  it('honours min notice and days ahead, and rejects bad queries', async () => {
    const today = (
      await api.get('/v1/availability', { booking_page: cleaning.token, begin: '2030-01-07', end: '2030-01-07' })
    ).body.slots;
    expect(today[0].time).toBe('2030-01-07T11:00:00');
    expect(
      (await api.get('/v1/availability', { booking_page: cleaning.token, begin: '2030-05-01', end: '2030-05-02' })).body
        .slots,
    ).toEqual([]);
    expect((await api.get('/v1/availability', { booking_page: 'nope' })).status).toBe(400);
    expect(
      (await api.get('/v1/availability', { booking_page: cleaning.token, appointment_type_token: 'x' })).status,
    ).toBe(400);
    expect(
      (await api.get('/v1/availability', { booking_page: cleaning.token, begin: '2030-01-01', end: '2031-01-01' }))
        .status,
    ).toBe(400);
    expect((await api.get('/v1/availability', {})).status).toBe(400);
  });
});

describe('POST /v1/book_now', () => {
  it('books: event on the page calendar with the invitee, contact in the page book, booking per spec', async () => {
    const res = await api.post('/v1/book_now', {
      booking_page: cleaning.token,
      time: `${DAY}T10:00:00`,
      name: 'Mae Jemison',
      phone_number: '(312) 555-0143',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const b = res.body.booking;
    expect(Object.keys(b).sort()).toEqual(
      [
        'appointment_type_token',
        'authenticated_email',
        'authenticated_phone',
        'booking_page',
        'client_ip_address',
        'created_at',
        'email',
        'end_time',
        'field_data',
        'id',
        'name',
        'participant',
        'phone',
        'previous_time',
        'rescheduled_at',
        'start_time',
        'state',
        'username',
      ].sort(),
    );
    expect(b).toMatchObject({
      state: 'complete',
      booking_page: cleaning.token,
      appointment_type_token: 'cleaning',
      username: 'owner@frontdesk.test',
      created_at: '2030-01-07T15:00:00Z',
      start_time: '2030-02-12T16:00:00Z',
      end_time: '2030-02-12T17:00:00Z',
      name: 'Mae Jemison',
      phone: '+13125550143',
      email: '',
      authenticated_phone: false,
      authenticated_email: false,
      rescheduled_at: null,
      previous_time: null,
      field_data: {},
    });
    expect(b.participant.event).toMatchObject({
      calendar_id: hygieneId,
      calendar_name: 'Hygiene',
      start_time: '2030-02-12T16:00:00Z',
      end_time: '2030-02-12T17:00:00Z',
    });
    const ev = (await api.get('/v1/event', { id: b.participant.event.id })).body;
    expect(ev.participants).toMatchObject([
      { id: b.participant.id, name: 'Mae Jemison', normalized_phone: '+13125550143' },
    ]);
    const contacts = (await api.get('/v1/contacts', { phone_number: '3125550143' })).body.contacts;
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: 'Mae Jemison', address_book_id: cleaning.address_book_id });
    expect(await times(cleaning)).not.toContain('10:00');
  });

  it('fails a taken time and an off-grid time with 400 and a failed booking', async () => {
    const taken = await api.post('/v1/book_now', {
      booking_page: cleaning.id,
      time: `${DAY}T10:00:00`,
      name: 'Late Comer',
      phone_number: '3125550144',
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({
      success: false,
      error: 'That time is no longer available',
      booking: { state: 'failed', start_time: '2030-02-12T16:00:00Z', participant: null },
    });
    const offGrid = await api.post('/v1/book_now', {
      booking_page: String(cleaning.id),
      time: `${DAY}T10:10:00`,
      name: 'Odd Time',
      phone_number: '3125550145',
    });
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.success).toBe(false);
    expect(offGrid.body.booking.state).toBe('failed');
    const lunch = await api.post('/v1/book_now', {
      booking_page: cleaning.token,
      time: `${DAY}T12:00:00`,
      name: 'Lunch Time',
      phone_number: '3125550146',
    });
    expect(lunch.status).toBe(400);
    const garbage = await api.post('/v1/book_now', {
      booking_page: cleaning.token,
      time: 'next tuesday',
      name: 'X',
      phone_number: '3125550146',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ success: false, error: expect.stringContaining('time') });
    const failed = (await api.get('/v1/bookings', { state: 'failed' })).body.bookings;
    expect(failed.map((x: Json) => x.id)).toEqual(
      expect.arrayContaining([taken.body.booking.id, offGrid.body.booking.id]),
    );
  });

  it('names a missing required field or consent flag', async () => {
    const base = { booking_page: rich.token, appointment_type_token: 'new-patient', time: `${DAY}T09:00:00` };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...richForm, name: undefined }, 'name'],
      [{ ...richForm, email_address: '' }, 'email_address'],
      [{ ...richForm, field_data: { insurance: 'Cigna' } }, 'zip'],
      [{ ...richForm, field_data: { zip: '60614' } }, 'insurance'],
      [{ ...richForm, field_data: { zip: '60614', insurance: 'Acme' } }, 'insurance'],
      [{ ...richForm, field_data: { ...richForm.field_data, shoe_size: 9 } }, 'shoe_size'],
      [{ ...richForm, opted_into_text_messaging: undefined }, 'opted_into_text_messaging'],
      [{ ...richForm, opted_into_text_messaging_for_marketing: undefined }, 'opted_into_text_messaging_for_marketing'],
      [{ ...richForm, phone_number: 'call me' }, 'phone_number'],
    ];
    for (const [form, field] of cases) {
      const res = await api.post('/v1/book_now', { ...base, ...form });
      expect(res.status, field).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(field);
    }
    expect((await api.post('/v1/book_now', { ...base, ...richForm, booking_page: 'no-such-page' })).status).toBe(400);
    expect(
      (await api.post('/v1/book_now', { ...base, ...richForm, appointment_type_token: 'nope' })).body.error,
    ).toContain('appointment_type_token');
  });

  it('books a multi-type page: fields split between contact and event, round robin across calendars', async () => {
    const a = await api.post('/v1/book_now', {
      booking_page: rich.id,
      appointment_type_token: 'new-patient',
      time: `${DAY}T09:00:00`,
      ...richForm,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.booking.field_data).toEqual({ zip: '60614', insurance: 'Cigna' });
    const b = await api.post('/v1/book_now', {
      booking_page: rich.id,
      appointment_type_token: 'new-patient',
      time: `${DAY}T09:00:00`,
      ...richForm,
      name: 'Second Person',
      phone_number: '3125550147',
      email_address: 'second@example.com',
    });
    expect(b.status).toBe(200);
    expect(a.body.booking.participant.event.calendar_id).not.toBe(b.body.booking.participant.event.calendar_id);
    const ev = (await api.get('/v1/event', { id: a.body.booking.participant.event.id })).body;
    expect(ev.custom_data).toMatchObject({ insurance: 'Cigna' });
    const contact = (await api.get('/v1/contacts', { email_address: 'rosa@example.com' })).body.contacts[0];
    expect(contact.custom_data).toMatchObject({ zip: '60614' });
    const c = await api.post('/v1/book_now', {
      booking_page: rich.id,
      appointment_type_token: 'new-patient',
      time: `${DAY}T09:00:00`,
      ...richForm,
      phone_number: '3125550148',
      email_address: 'third@example.com',
    });
    expect(c.status).toBe(400);
    expect(c.body.error).toBe('That time is no longer available');
  });

  it('reads an offset-less time in the page zone and honours an explicit offset', async () => {
    const satellite = pages.find((p) => p.remote_device !== null);
    expect(satellite.time_zone).toBe('America/Denver');
    const slots = (
      await api.get('/v1/availability', { booking_page: satellite.token, begin: '2030-01-09', end: '2030-01-11' })
    ).body.slots;
    const [s1, s2] = slots;
    const a = await api.post('/v1/book_now', {
      booking_page: satellite.token,
      time: s1.time,
      name: 'Zone Test',
      phone_number: '3125550149',
    });
    expect(a.status).toBe(200);
    expect(a.body.booking.start_time).toBe(new Date(s1.start_time).toISOString().replace('.000', ''));
    expect(new TZDate(Date.parse(a.body.booking.start_time), 'America/Denver').getHours()).toBe(
      Number(s1.time.slice(11, 13)),
    );
    const b = await api.post('/v1/book_now', {
      booking_page: satellite.token,
      time: new Date(s2.start_time).toISOString(),
      name: 'Zone Test',
      phone_number: '3125550149',
    });
    expect(b.status).toBe(200);
    expect(b.body.booking.start_time).toBe(new Date(s2.start_time).toISOString().replace('.000', ''));
  });
});

describe('GET /v1/bookings', () => {
  it('finds a booking by page, start time, invitee and created_since (the lost-response check)', async () => {
    const ok = await api.post('/v1/book_now', {
      booking_page: cleaning.token,
      time: `${DAY}T15:00:00`,
      name: 'Lost Response',
      phone_number: '3125550131',
    });
    expect(ok.status).toBe(200);
    const found = (
      await api.get('/v1/bookings', {
        booking_page: cleaning.token,
        begin: `${DAY}T15:00:00`,
        end: `${DAY}T15:00:00`,
        phone_number: '(312) 555-0131',
        created_since: '2030-01-07T14:59:00Z',
      })
    ).body.bookings;
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual(ok.body.booking);
    expect(
      (await api.get('/v1/bookings', { booking_page: cleaning.id, created_since: '2030-01-08T00:00:00Z' })).body
        .bookings,
    ).toEqual([]);
    const seeded = (await api.get('/v1/bookings', { page_size: 200 })).body.bookings;
    expect(seeded.length).toBeGreaterThan(10);
    expect((await api.get('/v1/bookings', { page: 2, page_size: 5 })).body.bookings.map((x: Json) => x.id)).toEqual(
      seeded.slice(5, 10).map((x: Json) => x.id),
    );
    expect((await api.get('/v1/bookings', { state: 'bogus' })).status).toBe(400);
    const stats = await api.stats();
    expect(stats.bookingsCreated).toBeGreaterThanOrEqual(5);
    expect(stats.bookingsFailed).toBeGreaterThanOrEqual(10);
  });
});
