/**
 * A booking queued by app 0.1.0 stored the book_now request body, not the form's input. One still in the log when
 * the app is updated is read from disk by this version: Edit opens it in the form, and it is sent exactly once (its
 * answer lost on the way, it is found among the bookings instead of being booked twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { admin, signInAs } from '../../support/auth-fixture';
import { makeCore, tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import type { Json } from './helpers';

const PAGE = 'lakeside-dental-cleaning';
const OWNER = 'owner@frontdesk.test';
const caller = { url: 'app://frontdesk', isMainFrame: true };

let sandbox: Sandbox;
const dir = tempDir('legacy-booking-');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 1 });
});
afterAll(async () => {
  await sandbox.close();
  dir.cleanup();
});

/** GET as the owner with its API key (not through the app). */
async function ownerGet(path: string): Promise<Json> {
  const owner = sandbox.users.find((u) => u.email === OWNER)!;
  const res = await fetch(`${sandbox.url}${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('a booking queued by app 0.1.0', () => {
  it('opens in the form and is sent exactly once after the update', async () => {
    const begin = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const { slots } = await ownerGet(`/v1/availability?booking_page=${PAGE}&begin=${begin}&end=${end}`);
    const slot = slots[0] as { time: string; start_time: string };

    // App 0.1.0, offline: the booking is queued as the request body it would send, and the app quits.
    const old = makeCore(sandbox.url, { dataDir: dir.dir });
    await old.core.start();
    await signInAs(old, OWNER);
    await admin(sandbox).faults({ offline: true });
    await waitFor(() => old.core.connectivity.current().state === 'offline', { what: 'offline' });
    const body = {
      booking_page: PAGE,
      time: slot.time,
      appointment_type_token: 'cleaning',
      name: 'Olive Oldversion',
      phone_number: '(312) 555-0166',
      calendar_id: 1003,
    };
    const queued = await old.core.outbox.get().enqueue('booking.book_now', body, { startsAt: slot.start_time });
    expect(queued.status).toBe('queued');
    await old.core.stop();

    // This version, on the same data folder: the op comes from the log.
    const now = makeCore(sandbox.url, { dataDir: dir.dir });
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
      await admin(sandbox).faults({ resetRate: 1, resetAfterApply: true, routes: ['/v1/book_now'] });
      const done = await waitFor(
        () => {
          const op = now.core.outbox.get().get(queued.id);
          return op?.status === 'done' ? op : null;
        },
        { what: 'the old booking sent', timeoutMs: 30_000 },
      );
      expect(done.result?.reconciled).toBe(true);
      const stats = await admin(sandbox).stats();
      expect(stats.requests['POST /v1/book_now']).toEqual({ reset: 1 });
      const { bookings } = await ownerGet(`/v1/bookings?booking_page=${PAGE}&page_size=1000`);
      const made = (bookings as Json[]).filter((b) => b.name === 'Olive Oldversion');
      expect(made.map((b) => [b.id, b.start_time, b.state !== 'failed'])).toEqual([
        [done.result?.id, new Date(slot.start_time).toISOString().replace('.000Z', 'Z'), true],
      ]);
    } finally {
      await admin(sandbox).clearFaults();
      await now.core.stop();
    }
  }, 60_000);
});
