/** A returning patient's earlier answers (bookings:answers), on the real sandbox: latest per question, and offline. */
import { afterEach, describe, expect, it } from 'vitest';
import { call, goOffline, goOnline, ownerGet, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 60, events: 400 } });
afterEach(async () => {
  await kit.admin().clearFaults();
});

type Booking = { id: number; created_at: string; phone: string; field_data: Record<string, string | number | boolean> };

describe('known answers', () => {
  it('reads each question’s latest answer from the person’s bookings, and the kept copy offline in any phone format', async () => {
    const { body } = await ownerGet<{ bookings: Booking[] }>(kit.sb, '/v1/bookings', { page_size: 200 });
    const booked = body.bookings.find((b) => b.phone && b.field_data.zip !== undefined);
    if (!booked) throw new Error('no seeded booking with a ZIP code');
    const theirs = body.bookings
      .filter((b) => b.phone === booked.phone)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
    const expected = Object.assign({}, ...theirs.map((b) => b.field_data)) as Record<string, unknown>;

    const online = await call(kit.made, 'bookings:answers', { phones: [booked.phone], emails: [] });
    expect(online).toMatchObject({ source: 'service', answers: expected });
    // The same instant (a varied service may write it with another offset: test/sandbox/vary.ts).
    expect(Date.parse(online.from ?? '')).toBe(
      Date.parse(theirs.filter((b) => Object.keys(b.field_data).length > 0).at(-1)!.created_at),
    );

    await goOffline(kit.sb, kit.made);
    const d = booked.phone.slice(2);
    const typed = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    const offline = await call(kit.made, 'bookings:answers', { phones: [typed], emails: [] });
    expect(offline).toMatchObject({ source: 'cache', answers: expected });
    await goOnline(kit.sb, kit.made);
  });

  it('knows nothing of a new caller', async () => {
    const none = await call(kit.made, 'bookings:answers', { phones: ['+13125550999'], emails: ['new@example.com'] });
    expect(none).toMatchObject({ source: 'service', answers: {}, from: null });
  });
});
