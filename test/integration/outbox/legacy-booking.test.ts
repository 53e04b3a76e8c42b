/**
 * Bookings stored in an older format, still in the log when the app is updated, are read from disk by this version
 * and sent exactly once against the sandbox. Version 0 stored the book_now request body, not the form's input: Edit
 * opens it in the form, and its answer lost on the way, it is found among the bookings instead of being booked twice.
 * Version 1 without its version beside it is what the log held before payloads carried one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../support/auth-fixture';
import { useSandbox } from '../../support/bootstrap';
import { makeCore, tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import type { Json } from './helpers';
import { rewriteStoredOps, unversioned } from '../../support/stored-outbox';

const PAGE = 'lakeside-dental-cleaning';
const OWNER = 'owner@frontdesk.test';
const caller = { url: 'app://frontdesk', isMainFrame: true };

const kit = useSandbox({ seed: 1 });
const dir = tempDir('legacy-booking-');
const today = tempDir('today-booking-');

afterAll(() => {
  dir.cleanup();
  today.cleanup();
});

/** GET as the owner with its API key (not through the app). */
async function ownerGet(path: string): Promise<Json> {
  const owner = kit.sb.users.find((u) => u.email === OWNER)!;
  const res = await fetch(`${kit.sb.url}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('a booking stored in an older format', () => {
  it('version 0 (the request body) opens in the form and is sent exactly once', async () => {
    const begin = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const { slots } = await ownerGet(`/v1/availability?booking_page=${PAGE}&begin=${begin}&end=${end}`);
    const slot = slots[0] as { time: string; start_time: string };

    // Offline: the booking is queued and the app quits; then its op is put back as version 0 stored it (the request
    // body it would send, without a version).
    const old = makeCore(kit.sb.url, { dataDir: dir.dir });
    await old.core.start();
    await signInAs(old, OWNER);
    await kit.admin().faults({ offline: true });
    await waitFor(() => old.core.connectivity.current().state === 'offline', { what: 'offline' });
    const input = {
      page: PAGE,
      appointmentType: 'cleaning',
      time: slot.time,
      startsAt: slot.start_time,
      provider: 1003,
      name: 'Olive Oldversion',
      phone: '(312) 555-0166',
      email: '',
      fieldData: {},
    };
    const queued = await old.core.outbox.get().enqueue('booking.book_now', input, { startsAt: slot.start_time });
    expect(queued.status).toBe('queued');
    await old.core.stop();
    const body = {
      booking_page: PAGE,
      time: slot.time,
      appointment_type_token: 'cleaning',
      name: 'Olive Oldversion',
      phone_number: '(312) 555-0166',
      calendar_id: 1003,
    };
    await rewriteStoredOps(dir.dir, old.platform, (op) => ({ ...unversioned(op), payload: body }));

    // This version, on the same data folder: the op comes from the log.
    const now = makeCore(kit.sb.url, { dataDir: dir.dir });
    await now.core.start();
    try {
      await waitFor(() => now.core.auth.status().state === 'signed_in', { what: 'the saved sign-in' });
      expect(await now.core.dispatch('bookings:draft', { id: queued.id }, caller)).toEqual({
        ok: true,
        value: {
          page: PAGE,
          appointmentType: 'cleaning',
          time: slot.time,
          startsAt: new Date(slot.start_time).toISOString(),
          provider: 1003,
          name: 'Olive Oldversion',
          phone: '(312) 555-0166',
          email: '',
          fieldData: {},
        },
      });

      // Back online, and the first answer is lost after the booking was made.
      await kit.admin().faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/book_now'] });
      const done = await waitFor(
        () => {
          const op = now.core.outbox.get().get(queued.id);
          return op?.status === 'done' ? op : null;
        },
        { what: 'the old booking sent', timeoutMs: 30_000 },
      );
      expect(done.result?.reconciled).toBe(true);
      const stats = await kit.admin().stats();
      expect(stats.requests['POST /v1/book_now']).toEqual({ reset: 1 });
      const { bookings } = await ownerGet(`/v1/bookings?booking_page=${PAGE}&page_size=1000`);
      const made = (bookings as Json[]).filter((b) => b.name === 'Olive Oldversion');
      expect(made.map((b) => [b.id, b.start_time, b.state !== 'failed'])).toEqual([
        [done.result?.id, new Date(slot.start_time).toISOString().replace('.000Z', 'Z'), true],
      ]);
    } finally {
      await kit.admin().clearFaults();
      await now.core.stop();
    }
  }, 60_000);

  it("today's version 1, stored without its version, is sent exactly once after the update", async () => {
    const begin = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const { slots } = await ownerGet(`/v1/availability?booking_page=${PAGE}&begin=${begin}&end=${end}`);
    const slot = slots.at(-1) as { time: string; start_time: string };

    const before = makeCore(kit.sb.url, { dataDir: today.dir });
    await before.core.start();
    await signInAs(before, OWNER);
    await kit.admin().faults({ offline: true });
    await waitFor(() => before.core.connectivity.current().state === 'offline', { what: 'offline' });
    const input = {
      page: PAGE,
      time: slot.time,
      startsAt: slot.start_time,
      name: 'Tess Todayformat',
      phone: '(312) 555-0177',
      email: '',
      fieldData: {},
    };
    const queued = await before.core.outbox.get().enqueue('booking.book_now', input, { startsAt: slot.start_time });
    await before.core.stop();
    await rewriteStoredOps(today.dir, before.platform, unversioned);

    const after = makeCore(kit.sb.url, { dataDir: today.dir });
    await after.core.start();
    try {
      await waitFor(() => after.core.auth.status().state === 'signed_in', { what: 'the saved sign-in' });
      expect(await after.core.dispatch('bookings:draft', { id: queued.id }, caller)).toEqual({
        ok: true,
        value: { ...input, startsAt: slot.start_time },
      });
      await kit.admin().clearFaults();
      const done = await waitFor(
        () => {
          const op = after.core.outbox.get().get(queued.id);
          return op?.status === 'done' ? op : null;
        },
        { what: 'the booking sent', timeoutMs: 30_000 },
      );
      expect(after.core.outbox.get().keptAside()).toBeNull();
      const { bookings } = await ownerGet(`/v1/bookings?booking_page=${PAGE}&page_size=1000`);
      const made = (bookings as Json[]).filter((b) => b.name === 'Tess Todayformat');
      expect(made.map((b) => [b.id, b.state !== 'failed'])).toEqual([[done.result?.id, true]]);
    } finally {
      await kit.admin().clearFaults();
      await after.core.stop();
    }
  }, 60_000);
});
