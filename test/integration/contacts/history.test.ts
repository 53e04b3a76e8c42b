/** A contact's history (appointments by phone or e-mail, bookings) and the Bookings list, on the real sandbox. */
import { afterEach, describe, expect, it } from 'vitest';
import { call, goOffline, goOnline, ownerGet, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 60, events: 400 } });
afterEach(async () => {
  await kit.admin().clearFaults();
});

type Participant = { name: string; normalized_phone: string; email: string };
type Event = { id: number; start_time: string; end_time: string; participants: Participant[] };

/** A patient with several appointments, found through the service itself. */
async function busyPatient(): Promise<Participant> {
  const { body } = await ownerGet<{ events: Event[] }>(kit.sb, '/v1/events', { page_size: 400 });
  const counts = new Map<string, { p: Participant; n: number }>();
  for (const e of body.events)
    for (const p of e.participants)
      if (p.normalized_phone) counts.set(p.normalized_phone, { p, n: (counts.get(p.normalized_phone)?.n ?? 0) + 1 });
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]!.p;
}

describe('contact history', () => {
  it('lists every appointment with the phone, upcoming soonest first and past latest first, each once', async () => {
    const patient = await busyPatient();
    const truth = await ownerGet<{ events: Event[] }>(kit.sb, '/v1/events', {
      phone_number: patient.normalized_phone,
      page_size: 200,
    });
    const ids = [...new Set(truth.body.events.map((e) => e.id))].sort();
    const history = await call(kit.made, 'contacts:history', { phones: [patient.normalized_phone], emails: [] });
    expect(history.source).toBe('service');
    const shown = [...history.upcoming, ...history.past].map((i) => i.id);
    expect([...shown].sort()).toEqual(ids);
    expect(new Set(shown).size).toBe(shown.length);
    const now = Date.now();
    expect(history.upcoming.every((i) => Date.parse(i.end) >= now)).toBe(true);
    expect(history.past.every((i) => Date.parse(i.end) < now)).toBe(true);
    const starts = (xs: { start: string }[]) => xs.map((x) => Date.parse(x.start));
    expect(starts(history.upcoming)).toEqual([...starts(history.upcoming)].sort((a, b) => a - b));
    expect(starts(history.past)).toEqual([...starts(history.past)].sort((a, b) => b - a));
    // Found by e-mail as well, the same appointments are not shown twice.
    const both = await call(kit.made, 'contacts:history', {
      phones: [patient.normalized_phone],
      emails: patient.email ? [patient.email] : [],
    });
    const bothIds = [...both.upcoming, ...both.past].map((i) => i.id);
    expect(new Set(bothIds).size).toBe(bothIds.length);
    expect(bothIds.length).toBeGreaterThanOrEqual(ids.length);

    await goOffline(kit.sb, kit.made);
    const saved = await call(kit.made, 'contacts:history', { phones: [patient.normalized_phone], emails: [] });
    expect(saved).toEqual({ ...history, source: 'cache' });
    await goOnline(kit.sb, kit.made);
  });

  it('shows the patient’s bookings', async () => {
    const { body } = await ownerGet<{ bookings: { phone: string; id: number }[] }>(kit.sb, '/v1/bookings', {
      page_size: 100,
    });
    const booked = body.bookings.find((b) => b.phone)!;
    const history = await call(kit.made, 'contacts:history', { phones: [booked.phone], emails: [] });
    expect(history.bookings.map((b) => b.id)).toContain(booked.id);
  });
});

describe('bookings list', () => {
  it('lists recent bookings newest first, a page at a time, filtered by state, and from the saved copy offline', async () => {
    const { body } = await ownerGet<{ bookings: { id: number; state: string }[] }>(kit.sb, '/v1/bookings', {
      page_size: 100,
    });
    const first = await call(kit.made, 'bookings:list', { page: 1 });
    expect(first.items.length).toBe(Math.min(25, body.bookings.length));
    const created = first.items.map((b) => Date.parse(b.createdAt!));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const all = [...first.items];
    for (let page = 2, more = first.more; more; page++) {
      const next = await call(kit.made, 'bookings:list', { page });
      all.push(...next.items);
      more = next.more;
    }
    expect(all.map((b) => b.id).sort()).toEqual(body.bookings.map((b) => b.id).sort());
    const booked = await call(kit.made, 'bookings:list', { page: 1, state: 'booked' });
    expect(booked.items.every((b) => b.state === 'booked')).toBe(true);
    expect(booked.items.length).toBe(Math.min(25, body.bookings.filter((b) => b.state === 'complete').length));

    // Phones read as contacts show them: national format for the practice's own country (learned from contacts).
    await call(kit.made, 'contacts:search', { query: '' });
    const phones = (await call(kit.made, 'bookings:list', { page: 1 })).items.map((b) => b.phone).filter(Boolean);
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);

    await goOffline(kit.sb, kit.made);
    const saved = await call(kit.made, 'bookings:list', { page: 1 });
    expect(saved).toMatchObject({ items: first.items, more: first.more, source: 'cache' });
    await goOnline(kit.sb, kit.made);
  });
});
