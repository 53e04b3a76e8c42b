/**
 * Create, edit, drag-reschedule and cancel with Undo, through the outbox, online and offline. Each write shows at
 * once; the sandbox is the ground truth of what reached the service (and how many times).
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { useStack, type Stack } from './support/stack';
import {
  appointmentsNamed,
  blockSays,
  faults,
  nextBusyDay,
  openSized,
  pinned,
  serviceCall,
  signedInSchedule,
  stats,
} from './support/schedule';

const stack = useStack();

type ServiceEvent = {
  id: number;
  title: string;
  start_time: string;
  end_time: string;
  participants: { name: string }[];
};

/** Live events of the owner with this title, near today. */
async function eventsTitled(s: Stack, title: string): Promise<ServiceEvent[]> {
  const begin = new Date(practiceNow() - 3 * 86_400_000).toISOString();
  const end = new Date(practiceNow() + 14 * 86_400_000).toISOString();
  const found: ServiceEvent[] = [];
  for (let page = 1; page < 20; page++) {
    const { events } = await serviceCall<{ events: ServiceEvent[] }>(
      s,
      'GET',
      `/v1/events?begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}&page=${page}&page_size=200`,
    );
    if (events.length === 0) break;
    found.push(...events.filter((e) => e.title === title));
  }
  return found;
}

async function scrollGridTo(app: FrontdeskPage, hour: number): Promise<void> {
  await app.page.getByRole('region', { name: 'Day schedule' }).evaluate((el, h) => {
    el.scrollTop = h * 48;
  }, hour);
}

const block = (app: FrontdeskPage, title: string) => appointmentsNamed(app.page, title);

