/** The seed looks like a real practice, covers every documented state, and replays exactly. */
import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, clock, startApi, type Api, type Json } from './helpers';

const STATES = [
  'initial',
  'accepted',
  'declined',
  'reminded',
  'confirmed',
  'not_coming',
  'not_coming_needs_reschedule',
  'not_coming_no_reschedule',
];
let api: Api;
const c = clock();

beforeAll(async () => {
  api = await startApi({ now: c.now });
});
afterAll(() => api.close());

describe('owner seed', () => {
  it('has 3+ calendars, 2 address books, 300 contacts and 600 events', async () => {
    const cals = (await api.get('/v1/calendars')).body.calendars;
    expect(cals.length).toBeGreaterThanOrEqual(3);
    expect((await api.get('/v1/address_books')).body.address_books).toHaveLength(2);
    expect(await allPages(api, '/v1/contacts', 'contacts')).toHaveLength(300);
    expect(await allPages(api, '/v1/events', 'events', { include_deleted: true })).toHaveLength(600);
  });

  it('shows every participant state, real-looking names, E.164 phones and e-mails', async () => {
    const events = await allPages<Json>(api, '/v1/events', 'events');
    const seen = new Set(events.flatMap((e) => e.participants.map((p: Json) => p.state)));
    expect([...seen].sort()).toEqual([...STATES].sort());
    const contacts = await allPages<Json>(api, '/v1/contacts', 'contacts');
    for (const ct of contacts) {
      expect(ct.name).toMatch(/^[A-Z][A-Za-z'-]+ [A-Z][A-Za-z'-]+$/);
      expect(ct.phone_numbers[0].normalized).toMatch(/^\+1\d{10}$/);
      expect(ct.phone_numbers.filter((p: Json) => p.is_primary)).toHaveLength(1);
    }
    expect(new Set(contacts.map((x) => x.name)).size).toBeGreaterThan(200);
    expect(contacts.filter((x) => x.email_addresses.length > 0).length).toBeGreaterThan(200);
    expect(
      contacts.every((x) => x.email_addresses.every((e: Json) => /@(mail\.)?example\.(com|net|org)$/.test(e.address))),
    ).toBe(true);
  });

  it('puts events in business hours of their calendar zone, over the past and next 4 weeks', async () => {
    const events = await allPages<Json>(api, '/v1/events', 'events');
    const now = c.now().getTime();
    let past = 0;
    for (const e of events) {
      const start = new TZDate(Date.parse(e.start_time), e.time_zone);
      expect(start.getHours()).toBeGreaterThanOrEqual(8);
      expect(start.getHours() * 60 + start.getMinutes()).toBeLessThan(18 * 60);
      expect(start.getDay()).not.toBe(0);
      expect(Math.abs(start.getTime() - now)).toBeLessThan(29 * 86_400_000);
      expect(e.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      if (start.getTime() < now) past++;
    }
    expect(past).toBeGreaterThan(100);
    expect(events.length - past).toBeGreaterThan(100);
    expect(events.some((e) => e.show_as === 0 && e.participants.length === 0)).toBe(true);
    expect(events.some((e) => e.participants.length === 2)).toBe(true);
  });

  it('has the three kinds of booking page', async () => {
    const pages: Json[] = (await api.get('/v1/booking_pages')).body.booking_pages;
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.some((p) => p.appointment_types.length === 1 && p.remote_device === null)).toBe(true);
    const rich = pages.find((p) => p.appointment_types.length > 1);
    expect(rich.consent).toEqual({ text_messaging: true, text_messaging_for_marketing: true });
    expect(rich.fields.some((f: Json) => !f.built_in && f.required)).toBe(true);
    expect(pages.some((p) => p.remote_device !== null)).toBe(true);
  });
});

describe('accounts', () => {
  it('gives staff its own small account and shows the owner data to the linked user', async () => {
    const staffCals = (await api.get('/v1/calendars', {}, 'staff')).body.calendars;
    expect(staffCals).toHaveLength(1);
    expect((await api.get('/v1/address_books', {}, 'staff')).body.address_books).toHaveLength(1);
    expect(await allPages(api, '/v1/contacts', 'contacts', {}, 'staff')).toHaveLength(10);
    expect(await allPages(api, '/v1/events', 'events', { include_deleted: true }, 'staff')).toHaveLength(10);
    expect((await api.get('/v1/booking_pages', {}, 'staff')).body.booking_pages).toHaveLength(1);
    const ownerCals = (await api.get('/v1/calendars')).body.calendars;
    expect((await api.get('/v1/calendars', {}, 'linked')).body.calendars).toEqual(ownerCals);
    const ownerEvent = (await api.get('/v1/events', { page_size: 1 })).body.events[0];
    expect((await api.get('/v1/event', { id: ownerEvent.id }, 'linked')).body.id).toBe(ownerEvent.id);
    const denied = await api.get('/v1/event', { id: ownerEvent.id }, 'staff');
    expect(denied.status).toBe(404);
    expect(denied.body.errors).toBe('not_found');
  });
});

describe('determinism', () => {
  it('replays the same data after a reset and in a second sandbox', async () => {
    const snapshot = async (a: Api): Promise<string> =>
      JSON.stringify([
        (await a.get('/v1/contacts', { page_size: 50 })).body,
        (await a.get('/v1/events', { page_size: 50 })).body,
        (await a.get('/v1/bookings')).body,
      ]);
    const before = await snapshot(api);
    await api.del('/v1/contacts', { id: (await api.get('/v1/contacts', { page_size: 1 })).body.contacts[0].id });
    expect((await fetch(`${api.sb.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(await snapshot(api)).toBe(before);
    const twin = await startApi({ now: c.now });
    try {
      expect(await snapshot(twin)).toBe(before);
    } finally {
      await twin.close();
    }
    const other = await startApi({ now: c.now, seed: 2, contacts: 20, events: 40 });
    try {
      expect(await allPages(other, '/v1/contacts', 'contacts')).toHaveLength(20);
      expect(await allPages(other, '/v1/events', 'events', { include_deleted: true })).toHaveLength(40);
      expect((await other.get('/v1/contacts', { page_size: 5 })).body).not.toEqual(
        (await api.get('/v1/contacts', { page_size: 5 })).body,
      );
    } finally {
      await other.close();
    }
  });
});
