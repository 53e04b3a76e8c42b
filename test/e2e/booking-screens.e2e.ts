/**
 * Every booking screen and notice, in light and dark at 1280×800 and 1024×700: the form with providers and free
 * times, a refused booking's result, and the Bookings screen's red "could not be read" notice with its "Try again"
 * link. Each is screenshotted into test-results/screenshots/ and passes axe (no serious or critical finding, colour
 * contrast included), and the form does not overflow the window sideways at 1024 px.
 */
import { describe, expect, it } from 'vitest';
import { axeProblems, faults, openSized, serviceCall, shot, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

describe('booking screens: contrast and layout', () => {
  it.each([
    [1280, 800, false],
    [1280, 800, true],
    [1024, 700, false],
    [1024, 700, true],
  ])('pass axe and hold their layout at %i×%i (dark: %s)', async (width, height, dark) => {
    const app = await openSized(stack, { width, height, dark });
    await signedInSchedule(app);
    const tag = `${width}x${height}-${dark ? 'dark' : 'light'}`;
    const problems: string[] = [];
    const check = async (name: string) => {
      await shot(app, `booking-${name}-${tag}`);
      problems.push(...(await axeProblems(app)).map((p) => `${name}: ${p}`));
      const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
    };

    // The form, with the provider choice and free times.
    await app.go('Book appointment');
    const form = app.page.getByTestId('booking');
    if (await app.page.getByRole('button', { name: 'Book another appointment' }).count())
      await app.page.getByRole('button', { name: 'Book another appointment' }).click();
    await form.getByLabel('Booking page').selectOption('lakeside-dental-cleaning');
    const first = form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first();
    await first.waitFor();
    await first.click();
    await check('form');

    // A refused booking: someone else takes the time first.
    await form.getByLabel('Name', { exact: true }).fill(`Refused ${tag}`);
    await form.getByLabel('Phone', { exact: true }).fill('(312) 555-0131');
    const chosen = await form.getByRole('radio', { checked: true }).first().getAttribute('value');
    await serviceCall(stack, 'POST', '/v1/book_now', {
      booking_page: 'lakeside-dental-cleaning',
      time: chosen, // the free time's start with its offset, which book_now honours
      name: 'Walk-in',
      phone_number: '+13125550100',
    });
    await app.pressBook();
    await app.bookingResult('needs_attention');
    await check('refused');
    await app.page.getByTestId('booking-result').getByRole('button', { name: 'Discard' }).click();
    await app.page.getByTestId('booking-result').waitFor({ state: 'detached' });

    // The Bookings screen when bookings cannot be read: a red notice with "Try again".
    await faults(stack, { offline: true, routes: ['/v1/bookings'] });
    try {
      await app.page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('button', { name: /^Bookings/ })
        .click();
      await app.page.getByRole('button', { name: 'Try again' }).waitFor();
      await check('bookings-error');
    } finally {
      await faults(stack, null);
    }
    expect(problems).toEqual([]);
    await app.page.context().close();
  });
});