describe('create, edit, reschedule, cancel', () => {
  it('adds an appointment from an empty slot (its menu: New appointment), prefilled with its calendar and time, checked before it is saved', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    await scrollGridTo(app, 6);
    const column = page.getByRole('group', { name: 'Hygiene' });
    await column.click({ position: { x: 30, y: 6 * 48 + 20 } });
    const slotMenu = page.getByRole('menu', { name: '6:15 AM, Hygiene' });
    await slotMenu.getByRole('menuitem', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Calendar').inputValue()).toBe(await calendarValue(app, 'Hygiene'));
    expect(await dialog.getByLabel('Starts').inputValue()).toBe('06:15');
    expect(await dialog.getByLabel('Ends').inputValue()).toBe('06:45');
    // Nothing typed yet: the form says what is missing and queues nothing.
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await dialog.getByText('Enter what the appointment is for.').waitFor();
    expect(await page.getByTestId('queue-status').count()).toBe(0);

    await dialog.getByLabel('Title').fill('Whitening - Ada Lovelace');
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await dialog.getByLabel('Name (person 1)').fill('Ada Lovelace');
    await dialog.getByLabel('Phone (person 1)').fill('(312) 555-0199');
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await block(app, 'Whitening - Ada Lovelace').first().waitFor();
    // Settles as the service has it: no longer waiting, and made once.
    await page
      .locator('[data-testid="appointment"][data-pending]')
      .filter({ hasText: 'Whitening' })
      .waitFor({ state: 'detached' });
    await expect.poll(async () => (await eventsTitled(stack, 'Whitening - Ada Lovelace')).length).toBe(1);
    const [made] = await eventsTitled(stack, 'Whitening - Ada Lovelace');
    expect(made!.participants[0]!.name).toBe('Ada Lovelace');
    expect(made!.start_time).toMatch(/T06:15:00-0[56]:00$/);
  });

  it('edits title and time from the details, and moves an appointment by dragging it', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Title').fill('Check-up - Grace Hopper');
    await dialog.getByLabel('Calendar').selectOption({ label: 'Dr. Amelia Hart' });
    await dialog.getByLabel('Starts').fill('06:00');
    await dialog.getByLabel('Ends').fill('06:30');
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await expect.poll(async () => (await eventsTitled(stack, 'Check-up - Grace Hopper')).length).toBe(1);

    await scrollGridTo(app, 5);
    await block(app, 'Check-up - Grace Hopper').click();
    const details = page.getByRole('dialog', { name: 'Check-up - Grace Hopper' });
    await details.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Check-up - Grace Hopper' });
    await editor.getByLabel('Title').fill('Check-up - Grace B. Hopper');
    await editor.getByLabel('Starts').fill('05:00');
    await editor.getByLabel('Ends').fill('05:30');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await eventsTitled(stack, 'Check-up - Grace B. Hopper'))[0]?.start_time ?? '')
      .toMatch(/T05:00:00/);
    await page.keyboard.press('Escape');

    // Drag it one hour later.
    await scrollGridTo(app, 4);
    const target = block(app, 'Grace B. Hopper');
    await page
      .locator('[data-testid="appointment"][data-pending]')
      .filter({ hasText: 'Grace' })
      .waitFor({ state: 'detached' });
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 6 + step * 6);
    await page.mouse.up();
    await page
      .getByTestId('schedule-toast')
      .getByText(/^Moved .* to 6:00/)
      .waitFor();
    await expect
      .poll(async () => (await eventsTitled(stack, 'Check-up - Grace B. Hopper'))[0]?.start_time ?? '')
      .toMatch(/T06:00:00/);
    const [moved] = await eventsTitled(stack, 'Check-up - Grace B. Hopper');
    expect(moved!.end_time).toMatch(/T06:30:00/);
    // The drop did not open the details.
    expect(await page.getByTestId('appointment-details').count()).toBe(0);
  });

  it('cancels after a confirmation naming the patient and time; Undo while queued sends nothing (offline)', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block: victim } = await pinned(appointmentsNamed(page, ' - ').nth(2));
    const event = await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);
    const patient = event.participants[0]!.name;

    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    const written = (await stats(stack)).eventsWritten;
    await victim.click();
    const details = page.getByTestId('appointment-details');
    await details.getByRole('button', { name: 'Cancel appointment' }).click();
    const confirm = page.getByRole('alertdialog');
    const question = await confirm.getByRole('heading').innerText();
    expect(question).toContain(patient);
    expect(question).toMatch(/at \d{1,2}:\d{2}\s?[AP]M\?$/);
    await confirm.getByRole('button', { name: 'Cancel appointment' }).click();
    // A small block says it in its name, a tall one in a badge.
    await expect
      .poll(() => blockSays(page.locator(`[data-id="${id}"][data-change="delete"]`)))
      .toContain('Cancelling — waiting to sync');
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' }).click();
    await page.locator(`[data-id="${id}"][data-change="delete"]`).waitFor({ state: 'detached' });
    await page.locator(`[data-id="${id}"]`).waitFor();
    await faults(stack, null);
    await app.waitForConnectivity('online');
    // Nothing was sent: the appointment is still there and no write reached the service.
    await app.checkNow();
    expect((await stats(stack)).eventsWritten).toBe(written);
    expect((await serviceCall<{ is_deleted: boolean }>(stack, 'GET', `/v1/event?id=${id}`)).is_deleted).toBe(false);
    expect(await page.getByTestId('queue-status').count()).toBe(0);
  });

  it('cancels online; Undo after it was sent puts it back with a new appointment (compensating write)', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block: victim } = await pinned(appointmentsNamed(page, ' - ').nth(3));
    const event = await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);
    await victim.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel appointment' }).click();
    await page.locator(`[data-id="${id}"]`).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serviceCall<{ is_deleted: boolean }>(stack, 'GET', `/v1/event?id=${id}`)).is_deleted)
      .toBe(true);
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await eventsTitled(stack, event.title)).length).toBe(1);
    const [back] = await eventsTitled(stack, event.title);
    expect(back!.id).not.toBe(id);
    expect(Date.parse(back!.start_time)).toBe(Date.parse(event.start_time));
    expect(back!.participants.map((p) => p.name)).toEqual(event.participants.map((p) => p.name));
    await page.locator(`[data-id="${back!.id}"]`).waitFor();
  });

  it('offline: a new appointment and its move show at once as waiting, and reach the service once, as moved', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    const written = (await stats(stack)).eventsWritten;
    await page.getByRole('button', { name: 'New appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment' });
    await dialog.getByLabel('Title').fill('Implant consult - Alan Turing');
    await dialog.getByLabel('Calendar').selectOption({ label: 'Dr. Samuel Okafor' });
    await dialog.getByLabel('Starts').fill('05:00');
    await dialog.getByLabel('Ends').fill('05:30');
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await scrollGridTo(app, 4);
    const made = block(app, 'Implant consult - Alan Turing');
    await expect.poll(() => blockSays(made)).toContain('Waiting to sync');
    const box = (await made.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 6 + step * 3.5);
    await page.mouse.up();
    await page
      .getByTestId('schedule-toast')
      .getByText(/^Moved .* to 5:30/)
      .waitFor();
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Dismiss' }).click();
    expect(await made.innerText()).toMatch(/5:30/);
    expect((await stats(stack)).eventsWritten).toBe(written);

    await faults(stack, null);
    await app.waitForConnectivity('online');
    await app.checkNow();
    await page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(async () => (await eventsTitled(stack, 'Implant consult - Alan Turing')).length).toBe(1);
    const [sent] = await eventsTitled(stack, 'Implant consult - Alan Turing');
    expect(sent!.start_time).toMatch(/T05:30:00/);
    await page
      .locator('[data-testid="appointment"][data-pending]')
      .filter({ hasText: 'Alan Turing' })
      .waitFor({ state: 'detached' });
  });

  it('online: Undo of a move after it was sent moves it back', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block: first } = await pinned(appointmentsNamed(page, ' - ').first());
    const before = await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);
    const box = (await first.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 4);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 4 + step * 7);
    await page.mouse.up();
    await expect
      .poll(async () => (await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`)).start_time)
      .not.toBe(before.start_time);
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`)).start_time)
      .toBe(before.start_time);
  });

  it('says in plain words when a change meets an appointment cancelled elsewhere', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    // Hold live updates (as when the window is hidden) so the removal is not seen before the drag.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const { id, block: target } = await pinned(appointmentsNamed(page, ' - ').first());
    await serviceCall(stack, 'DELETE', `/v1/events?id=${id}`);
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 4);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 4 + step * 7);
    await page.mouse.up();
    await page
      .getByTestId('schedule-toast')
      .getByText(/^This appointment was cancelled or removed elsewhere, so the change could not be made\./)
      .waitFor();
    expect(await page.locator(`[data-id="${id}"]`).getAttribute('data-pending')).toBe('needs_attention');
    await expect.poll(() => blockSays(page.locator(`[data-id="${id}"]`))).toContain('Needs attention');
  });
});

async function calendarValue(app: FrontdeskPage, name: string): Promise<string> {
  return app.page
    .getByRole('dialog')
    .getByLabel('Calendar')
    .locator('option', { hasText: name })
    .getAttribute('value')
    .then((v) => v ?? '');
}
