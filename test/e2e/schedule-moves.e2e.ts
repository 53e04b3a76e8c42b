/**
 * Moves you can see, and a move to another provider. While a block is dragged it tells its new time (and over
 * another provider's column, that provider); a drop offers Undo and "Text the patient about the new time". A drop
 * on another provider's column lands once at the service: the old appointment cancelled, a new one on the new
 * calendar with the same people; Undo makes a new one on the first calendar again. In the editor the end follows
 * the start, and a saved edit offers the same Undo as a drag.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useStack, type Stack } from './support/stack';
import {
  appointmentsNamed,
  axeProblems,
  nextBusyDay,
  openSized,
  pinned,
  serviceCall,
  shot,
  signedInSchedule,
} from './support/schedule';

const stack = useStack();
const ZONE = 'America/Chicago';

type ServiceEvent = {
  id: number;
  calendar_id: number;
  title: string;
  start_time: string;
  end_time: string;
  is_deleted?: boolean;
  external_id?: string | null;
  participants: { name: string; normalized_phone?: string | null }[];
  custom_data?: Record<string, unknown>;
};

const event = (id: number) => serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);
/** "10:30 AM" as the schedule says it (any space before the period read as one). */
const clockOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).replace(/\s/g, ' ');
const spaced = (text: string) => text.replace(/\s/g, ' ');

/** Live and cancelled events starting at `start` (the service's own record of what a move left). */
async function eventsAt(s: Stack, start: string): Promise<ServiceEvent[]> {
  const at = Date.parse(start);
  const q = `begin=${encodeURIComponent(new Date(at - 60_000).toISOString())}&end=${encodeURIComponent(new Date(at + 60_000).toISOString())}`;
  const { events } = await serviceCall<{ events: ServiceEvent[] }>(
    s,
    'GET',
    `/v1/events?${q}&include_deleted=true&page_size=500`,
  );
  return events;
}

/** Presses on a block's top and moves the mouse in steps to (x, y), leaving the button down. */
async function dragTo(
  page: Page,
  block: Locator,
  to: (box: { x: number; y: number; width: number; height: number }) => { x: number; y: number },
) {
  // Wholly in view, clear of the sticky column heads (a block half under them is pressed through them).
  await block.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  const box = (await block.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + Math.min(12, box.height / 2) };
  const end = to(box);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(from.x + ((end.x - from.x) * step) / 10, from.y + ((end.y - from.y) * step) / 10);
}

const toast = (page: Page) => page.getByTestId('schedule-toast');

