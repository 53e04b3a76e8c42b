/**
 * Plain words on every screen: the calendar, a partial-phone search, the contact form, the booking form, the Outbox
 * with a queued mark and the About box are scanned for snake_case, camelCase, `#<digits>` and raw service codes.
 * A short phone ("555-0120") finds its contact by digits, and the Outbox names who a mark is for.
 */
import { describe, expect, it } from 'vitest';
import { machineTextIn, plainWordsProblems } from './support/plain-words';
import {
  appointmentsNamed,
  faults,
  nextBusyDay,
  openSized,
  pinned,
  serviceCall,
  signedInSchedule,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

interface RawContact {
  name: string;
  phone_numbers: { normalized: string }[];
}

describe('plain words', () => {
  it('the scanner itself finds each kind of machine text', () => {
    const found = machineTextIn('phone_number is bad; ontime; Mark appointment #500424; eventId; a_b@x.com', 'x');
    expect(found.map((f) => f.split('"')[1])).toEqual(['phone_number', 'eventId', '#500424', 'ontime']);
    // A folder path shown for support (About's log folder) is not machine text, whatever letters mkdtemp picked.
    expect(machineTextIn('Log folder /tmp/frontdesk-e2e-anKPJF/logs Close', 'x')).toEqual([]);
    expect(machineTextIn('Log folder C:\\Users\\ann\\AppData\\frontDesk_logs Close', 'x')).toEqual([]);
  });

  it('no screen shows machine text; a partial phone finds by digits; the Outbox names who is marked', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const problems: string[] = [];
    problems.push(...(await plainWordsProblems(page, 'calendar')));

    // A mark queued while the service cannot be reached: the Outbox says whose and when, in words.
    const { id, block } = await pinned(appointmentsNamed(page, ' - ').first());
    const event = await serviceCall<{ participants: { name: string }[] }>(stack, 'GET', `/v1/event?id=${id}`);
    const names = event.participants.map((p) => p.name).filter(Boolean);
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    // A no-show leaves the grid unless cancelled visits are shown: this one is opened after it is marked.
    await page.getByRole('checkbox', { name: /Show cancelled/ }).check();
    await block.click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'No-show', exact: true }).click();
    await block.click();
    await page.getByTestId('appointment-details').waitFor();
    problems.push(...(await plainWordsProblems(page, 'appointment details')));
    await page.keyboard.press('Escape');
    await app.go('Outbox');
    const row = page.getByTestId('outbox-row').first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(
      new RegExp(`Mark ${names.join(' and ')} as no-show, \\w{3} \\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d{2}\\s?[AP]M`),
    );
    problems.push(...(await plainWordsProblems(page, 'outbox')));
    await faults(stack, null);
    await app.waitForConnectivity('online');

    // A short phone searches by its digits (the service once answered "phone_number is not a phone number").
    const seeded = (
      await serviceCall<{ contacts: RawContact[] }>(stack, 'GET', '/v1/contacts?page_size=50')
    ).contacts.find((c) => c.phone_numbers.length > 0)!;
    const digits = seeded.phone_numbers[0]!.normalized.slice(-7);
    await app.go('Contacts');
    const contacts = page.getByTestId('contacts');
    await contacts.getByLabel('Find a contact').fill(`${digits.slice(0, 3)}-${digits.slice(3)}`);
    await page
      .locator(`[data-testid="contacts"][data-loading="false"][data-query="${digits.slice(0, 3)}-${digits.slice(3)}"]`)
      .waitFor();
    await contacts.getByTestId('contact-row').filter({ hasText: seeded.name }).first().waitFor();
    problems.push(...(await plainWordsProblems(page, 'contacts search')));
    await page.getByRole('button', { name: 'New contact' }).click();
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    problems.push(...(await plainWordsProblems(page, 'new contact')));

    await app.go('Book appointment');
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    problems.push(...(await plainWordsProblems(page, 'booking')));

    await page.getByRole('button', { name: 'About' }).click();
    await page.getByRole('dialog', { name: 'About Frontdesk' }).waitFor();
    problems.push(...(await plainWordsProblems(page, 'about')));
    await page.keyboard.press('Escape');

    expect(problems).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
