/**
 * Recurring visits through the browser host: an 8-week series whose third date clashes (another desk booked that
 * hour) is checked, the clash skipped, and saved while the service cannot be reached; its visits show at once,
 * waiting; "this and following" is moved from the second visit, offline too; when the service is back, answers to
 * the writes are lost after it applied them, and still every visit lands once, the later ones at the new time. The
 * patient's page then lists the series, each visit its place, and "all" cancels every visit as one unit. The
 * Repeat part and the scope choice are looked at in light and dark at both sizes, with axe. (A kill -9 in the middle
 * of a series is test/integration/outbox/series.test.ts: the host here runs in the test's own process.)
 */
import { describe, expect, it } from 'vitest';
import { isoInZone, wallClock, wallTimeToInstant } from '../../common/practice-time';
import { practiceDay } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';
import { everyLook, faults, openSized, reveal, serviceCall, signedInSchedule } from './support/schedule';

const stack = useStack();
const TITLE = 'Physio - Rowan Repeat';
const ZONE = 'America/Chicago';

interface ServiceEvent {
  id: number;
  title: string;
  start_time: string;
  external_id?: string | null;
  is_deleted?: boolean;
  custom_data?: Record<string, string>;
}

/** Days from today to the first Tuesday at least two days ahead. */
function daysToTuesday(): number {
  for (let d = 2; ; d++) if (new Date(`${practiceDay(d)}T12:00:00Z`).getUTCDay() === 2) return d;
}

const at = (day: string, hhmm: string) => isoInZone(wallTimeToInstant(day, hhmm, ZONE)!, ZONE);

/** Every event (deleted too) titled TITLE from `day` on for ten weeks, at the service. */
async function visits(day: string): Promise<ServiceEvent[]> {
  const begin = encodeURIComponent(at(day, '00:00'));
  const end = encodeURIComponent(new Date(Date.parse(at(day, '00:00')) + 70 * 86_400_000).toISOString());
  const found: ServiceEvent[] = [];
  for (let page = 1; page < 20; page++) {
    const { events } = await serviceCall<{ events: ServiceEvent[] }>(
      stack,
      'GET',
      `/v1/events?begin=${begin}&end=${end}&include_deleted=true&page=${page}&page_size=200`,
    );
    if (events.length === 0) break;
    found.push(...events.filter((e) => e.title === TITLE));
  }
  return found;
}

async function nextDays(app: FrontdeskPage, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await app.page.getByRole('button', { name: 'Next day' }).click();
}

