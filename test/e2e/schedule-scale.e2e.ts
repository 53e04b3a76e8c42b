/**
 * A stress day (2,500 appointments over 8 calendars): the grid puts only what is in view in the page (O(visible)),
 * and scrolling brings the rest. Speed itself is measured by `npm run bench`, not here.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { practiceDay } from './support/clock';
import { useStack } from './support/stack';
import { openSized, scheduleSettled, serviceCall, signedInSchedule } from './support/schedule';

const stack = useStack();

/**
 * Appointment blocks in the page, and those of them lying wholly outside the grid's view widened by half an hour
 * each side (the grid keeps a quarter hour, rounded to quarter hours); the focused block is allowed anywhere.
 */
async function blocksOutOfView(page: Page): Promise<{ total: number; outside: string[] }> {
  return page.getByRole('region', { name: 'Day schedule' }).evaluate((scroller) => {
    const margin = scroller.querySelector<HTMLElement>('.grid-body')!.offsetHeight / 24 / 2; // half an hour of the grid
    const head = scroller.querySelector<HTMLElement>('.grid-head')!.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    const top = head.bottom - margin;
    const bottom = box.top + scroller.clientHeight + margin;
    const blocks = [...scroller.querySelectorAll<HTMLElement>('[data-testid="appointment"]')];
    const outside = blocks
      .filter((b) => b !== document.activeElement)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.bottom < top || r.top > bottom;
      })
      .map((b) => b.title.split('\n')[0]!);
    return { total: blocks.length, outside };
  });
}

describe('a stress day', () => {
  it('renders only the appointments in view, and the others when scrolled to', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    // A day two weeks ahead, in the practice's zone (Chicago), 2,500 appointments over 4 seeded + 4 new calendars.
    const day = practiceDay(14);
    const calendars = [{ calendar_id: 1001 }, { calendar_id: 1002 }, { calendar_id: 1003 }, { calendar_id: 1004 }]
      .concat(['Room 5', 'Room 6', 'Room 7', 'Room 8'].map((calendar) => ({ calendar }) as never))
      .map((c) => c as Record<string, unknown>);
    const events = Array.from({ length: 2500 }, (_, i) => {
      const minutes = 6 * 60 + ((i * 7) % (14 * 60));
      const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
      const mm = String(minutes % 60).padStart(2, '0');
      return {
        ...calendars[i % 8],
        title: `Stress ${i}`,
        start_time: `${day}T${hh}:${mm}:00`,
        end_time: `${day}T${hh}:${mm}:00`,
        time_zone: 'America/Chicago',
      };
    });
    for (let i = 0; i < events.length; i += 200)
      await serviceCall(stack, 'POST', '/v1/events', { events: events.slice(i, i + 200) });
    await page.reload();
    await app.waitForAuth('signed_in');
    await scheduleSettled(app);
    await page.getByRole('button', { name: 'Choose a date' }).click();
    await page.getByRole('dialog', { name: 'Choose a date' }).waitFor();
    await page.keyboard.press('Escape');
    // Go there by typing the date (the picker's segments take digits) and Enter.
    const [y, m, d] = day.split('-');
    await page.getByRole('spinbutton', { name: /month/i }).first().click();
    await page.keyboard.type(`${m}${d}${y}`);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="calendar"][data-anchor="${day}"]`).waitFor();
    await scheduleSettled(app);
    await expect.poll(() => page.getByTestId('column-head').count()).toBe(8);
    await page.getByTestId('appointment').first().waitFor();
    const shown = await blocksOutOfView(page);
    expect(shown.total).toBeGreaterThan(0);
    // Scrolled to the working day's start, only the blocks of the minutes in view are in the page (a count, not a
    // time: each block in the page costs style and layout on every day switch and scroll).
    expect(shown.outside).toEqual([]);
    expect(shown.total).toBeLessThan(2500);
    // What each block says (a small one's title is in its name alone).
    const titles = async () =>
      new Set(
        await page
          .getByTestId('appointment')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText)),
      );
    const before = await titles();
    // The focused appointment stays in the page (and focused) when scrolled far away; the others follow the view.
    const focused = page.getByTestId('appointment').first();
    const focusedId = await focused.getAttribute('data-id');
    await focused.focus();
    await page
      .getByRole('region', { name: 'Day schedule' })
      .evaluate((el) => (el.scrollTop = (17 * el.querySelector<HTMLElement>('.grid-body')!.offsetHeight) / 24));
    await expect.poll(async () => [...(await titles())].some((t) => !before.has(t))).toBe(true);
    await expect.poll(async () => (await blocksOutOfView(page)).outside).toEqual([]);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.id)).toBe(focusedId);
  });
});
