/**
 * A device-backed booking settles on screen by itself: booked on the satellite page (a remote SQL calendar), the
 * result first says "Waiting for the office system", then "Booked" once the service says so (the sandbox settles
 * in about 3 s); nothing is clicked in between. The Bookings screen shows the same words and settles the same way.
 */
import { describe, expect, it } from 'vitest';
import { openSized, shot, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

describe('device-backed bookings settle visibly', () => {
  it('goes from "Waiting for the office system" to "Booked" by itself, in the result and on the Bookings screen', async () => {
    const app = await openSized(stack, { timezoneId: 'America/Denver' });
    await signedInSchedule(app);
    await app.go('Book appointment');
    const form = app.page.getByTestId('booking');
    await form.getByLabel('Booking page').selectOption('lakeside-dental-satellite');
    const first = form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first();
    await first.click();
    await form.getByLabel('Name', { exact: true }).fill('Ada Settles');
    await form.getByLabel('Phone', { exact: true }).fill('(312) 555-0155');
    await app.pressBook();
    await app.bookingResult('done');
    const settle = app.page.getByTestId('booking-settle');
    expect(await settle.getAttribute('data-state')).toBe('pending');
    expect(await settle.innerText()).toContain('Waiting for the office system');
    await shot(app, 'booking-settle-waiting');
    await app.page.locator('[data-testid="booking-settle"][data-state="booked"]').waitFor({ timeout: 20_000 });
    expect(await settle.innerText()).toBe('Booked.');
    expect(await app.page.getByTestId('booking-result').innerText()).toContain('Satellite Office');

    // The Bookings screen: already settled, it says so in the same words.
    await app.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: /^Bookings/ })
      .click();
    const row = app.page.locator('[data-testid="booking-row"]', { hasText: 'Ada Settles' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Booked');
  });
});
