/**
 * A device-backed booking settles on the schedule by itself: two callers booked on the satellite
 * page (a remote SQL calendar) show on the day as "Waiting for the office system"; with nothing clicked, one becomes
 * "Booked" and the other — refused by the practice's calendar system at settle — "Not booked" with the reason,
 * struck through. Its details say why and offer Dismiss, which takes it off the schedule, all from the keyboard.
 * Each state is screenshotted in light and dark at 1280×800 and 1024×700, run through axe and the plain-words scan.
 * The sandbox keeps the bookings pending 30 s, so the waiting state is seen whatever the machine's load.
 */
import { describe, expect, it } from 'vitest';
import type { FrontdeskPage } from './support/driver';
import {
  appointmentsNamed,
  blockSays,
  everyLook as looks,
  openSized,
  reveal,
  scheduleSettled,
  signedInSchedule,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack({ deviceSettleMs: 30_000 });

/** Books the satellite page's first free time for a caller; the result says it waits for the office system. */
async function bookSatellite(app: FrontdeskPage, name: string, phone: string): Promise<void> {
  await app.go('Book appointment');
  const again = app.page.getByRole('button', { name: 'Book another appointment' });
  if (await again.count()) await again.click();
  const form = app.page.getByTestId('booking');
  await form.getByLabel('Booking page').selectOption('lakeside-dental-satellite');
  const first = form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first();
  await first.waitFor();
  await first.click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await app.pressBook();
  await app.bookingResult('done');
  expect(await app.page.getByTestId('booking-settle').getAttribute('data-state')).toBe('pending');
}

/** Shows the day holding `name`'s appointment (at most a week ahead). */
async function dayOf(app: FrontdeskPage, name: string): Promise<void> {
  await app.go('Calendar');
  for (let i = 0; i < 8; i++) {
    await scheduleSettled(app);
    if (await reveal(app, name)) return;
    await app.page.getByRole('button', { name: 'Next day' }).click();
  }
  throw new Error(`${name}'s appointment is not on the schedule within a week`);
}

/** Screenshots, axe and plain words in both themes at both sizes; returns every problem found. */
const everyLook = (app: FrontdeskPage, name: string) => looks(app, `booking-settle-${name}`);

describe('a device-backed booking on the schedule', () => {
  let app: FrontdeskPage;
  const ada = () => appointmentsNamed(app.page, 'Ada Settles');
  const bo = () => appointmentsNamed(app.page, 'Bo Refused');
  const inState = (block: ReturnType<typeof ada>, state: string) =>
    block.and(app.page.locator(`[data-booking="${state}"]`));

  it('shows two satellite bookings as "Waiting for the office system"', async () => {
    app = await openSized(stack);
    await signedInSchedule(app);
    await bookSatellite(app, 'Ada Settles', '(303) 555-0155');
    // The office system will refuse the next one when it settles.
    const refusal = await fetch(`${stack.sandbox.url}/__sandbox/device-refusals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(refusal.status).toBe(200);
    await bookSatellite(app, 'Bo Refused', '(303) 555-0156');

    await dayOf(app, 'Ada Settles');
    await inState(ada(), 'pending').waitFor();
    await inState(bo(), 'pending').waitFor();
    expect(await blockSays(ada())).toContain('Waiting for the office');
    expect(await ada().getAttribute('title')).toContain('Waiting for the office system');
    expect(await everyLook(app, 'waiting')).toEqual([]);
  });

  it('moves them to "Booked" and "Not booked" by itself, in the Day and Agenda views', async () => {
    // Nothing is clicked: core's word moves both.
    await inState(ada(), 'booked').waitFor({ timeout: 45_000 });
    await inState(bo(), 'failed').waitFor({ timeout: 5_000 });
    expect(await blockSays(ada())).toContain('Booked');
    expect(await blockSays(bo())).toContain('Not booked');
    expect(await bo().getAttribute('title')).toContain('Not booked — the practice’s calendar system did not accept it');
    expect(await everyLook(app, 'settled')).toEqual([]);

    await app.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }).click();
    await scheduleSettled(app);
    expect(await bo().getAttribute('data-booking')).toBe('failed');
    expect(await blockSays(bo())).toContain('Not booked');
    expect(await blockSays(ada())).toContain('Booked');
    await app.page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Day' }).click();
    await scheduleSettled(app);
    expect(await reveal(app, 'Bo Refused')).toBe(true);
  });

  it('from the keyboard: the refused one’s details say why, and Dismiss takes it off the schedule', async () => {
    await inState(bo(), 'failed').focus();
    await app.page.keyboard.press('Enter');
    const details = app.page.getByTestId('appointment-details');
    await details.waitFor();
    const note = details.getByTestId('booking-note');
    expect(await note.getAttribute('data-state')).toBe('failed');
    expect(await note.innerText()).toContain('Not booked — the practice’s calendar system did not accept it');
    expect(await everyLook(app, 'refused-details')).toEqual([]);
    for (let i = 0; i < 12; i++) {
      const focused = await app.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (focused === 'Dismiss') break;
      await app.page.keyboard.press('Tab');
    }
    await app.page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    await bo().waitFor({ state: 'detached' });
    expect(await ada().getAttribute('data-booking')).toBe('booked');
  });
});
