/**
 * Check-in and marks through a real menu (role "menu"), from the grid's context menu and from the details: each
 * mark reaches the service once; arrow keys on a focused appointment or inside the menu write nothing.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './support/stack';
import {
  appointmentsNamed,
  blockSays,
  nextBusyDay,
  openSized,
  pinned,
  serviceCall,
  signedInSchedule,
  stats,
} from './support/schedule';

const stack = useStack();

/** Menu item → what the service then says about every participant. */
const MARKS: { item: string; check: (p: { state: string; check_in_state: string | null }) => boolean }[] = [
  { item: 'Arrived', check: (p) => p.check_in_state === 'arrived' },
  { item: 'On time', check: (p) => p.check_in_state === 'ontime' },
  { item: 'Arrived late', check: (p) => p.check_in_state === 'late' },
  { item: 'No-show', check: (p) => p.check_in_state === 'noshow' },
  { item: 'Confirmed', check: (p) => p.state === 'confirmed' },
  { item: 'Cancelled', check: (p) => p.state === 'not_coming' },
  { item: 'Wants a new time', check: (p) => p.state === 'not_coming_needs_reschedule' },
];

type Participant = { state: string; check_in_state: string | null };

describe('marks', () => {
  it('writes each mark from the grid menu once, and nothing for arrow keys', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block: withPeople } = await pinned(appointmentsNamed(page, ' - ').first());

    // Arrow keys on a focused appointment and inside the open menu write nothing.
    const before = (await stats(stack)).eventMarks;
    await withPeople.focus();
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End'])
      await page.keyboard.press(key);
    await withPeople.press('Shift+F10');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // An uncommitted menu leaves the outbox empty: nothing was queued to send later either.
    expect(await page.getByTestId('queue-status').count()).toBe(0);
    expect((await stats(stack)).eventMarks).toBe(before);

    // Cancelled and no-show visits are hidden unless shown: this one stays in view through every mark.
    await page.getByRole('checkbox', { name: /Show cancelled/ }).check();
    for (const [n, mark] of MARKS.entries()) {
      const block = page.locator(`[data-testid="appointment"][data-id="${id}"]`);
      await block.click({ button: 'right' });
      await page.getByRole('menu').getByRole('menuitem', { name: mark.item, exact: true }).click();
      // The mark waits to sync, then is sent (a small block says it in its name, a tall one in a badge).
      await expect.poll(() => blockSays(block)).not.toContain('— waiting to sync');
      await expect.poll(async () => (await stats(stack)).eventMarks).toBe(before + n + 1);
      const event = await serviceCall<{ participants: Participant[] }>(stack, 'GET', `/v1/event?id=${id}`);
      expect(event.participants.every(mark.check), mark.item).toBe(true);
    }
    expect(app.problems).toEqual([]);
  });

  it('marks from the details with the keyboard: the menu opens, Enter writes the focused item', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const { id, block } = await pinned(appointmentsNamed(page, ' - ').nth(1));
    await block.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('appointment-details');
    await details.waitFor();
    const before = (await stats(stack)).eventMarks;
    await details.getByRole('button', { name: 'Mark as…' }).press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown'); // Arrived → On time: moving writes nothing
    expect((await stats(stack)).eventMarks).toBe(before);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stats(stack)).eventMarks).toBe(before + 1);
    const event = await serviceCall<{ participants: Participant[] }>(stack, 'GET', `/v1/event?id=${id}`);
    expect(event.participants.every((p) => p.check_in_state === 'ontime')).toBe(true);
    await details.getByTestId('check-in').getByText('Arrived on time').waitFor();
  });
});
