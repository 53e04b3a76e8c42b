/**
 * Plain words on the schedule, through the browser host: the details name the practice's fields ("New patient: Yes",
 * the booking page and appointment type by their labels, "X-rays"); "Running late" (not here yet) is a mark of its
 * own, kept in the appointment's custom data at the service, apart from "Arrived late" (the service's check-in), with
 * Undo; the day sheet has a state column and one phone format; the theme switch (System, Light, Dark) is kept.
 */
import { describe, expect, it } from 'vitest';
import type { FrontdeskPage } from './support/driver';
import {
  appointmentsNamed,
  everyLook,
  nextBusyDay,
  openSized,
  pinned,
  reveal,
  serviceCall,
  shot,
  signedInSchedule,
  stats,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

const RUNNING_LATE_KEY = 'frontdesk_running_late';
const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(16, 19, 24)';

interface ServiceEvent {
  id: number;
  title: string;
  custom_data: Record<string, unknown>;
  participants: { name: string; phone: string; check_in_state: string | null }[];
}

const serviceEvent = (id: number) => serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);

/** The page's background colour as the browser computed it. */
const background = (app: FrontdeskPage) =>
  app.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** Marks an appointment from its menu in the grid. */
async function markFromMenu(app: FrontdeskPage, id: number, item: string): Promise<void> {
  await app.page.locator(`[data-testid="appointment"][data-id="${id}"]`).click({ button: 'right' });
  await app.page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** Opens an appointment's details and returns the panel. */
async function details(app: FrontdeskPage, id: number) {
  await app.page.locator(`[data-testid="appointment"][data-id="${id}"]`).click();
  const panel = app.page.getByTestId('appointment-details');
  await panel.waitFor();
  return panel;
}

/** Closes the details. */
async function closeDetails(app: FrontdeskPage): Promise<void> {
  await app.page.getByRole('button', { name: 'Close details' }).click();
  await app.page.getByTestId('appointment-details').waitFor({ state: 'detached' });
}

describe('schedule words', () => {
  it('the details name the practice’s fields in plain words', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id } = await pinned(appointmentsNamed(page, ' - ').first());
    // What a booking through the Lakeside page leaves on its appointment, as the service keeps it.
    await serviceCall(stack, 'PUT', '/v1/events', {
      events: [
        {
          id,
          custom_data: {
            visit_type: 'x_rays',
            new_patient: true,
            booking_page: 'lakeside-dental',
            appointment_type: 'new-patient',
          },
        },
      ],
    });
    await page.reload();
    await signedInSchedule(app);
    await nextBusyDay(app);
    const panel = await details(app, id);
    const field = (key: string) => panel.locator(`[data-testid="practice-field"][data-key="${key}"]`);
    await expect.poll(() => field('booking_page').innerText()).toMatch(/^Booking page\s+Lakeside online booking$/);
    expect(await field('appointment_type').innerText()).toMatch(/^Appointment type\s+New patient exam$/);
    expect(await field('new_patient').innerText()).toMatch(/^New patient\s+Yes$/);
    expect(await field('visit_type').innerText()).toMatch(/^Visit type\s+X-rays$/);
    expect(await panel.innerText()).not.toMatch(/true|lakeside-dental|new-patient|x rays/);
    // Seen at both sizes in both themes, and read by axe.
    expect(await everyLook(app, 'details-fields')).toEqual([]);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('Running late is its own mark, kept at the service apart from Arrived late, with Undo; the day sheet says each', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const blocks = appointmentsNamed(page, ' - ');
    const late = await pinned(blocks.nth(1));
    const arrived = await pinned(blocks.nth(2));
    const undone = await pinned(blocks.nth(3));
    for (const { id } of [late, arrived, undone])
      expect((await serviceEvent(id)).participants.every((p) => !p.check_in_state)).toBe(true);
    // A number typed with its country code, among the day's: the sheet tells it as it tells the others.
    const lateEvent = await serviceEvent(late.id);
    await serviceCall(stack, 'PUT', '/v1/events', {
      events: [{ id: late.id, participants: [{ name: lateEvent.participants[0]!.name, phone: '+13125550177' }] }],
    });
    const marksBefore = (await stats(stack)).eventMarks;

    // Running late: held for the Undo window like a single-key mark, then written into the custom data.
    await markFromMenu(app, late.id, 'Running late');
    await page
      .getByTestId('schedule-toast')
      .getByText(/as running late\./)
      .waitFor();
    await expect
      .poll(async () => (await serviceEvent(late.id)).custom_data[RUNNING_LATE_KEY] !== undefined, { timeout: 30_000 })
      .toBe(true);
    const atService = await serviceEvent(late.id);
    expect(atService.participants.every((p) => !p.check_in_state)).toBe(true);
    expect((await stats(stack)).eventMarks).toBe(marksBefore);

    // Arrived late: the service's own check-in mark.
    await markFromMenu(app, arrived.id, 'Arrived late');
    await expect
      .poll(async () => (await serviceEvent(arrived.id)).participants.every((p) => p.check_in_state === 'late'))
      .toBe(true);
    expect((await serviceEvent(arrived.id)).custom_data[RUNNING_LATE_KEY]).toBeUndefined();

    // Undo takes a Running late back before it reaches the service: nothing stays queued to send later.
    await markFromMenu(app, undone.id, 'Running late');
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('queue-status').waitFor({ state: 'detached' });
    expect((await serviceEvent(undone.id)).custom_data[RUNNING_LATE_KEY]).toBeUndefined();

    // Shown: on the block (its state), in the details, in the menu (taken back from there), and in the Agenda.
    const stateOnBlock = (id: number) =>
      page.locator(`[data-testid="appointment"][data-id="${id}"]`).getAttribute('data-state');
    await expect.poll(() => stateOnBlock(late.id)).toBe('running_late');
    await expect.poll(() => stateOnBlock(arrived.id)).toBe('late');
    await page.locator(`[data-testid="appointment"][data-id="${late.id}"]`).scrollIntoViewIfNeeded();
    await shot(app, 'running-late-grid');
    let panel = await details(app, late.id);
    await panel.getByTestId('check-in').getByText('Running late', { exact: true }).waitFor();
    await closeDetails(app);
    panel = await details(app, arrived.id);
    await panel.getByTestId('check-in').getByText('Arrived late', { exact: true }).waitFor();
    await closeDetails(app);
    await page.locator(`[data-testid="appointment"][data-id="${late.id}"]`).click({ button: 'right' });
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'Running late', exact: true }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(await menu.getByRole('menuitem', { name: 'No longer running late' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // The day sheet: a state column, and every phone in one format.
    await page.evaluate(() => (window.print = () => undefined));
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('article', { name: 'Day sheet' });
    await sheet.waitFor();
    expect(await sheet.getByRole('columnheader', { name: 'State' }).count()).toBeGreaterThan(0);
    // One line per person on the appointment.
    const stateOf = async (id: number) => [
      ...new Set(
        (
          await sheet
            .locator(`[data-testid="day-sheet-row"][data-id="${id}"] [data-testid="day-sheet-state"]`)
            .innerText()
        ).split('\n'),
      ),
    ];
    expect(await stateOf(late.id)).toEqual(['Running late']);
    expect(await stateOf(arrived.id)).toEqual(['Arrived late']);
    const phones = (await sheet.getByTestId('day-sheet-phone').allInnerTexts()).flatMap((t) => t.split('\n'));
    expect(phones.filter((p) => p !== '—').length).toBeGreaterThan(2);
    expect(phones.filter((p) => p !== '—' && !/^\(\d{3}\) \d{3}-\d{4}$/.test(p))).toEqual([]);
    expect(await sheet.locator(`[data-testid="day-sheet-row"][data-id="${late.id}"]`).innerText()).toContain(
      '(312) 555-0177',
    );
    await shot(app, 'day-sheet-states');
    await page.emulateMedia({ media: 'screen' });
    await sheet.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    expect(await reveal(app, atService.title)).toBe(true);
    await page.locator(`[data-testid="appointment"][data-id="${late.id}"]`).getByTestId('running-late').waitFor();
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('the theme switch: Dark is kept across a reload; System follows the computer', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const group = page.getByRole('group', { name: 'Theme' });
    expect(await group.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await background(app)).toBe(LIGHT_BG);

    // From the keyboard: one Tab stop, the arrows choose.
    await group.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => group.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => group.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await expect.poll(() => background(app)).toBe(DARK_BG);

    await page.reload();
    await signedInSchedule(app);
    await expect.poll(() => background(app)).toBe(DARK_BG);
    expect(await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).isChecked()).toBe(
      true,
    );

    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).click();
    await expect.poll(() => background(app)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(app)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(app)).toBe(LIGHT_BG);
    await page.reload();
    await signedInSchedule(app);
    expect(await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).isChecked()).toBe(
      true,
    );
    expect(await background(app)).toBe(LIGHT_BG);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
