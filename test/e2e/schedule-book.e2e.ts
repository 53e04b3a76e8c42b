/**
 * Booking a caller from the schedule: a click on a free time of a provider's column offers "New appointment" and
 * "Book for a caller"; the latter opens Book appointment on the booking page serving that calendar, on that day, with
 * that time chosen — and Book makes it at the service at exactly that time.
 */
import { describe, expect, it } from 'vitest';
import { practiceDay, practiceNow } from './support/clock';
import { openSized, scheduleSettled, serviceCall, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

interface Slot {
  time: string;
  start_time: string;
}

/** A free time of the cleaning page (the Hygiene calendar) two or more days ahead, at 9:00 or later. */
async function freeCleaningTime(): Promise<Slot> {
  const begin = new Date(practiceNow() + 2 * 86_400_000).toISOString();
  const end = new Date(practiceNow() + 12 * 86_400_000).toISOString();
  const { slots } = await serviceCall<{ slots: Slot[] }>(
    stack,
    'GET',
    `/v1/availability?booking_page=lakeside-dental-cleaning&begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}`,
  );
  const slot = slots.find((s) => Number(s.time.slice(11, 13)) >= 9);
  if (!slot) throw new Error('no free cleaning time in the next days');
  return slot;
}

describe('book from the schedule', () => {
  it('a free time of a column offers "Book for a caller": the form opens on that page, day and time, and books it', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const slot = await freeCleaningTime();
    const day = slot.time.slice(0, 10);
    // Forward to that day, one day at a time (the practice's days).
    const today = practiceDay();
    const steps = Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
    for (let i = 0; i < steps; i++) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await scheduleSettled(app);
    }
    const minutes = Number(slot.time.slice(11, 13)) * 60 + Number(slot.time.slice(14, 16));
    // An hour of the grid, read from its own hour lines.
    const hourPx = await page.locator('.grid-line').evaluateAll((lines) => {
      const tops = [...new Set(lines.map((l) => Math.round(l.getBoundingClientRect().top)))].sort((a, b) => a - b);
      return tops[1]! - tops[0]!;
    });
    await page.getByRole('region', { name: 'Day schedule' }).evaluate(
      (el, { m, px }) => {
        el.scrollTop = (m / 60 - 1) * px;
      },
      { m: minutes, px: hourPx },
    );
    await page.getByRole('group', { name: 'Hygiene' }).click({ position: { x: 20, y: (minutes / 60) * hourPx + 4 } });
    const menu = page.getByRole('menu', { name: /, Hygiene$/ });
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['New appointment', 'Book for a caller']);
    await menu.getByRole('menuitem', { name: 'Book for a caller' }).click();

    const form = page.getByTestId('booking');
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Booking page').inputValue()).toBe('lakeside-dental-cleaning');
    expect(await form.getByLabel('Day').inputValue()).toBe(day);
    const chosen = form.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio', { checked: true });
    await chosen.waitFor({ state: 'attached' });
    expect(await chosen.count()).toBe(1);
    expect(await form.getByTestId('wanted-time').count()).toBe(0);

    await form.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('Phone', { exact: true }).fill('(312) 555-0106');
    await app.pressBook();
    await app.bookingResult('done');
    const { bookings } = await serviceCall<{ bookings: { name: string; start_time: string }[] }>(
      stack,
      'GET',
      '/v1/bookings?booking_page=lakeside-dental-cleaning&page_size=100',
    );
    const made = bookings.filter((b) => b.name === 'Grace Hopper');
    expect(made).toHaveLength(1);
    expect(Date.parse(made[0]!.start_time)).toBe(Date.parse(slot.start_time));
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