describe('recurring visits', () => {
  it('an 8-week series with a clash skipped, then "this and following" moved, lands once after offline and lost answers', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const d = daysToTuesday();
    const day1 = practiceDay(d);
    const { calendars } = await serviceCall<{ calendars: { id: number; name: string }[] }>(
      stack,
      'GET',
      '/v1/calendars',
    );
    const hart = calendars.find((c) => c.name === 'Dr. Amelia Hart')!;
    // Another desk books Dr. Hart over the third visit's hour.
    const day3 = practiceDay(d + 14);
    await serviceCall(stack, 'POST', '/v1/events', {
      events: [
        { calendar_id: hart.id, title: 'Staff meeting', start_time: at(day3, '16:30'), end_time: at(day3, '17:30') },
      ],
    });

    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Calendar').selectOption({ label: 'Dr. Amelia Hart' });
    await dialog.getByLabel('Day').fill(day1);
    await dialog.getByLabel('Starts').fill('17:00');
    await dialog.getByLabel('Ends').fill('17:45');
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await dialog.getByLabel('Name (person 1)').fill('Rowan Repeat');
    await dialog.getByLabel('Phone (person 1)').fill('(312) 555-0177');
    // From the keyboard: Repeat on, then Enter checks the dates (the form's first press of its button).
    await dialog.getByLabel('Repeat this appointment').focus();
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel('Every').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Visits').inputValue()).toBe('8');
    await dialog.getByLabel('Title').press('Enter');
    const dates = dialog.getByTestId('series-dates');
    await dates.getByRole('heading', { name: 'Dates: 7 of 8 to book' }).waitFor();
    // Focus is on the list's heading: the desk reads the dates next.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('series-dates-title');
    const rows = dates.getByTestId('series-visit');
    expect(await rows.count()).toBe(8);
    expect(await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-clash')))).toEqual([
      'none',
      'none',
      'busy',
      'none',
      'none',
      'none',
      'none',
      'none',
    ]);
    await rows.nth(2).getByText('Clashes with “Staff meeting”').waitFor();
    expect(await dates.getByLabel('Visit 3: keep, skip or move').inputValue()).toBe('skip');
    expect(await everyLook(app, 'series-dates')).toEqual([]);

    // Saved while the service cannot be reached: queued as one unit, shown at once.
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    await dialog.getByRole('button', { name: 'Add the series' }).click();
    await dialog.waitFor({ state: 'detached' });
    await nextDays(app, d);
    expect(await reveal(app, TITLE)).toBe(true);
    const first = page.getByTestId('appointment').filter({ hasText: TITLE }).first();
    expect(await first.getAttribute('data-pending')).not.toBeNull();
    await first.click();
    const details = page.getByRole('dialog', { name: TITLE });
    expect(await details.getByTestId('series-fact').innerText()).toBe('Visit 1 of 8, every week');
    await page.keyboard.press('Escape');

    // "This and following" from the second visit: an hour earlier, still offline.
    await nextDays(app, 7);
    expect(await reveal(app, TITLE)).toBe(true);
    await page.getByTestId('appointment').filter({ hasText: TITLE }).first().click();
    await page.getByRole('dialog', { name: TITLE }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: `Edit ${TITLE}` });
    await editor.getByLabel('Starts').fill('16:00');
    expect(await editor.getByLabel('Ends').inputValue()).toBe('16:45');
    await editor.getByLabel('This and following visits').check();
    await editor.getByTestId('series-scope').scrollIntoViewIfNeeded();
    expect(await everyLook(app, 'series-scope')).toEqual([]);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await reveal(app, TITLE)).toBe(true);
    await expect
      .poll(() => page.getByTestId('appointment').filter({ hasText: TITLE }).first().innerText())
      .toMatch(/4:00/);

    // Back, with every answer to a write of the visits lost after the service applied it, twice.
    await faults(stack, { resetRate: 1, resetAfterApply: true, routes: ['/v1/events'] });
    await app.waitForConnectivity('online');
    await expect
      .poll(async () => {
        const r = await fetch(`${stack.sandbox.url}/__sandbox/stats`);
        return ((await r.json()) as { faultsInjected: { resetAfterApply: number } }).faultsInjected.resetAfterApply;
      })
      .toBeGreaterThanOrEqual(2);
    await faults(stack, null);
    await page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 30_000 });

    const made = await visits(day1);
    const byN = new Map<number, ServiceEvent[]>();
    for (const e of made) {
      const n = Number(e.custom_data?.frontdesk_series_n);
      byN.set(n, [...(byN.get(n) ?? []), e]);
    }
    expect([...byN.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8]);
    for (const [n, list] of byN) {
      expect(list).toHaveLength(1); // each visit once
      expect(list[0]!.is_deleted).toBeFalsy();
      expect(wallClock(list[0]!.start_time, ZONE)).toBe(n === 1 ? '17:00' : '16:00');
    }
    expect(new Set(made.map((e) => e.external_id)).size).toBe(7);

    // The patient's page shows the series; each visit says its place.
    const { address_books: books } = await serviceCall<{ address_books: { id: number }[] }>(
      stack,
      'GET',
      '/v1/address_books',
    );
    await serviceCall(stack, 'POST', '/v1/contacts', {
      contacts: [{ address_book_id: books[0]!.id, name: 'Rowan Repeat', phone: '(312) 555-0177' }],
    });
    await page.keyboard.press('Control+k');
    const finder = page.getByRole('dialog', { name: 'Find a patient' });
    await finder.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill('Rowan Repeat');
    await finder.getByRole('option', { name: /Rowan Repeat/ }).waitFor();
    await page.keyboard.press('Enter');
    const contact = page.getByTestId('contact-details');
    const line = contact.getByTestId('contact-series').getByTestId('contact-series-line');
    await line.waitFor();
    expect(await line.innerText()).toMatch(/^Physio - Rowan Repeat, every week 7 visits ahead, the next Tue /);
    const upcoming = contact.getByRole('region', { name: /^Upcoming appointments/ });
    const marks = await upcoming.getByTestId('series-mark').allInnerTexts();
    expect(marks.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(
      [1, 2, 4, 5, 6, 7, 8].map((n) => `↻ ${n}/8 Visit ${n} of 8, every week`),
    );
    expect(await everyLook(app, 'contact-series')).toEqual([]);

    // Cancel all, from the first visit: one unit, every visit gone at the service.
    await upcoming.getByRole('button').first().click();
    const opened = page.getByTestId('appointment-details');
    await opened.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByLabel('All visits of the series').check();
    expect(await everyLook(app, 'series-cancel')).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel the visits' }).click();
    await expect
      .poll(async () => (await visits(day1)).map((e) => Boolean(e.is_deleted)), { timeout: 20_000 })
      .toEqual([true, true, true, true, true, true, true]);
  }, 240_000);
});
