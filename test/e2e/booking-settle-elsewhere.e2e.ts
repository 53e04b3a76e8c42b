/**
 * A device-backed booking made elsewhere (another workstation, or this one before a restart or a sign-in) settles on
 * the schedule by itself too: it is booked at the service before this app signs in; after sign-in
 * its appointment shows "Waiting for the office system" and, with nothing clicked, becomes "Booked". No screen asks
 * about it: core picks it up with the read-ahead. Screenshot, axe and plain words on the waiting state.
 */
import { describe, expect, it } from 'vitest';
import { plainWordsProblems } from './support/plain-words';
import {
  appointmentsNamed,
  axeProblems,
  blockSays,
  openSized,
  reveal,
  scheduleSettled,
  shot,
  signedInSchedule,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack({ deviceSettleMs: 30_000 });
const PAGE = 'lakeside-dental-satellite';

/** A call to the service as the owner with its API key (the other workstation, not this app). */
async function asOwner(path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const owner = stack.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('a device-backed booking made elsewhere', () => {
  it('shows "Waiting for the office system" after sign-in, then "Booked" by itself', async () => {
    const free = await asOwner(`/v1/availability?booking_page=${PAGE}`);
    const slot = (free.json.slots as { time: string }[])[0]!;
    const booked = await asOwner('/v1/book_now', {
      booking_page: PAGE,
      time: slot.time,
      name: 'Cleo Elsewhere',
      phone_number: '3035550177',
    });
    expect(booked.status).toBe(200);
    expect((booked.json.booking as { state: string }).state).toMatch(/^pending_device_update/);

    const app = await openSized(stack);
    await signedInSchedule(app);
    // The Agenda lists the next seven days; it keeps only the rows in view, so it is scrolled down to the booking
    // (late in the day the first free time is the next day's, further down).
    await app.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }).click();
    await scheduleSettled(app);
    expect(await reveal(app, 'Cleo Elsewhere')).toBe(true);
    const cleo = appointmentsNamed(app.page, 'Cleo Elsewhere');
    await cleo.and(app.page.locator('[data-booking="pending"]')).waitFor({ timeout: 20_000 });
    expect(await blockSays(cleo)).toContain('Waiting for the office');
    await shot(app, 'booking-settle-elsewhere-waiting-1280x800-light');
    expect(await axeProblems(app)).toEqual([]);
    expect(await plainWordsProblems(app.page, 'elsewhere-waiting')).toEqual([]);

    // Nothing is clicked: core's word moves it.
    await cleo.and(app.page.locator('[data-booking="booked"]')).waitFor({ timeout: 45_000 });
    expect(await blockSays(cleo)).toContain('Booked');
  });
});
