/**
 * A booking the service refused resolves: it is shown once, in plain words, with "Choose another time" (the form
 * keeps everything typed) and "Discard"; it leaves no row on the calendar; Retry is not offered (the same request
 * would be refused again); and the red "needs attention" goes away once it is booked at another time or discarded.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { practiceDay } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { appointmentsNamed, openSized, scheduleSettled, serviceCall, shot } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();
let app: FrontdeskPage;

beforeEach(async () => {
  app = await openSized(stack);
  if ((await app.page.getByTestId('app').getAttribute('data-auth')) !== 'signed_in')
    await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
});
afterEach(async () => {
  await app.page.context().close();
});

/** The first free cleaning time two or more days ahead (the one the form lists first on that day). */
async function firstCleaningTime(offsetDays: number): Promise<{ time: string; start_time: string }> {
  // From that day's start in the practice's zone (06:00 UTC is midnight or 1 a.m. there, before it opens), not from
  // this hour of it: the form lists the whole day, so a search from now would miss its morning after 8 a.m. there.
  // The day is counted in calendar days: 24-hour steps land on the same day across the 25-hour day in November.
  const begin = `${practiceDay(offsetDays)}T06:00:00Z`;
  const end = `${practiceDay(offsetDays + 10)}T06:00:00Z`;
  const { slots } = await serviceCall<{ slots: { time: string; start_time: string }[] }>(
    stack,
    'GET',
    `/v1/availability?booking_page=lakeside-dental-cleaning&begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}`,
  );
  if (!slots[0]) throw new Error('no free cleaning time');
  return slots[0];
}

/** Fills the cleaning form for that time, lets someone else take it, and presses Book: the service refuses. */
async function refusedBooking(name: string, phone: string, offsetDays: number): Promise<string> {
  const slot = await firstCleaningTime(offsetDays);
  const day = slot.time.slice(0, 10);
  await app.fillCleaning(day, { name, phone });
  await serviceCall(stack, 'POST', '/v1/book_now', {
    booking_page: 'lakeside-dental-cleaning',
    time: slot.time,
    name: 'Walk-in',
    phone_number: '+13125550100',
  });
  await app.pressBook();
  return day;
}

describe('a refused booking resolves', () => {
  it('is shown once with Choose another time and Discard, leaves no ghost, offers no Retry, and clears when booked again', async () => {
    const day = await refusedBooking('Priya Raman', '+1 312 555 0119', 2);
    const text = await app.bookingResult('needs_attention');
    expect(text).toContain('Not booked. That time is no longer available');
    const result = app.page.getByTestId('booking-result');
    // Besides the nearest free times (one click each), only these two: no Retry, no "Book another".
    const actions = (await result.getByRole('button').allInnerTexts()).filter((t) => !t.startsWith('Book '));
    expect(actions).toEqual(['Choose another time', 'Discard']);
    expect(await app.page.getByTestId('queue-status').innerText()).toContain('1 needs attention');
    await shot(app, 'booking-refused');

    // The Outbox has it once, without a Retry that cannot help.
    await app.go('Outbox');
    const row = app.page.locator('[data-testid="outbox-row"][data-status="needs_attention"]');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('button').allInnerTexts()).toEqual(['Choose another time', 'Discard']);

    // No ghost on the calendar: the refused time holds nothing.
    await app.go('Calendar');
    await scheduleSettled(app);
    const steps = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${practiceDay()}T12:00:00Z`)) / 86_400_000);
    for (let i = 0; i < steps; i++) {
      await app.page.getByRole('button', { name: 'Next day' }).click();
      await scheduleSettled(app);
    }
    expect(await appointmentsNamed(app.page, 'Priya Raman').count()).toBe(0);
    expect(await app.page.locator('[data-pending="needs_attention"]').count()).toBe(0);

    // Choose another time: the form keeps what was typed; another time books it, and the red state goes.
    await app.go('Book appointment');
    await app.page.getByTestId('booking-result').getByRole('button', { name: 'Choose another time' }).click();
    const form = app.page.getByTestId('booking');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Priya Raman');
    await form.locator('.slot').first().click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect(await app.bookingResult('done')).toContain('Priya Raman');
    await app.page.getByTestId('queue-status').waitFor({ state: 'detached' });
    const { bookings } = await serviceCall<{ bookings: { name: string; state: string }[] }>(
      stack,
      'GET',
      '/v1/bookings?booking_page=lakeside-dental-cleaning&page_size=100',
    );
    expect(bookings.filter((b) => b.name === 'Priya Raman').map((b) => b.state)).toEqual(['failed', 'complete']);
  });

  it('Discard drops it: nothing waits, nothing is red, and a new booking starts', async () => {
    await refusedBooking('Omar Haddad', '+1 312 555 0177', 3);
    await app.bookingResult('needs_attention');
    await app.page.getByTestId('booking-result').getByRole('button', { name: 'Discard' }).click();
    await app.page.getByTestId('booking-result').waitFor({ state: 'detached' });
    await app.page.getByTestId('queue-status').waitFor({ state: 'detached' });
    expect(await app.page.getByTestId('booking').getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await app.go('Outbox');
    await app.page.getByTestId('outbox').waitFor();
    expect(await app.page.locator('[data-testid="outbox-row"][data-status="needs_attention"]').count()).toBe(0);
  });
});
