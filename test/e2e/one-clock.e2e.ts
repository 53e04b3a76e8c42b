/**
 * One clock: a booking on the Denver satellite page reads the same time, named "MST" (or "MDT"), on every screen
 * that shows it — the booking result, the Bookings row, the Outbox row, Find a patient, the contact's history, the
 * schedule's block and details — and the satellite's column names its zone. The receptionist's computer is in
 * Chicago, the practice's zone, so nothing else is labelled. Screenshots of the schedule, Bookings, the contact and
 * Find a patient in both themes at both sizes go to test-results/screenshots/one-clock-*.
 */
import { describe, expect, it } from 'vitest';
import type { FrontdeskPage } from './support/driver';
import { appointmentsNamed, openSized, reveal, shot, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

const NAME = 'Dana Oneclock';
const PHONE = '(303) 555-0177';

/** Both sizes and both themes of the screen as it is now. */
async function looks(app: FrontdeskPage, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const)
    for (const dark of [false, true]) {
      await app.page.setViewportSize({ width, height });
      await app.page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await shot(app, `one-clock-${name}-${width}x${height}-${dark ? 'dark' : 'light'}`);
      if (name === 'schedule') expect(await zoneClipped(app), `the column's zone at ${width}×${height}`).toBe(false);
    }
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await app.page.emulateMedia({ colorScheme: 'light' });
}

/** Whether the satellite column's zone label is cut off (its head is narrow at 1024×700). */
function zoneClipped(app: FrontdeskPage): Promise<boolean> {
  return app.page
    .getByTestId('column-head')
    .filter({ hasText: 'Satellite' })
    .evaluate((head) => {
      const zone = head.querySelector('[data-testid="column-zone"]');
      if (!zone) return true;
      const [h, z] = [head.getBoundingClientRect(), zone.getBoundingClientRect()];
      return z.width === 0 || z.right > h.right - parseFloat(getComputedStyle(head).paddingRight) + 0.5;
    });
}

describe('one clock on every screen', () => {
  it('shows the Denver booking at one time, labelled, wherever it is shown', async () => {
    const app = await openSized(stack, { timezoneId: 'America/Chicago' });
    const page = app.page;
    await signedInSchedule(app);

    // Book the satellite page's first free time.
    await app.go('Book appointment');
    const form = page.getByTestId('booking');
    await form.getByLabel('Booking page').selectOption('lakeside-dental-satellite');
    await form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first().click();
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Phone', { exact: true }).fill(PHONE);
    await app.pressBook();
    const result = await app.bookingResult('done');
    const told = /(\w{3} \d{1,2} \w{3} \d{4}), (\d{1,2}:\d{2}\s[AP]M) (M[SD]T)/.exec(result);
    expect(told, `the result names Denver's clock: ${result}`).not.toBeNull();
    const [, day, clock, zone] = told!;
    const labelled = `${clock} ${zone}`;
    const whole = `${day}, ${labelled}`;

    // The Bookings row.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: /^Bookings/ })
      .click();
    const row = page.getByTestId('booking-row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain(whole);
    await looks(app, 'bookings');

    // The Outbox row of the booking.
    await app.go('Outbox');
    const change = page.getByTestId('outbox-row').filter({ hasText: NAME });
    await change.waitFor();
    expect((await change.innerText()).replace(/\s+/g, ' ')).toContain(labelled);

    // Find a patient: the next appointment.
    await page.keyboard.press('Control+k');
    const finder = page.getByRole('dialog', { name: 'Find a patient' });
    await finder.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill(NAME);
    const match = finder.getByRole('option', { name: new RegExp(NAME) });
    await match.waitFor();
    await expect.poll(() => match.innerText(), { timeout: 10_000 }).toContain(`Next: ${whole}`);
    await looks(app, 'find-a-patient');

    // The contact's history: the appointment and the booking.
    await page.keyboard.press('Enter');
    await finder.waitFor({ state: 'detached' });
    const details = page.getByTestId('contact-details');
    const upcoming = details.getByRole('region', { name: /^Upcoming appointments/ });
    await upcoming.getByRole('button').first().waitFor();
    expect(await upcoming.innerText()).toContain(whole);
    expect(await details.getByRole('region', { name: /^Bookings/ }).innerText()).toContain(whole);
    await looks(app, 'contact');

    // The schedule: the satellite's column names its zone; the block and the details say the same time.
    await upcoming.getByRole('button').first().click();
    const opened = page.getByTestId('appointment-details');
    await opened.waitFor();
    const when = (await opened.innerText()).replace(/\s+/g, ' ');
    expect(when).toContain(`${clock}–`);
    expect(when).toMatch(new RegExp(`–\\d{1,2}:\\d{2}\\s[AP]M ${zone}`));
    await page.keyboard.press('Escape');
    await opened.waitFor({ state: 'detached' });
    const head = page.getByTestId('column-head').filter({ hasText: 'Satellite' });
    expect(await head.getByTestId('column-zone').innerText()).toContain(zone);
    for (const other of await page.getByTestId('column-head').filter({ hasNotText: 'Satellite' }).all())
      expect(await other.getByTestId('column-zone').count(), 'the practice clock is not labelled').toBe(0);
    expect(await reveal(app, NAME)).toBe(true);
    const block = appointmentsNamed(page, NAME);
    expect((await block.textContent())?.replace(/\s+/g, ' ')).toContain(labelled);
    await looks(app, 'schedule');
    expect(app.problems).toEqual([]);
  });
});
