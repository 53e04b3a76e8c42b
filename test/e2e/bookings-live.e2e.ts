/**
 * The Bookings screen open in one window shows a booking made in another at once: nothing is clicked there and the
 * screen is not opened again (the booking is sent through the outbox; the open screen reads the list anew).
 */
import { describe, expect, it } from 'vitest';
import { openSized, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

describe('the Bookings screen', () => {
  it('lists a booking made in another window while it is open', async () => {
    const desk = await openSized(stack);
    await signedInSchedule(desk);
    const list = await openSized(stack);
    await signedInSchedule(list);
    await list.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: /^Bookings/ })
      .click();
    await list.page.locator('[data-testid="bookings"][data-loading="false"]').waitFor();

    await desk.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: /^Book appointment/ })
      .click();
    const form = desk.page.getByTestId('booking');
    await form.getByLabel('Booking page').selectOption('lakeside-dental-cleaning');
    await form.locator('.slot').first().click();
    await form.getByLabel('Name', { exact: true }).fill('Ines Elsewhere');
    await form.getByLabel('Phone', { exact: true }).fill('+13125550161');
    await form.getByRole('button', { name: 'Book' }).click();
    await desk.page.locator('[data-testid="booking-result"][data-status="done"]').waitFor({ timeout: 30_000 });

    await expect
      .poll(() => list.page.getByTestId('booking-row').filter({ hasText: 'Ines Elsewhere' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
  });
});