describe('moves you can see', () => {
  it('a drag shows the new time while dragging; the drop offers Undo and a text about the new time', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block } = await pinned(appointmentsNamed(page, ' - ').first());
    const before = await event(id);

    // While dragged (button still down): the label at the drop point and the block itself tell the new time.
    await dragTo(page, block, (box) => ({ x: box.x + box.width / 2, y: box.y + Math.min(12, box.height / 2) + 60 }));
    const preview = page.getByTestId('drag-preview');
    await preview.waitFor();
    const shown = spaced((await preview.textContent()) ?? '');
    const [newStart] = shown.split(' – ');
    expect(newStart).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(newStart).not.toBe(clockOf(before.start_time));
    expect(spaced((await block.getAttribute('title')) ?? '')).toContain(shown);
    await page.mouse.up();

    // Dropped: the service has the new time (the one shown while dragging), and Undo is offered.
    await expect.poll(async () => clockOf((await event(id)).start_time)).toBe(newStart);
    expect(Date.parse((await event(id)).end_time) - Date.parse((await event(id)).start_time)).toBe(
      Date.parse(before.end_time) - Date.parse(before.start_time),
    );
    await toast(page).getByText(`to ${newStart}`, { exact: false }).waitFor();
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await event(id)).start_time).toBe(before.start_time);

    // Drag again: "Text the patient about the new time" opens a quick text with the new time, to read before sending.
    await dragTo(page, block, (box) => ({ x: box.x + box.width / 2, y: box.y + Math.min(12, box.height / 2) + 60 }));
    const again = spaced((await page.getByTestId('drag-preview').textContent()) ?? '').split(' – ')[0]!;
    await page.mouse.up();
    await toast(page).getByRole('button', { name: 'Text the patient about the new time' }).click();
    const dialog = page.getByTestId('text-patient');
    await dialog.waitFor();
    await expect.poll(async () => spaced(await dialog.getByRole('textbox').inputValue())).toContain(again);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('a drop on another provider lands once: the old one cancelled, a new one there with the same people; Undo', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const columns = page.getByTestId('grid-column');
    const names = await columns.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    const { id, block } = await pinned(appointmentsNamed(columns.first(), ' - ').first());
    const before = await event(id);
    const calendars = (await serviceCall<{ calendars: { id: number; name: string }[] }>(stack, 'GET', '/v1/calendars'))
      .calendars;
    const target = calendars.find((c) => c.name === names[1])!;
    expect(target.id).not.toBe(before.calendar_id);
    const home = calendars.find((c) => c.id === before.calendar_id)!;

    // Over the next column: the label names its provider and the time stays.
    const over = (await columns.nth(1).boundingBox())!;
    await dragTo(page, block, (box) => ({ x: over.x + over.width / 2, y: box.y + Math.min(12, box.height / 2) }));
    const preview = page.getByTestId('drag-preview');
    await expect.poll(async () => spaced((await preview.textContent()) ?? '')).toContain(`· ${target.name}`);
    expect(spaced((await preview.textContent()) ?? '')).toContain(clockOf(before.start_time));
    await shot(app, 'schedule-move-provider-dragging');
    await page.mouse.up();
    await toast(page)
      .getByText(`Moved to ${target.name} — the service makes it a new appointment and cancels the old one`)
      .waitFor();
    await shot(app, 'schedule-move-provider-waiting');
    expect(await axeProblems(app)).toEqual([]);

    // At the service, once: the old one cancelled, one new one on the new calendar with the same people and data.
    await expect.poll(async () => (await event(id)).is_deleted === true, { timeout: 15_000 }).toBe(true);
    const live = async (calendar: number) =>
      (await eventsAt(stack, before.start_time)).filter(
        (e) => !e.is_deleted && e.calendar_id === calendar && e.title === before.title,
      );
    await expect.poll(async () => (await live(target.id)).length).toBe(1);
    const [made] = await live(target.id);
    const people = (e: ServiceEvent) => e.participants.map((p) => [p.name, p.normalized_phone ?? null]).sort();
    expect(people(made!)).toEqual(people(before));
    expect(made!.end_time).toBe(before.end_time);
    expect(made!.custom_data).toMatchObject(before.custom_data ?? {});
    expect(made!.custom_data?.frontdesk_restores).toBe(String(id));
    // The schedule shows the new one in the new column, and not the old one.
    await page.locator(`[data-testid="appointment"][data-id="${made!.id}"]`).waitFor();
    expect(await page.locator(`[data-testid="appointment"][data-id="${id}"]`).count()).toBe(0);

    // Undo after it was sent: a new appointment on the first calendar again, and the toast says so.
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await toast(page).getByText(`Moved back to ${home.name} as a new appointment`, { exact: false }).waitFor();
    await expect.poll(async () => (await live(home.id)).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await live(target.id)).length).toBe(0);
    const [back] = await live(home.id);
    expect(back!.id).not.toBe(id);
    expect(people(back!)).toEqual(people(before));
  });

  it('in the editor the end follows the start, and a saved edit offers Undo as a drag does', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block } = await pinned(appointmentsNamed(page, ' - ').first());
    const before = await event(id);
    await block.click();
    await page.getByTestId('appointment-details').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('appointment-editor');
    const starts = editor.getByLabel('Starts');
    const ends = editor.getByLabel('Ends');
    const [start, end] = [await starts.inputValue(), await ends.inputValue()];
    const plus = (hhmm: string, min: number) => {
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      const t = h * 60 + m + min;
      return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    };
    // Changing the start moves the end, keeping the length.
    await starts.fill(plus(start, 30));
    await expect.poll(() => ends.inputValue()).toBe(plus(end, 30));
    // Changing the end changes the length; the start stays.
    await ends.fill(plus(end, 45));
    expect(await starts.inputValue()).toBe(plus(start, 30));
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(async () => Date.parse((await event(id)).start_time) - Date.parse(before.start_time))
      .toBe(30 * 60_000);
    expect(Date.parse((await event(id)).end_time) - Date.parse(before.end_time)).toBe(45 * 60_000);
    // The same Undo as a drag.
    await toast(page)
      .getByText(/^Moved .* to /)
      .waitFor();
    await toast(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await event(id)).start_time).toBe(before.start_time);
    expect((await event(id)).end_time).toBe(before.end_time);
  });
});
