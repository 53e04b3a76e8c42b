/**
 * Recurring visits through the browser host: an 8-week series whose third date clashes (another desk booked that
 * hour) is checked, the clash skipped, and saved while the service cannot be reached; its visits show at once,
 * waiting; "this and following" is moved from the second visit, offline too; when the service is back, answers to
 * the writes are lost after it applied them, and still every visit lands once, the later ones at the new time. The
 * patient's page then lists the series, each visit its place, and "all" cancels every visit as one unit. The
 * Repeat part and the scope choice are looked at in light and dark at both sizes, with axe. The same series across
 * a kill -9 of the browser host (once while it waits, once mid-drain) is series-kill.e2e.ts, with the host as a child.
 */
import { describe, expect, it } from 'vitest';
import { practiceDay } from './support/clock';
import { useStack } from './support/stack';
import {
  appointmentsNamed,
  everyLook,
  faults,
  openSized,
  reveal,
  serviceCall,
  signedInSchedule,
} from './support/schedule';
import {
  bookHartClash,
  expectLandedOnce,
  daysToTuesday,
  fillWeeklySeries,
  moveThisAndFollowing,
  nextDays,
  visits as seriesVisits,
} from './support/series';

const stack = useStack();
const TITLE = 'Physio - Rowan Repeat';
const visits = (day: string) => seriesVisits(stack, TITLE, day);

describe('recurring visits', () => {
  it('an 8-week series with a clash skipped, then "this and following" moved, lands once after offline and lost answers', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const d = daysToTuesday();
    const day1 = practiceDay(d);
    // Another desk books Dr. Hart over the third visit's hour.
    await bookHartClash(stack, practiceDay(d + 14));
    const dialog = await fillWeeklySeries(app, TITLE, day1);
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
    const first = appointmentsNamed(page, TITLE).first();
    expect(await first.getAttribute('data-pending')).not.toBeNull();
    await first.click();
    const details = page.getByRole('dialog', { name: TITLE });
    expect(await details.getByTestId('series-fact').innerText()).toBe('Visit 1 of 8, every week');
    await page.keyboard.press('Escape');

    // "This and following" from the second visit: an hour earlier, still offline.
    await nextDays(app, 7);
    expect(await reveal(app, TITLE)).toBe(true);
    await moveThisAndFollowing(app, TITLE, async (editor) => {
      await editor.getByTestId('series-scope').scrollIntoViewIfNeeded();
      expect(await everyLook(app, 'series-scope')).toEqual([]);
    });
    expect(await reveal(app, TITLE)).toBe(true);
    await expect.poll(() => appointmentsNamed(page, TITLE).first().innerText()).toMatch(/4:00/);

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

    await expectLandedOnce(stack, TITLE, day1, '16:00');

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
