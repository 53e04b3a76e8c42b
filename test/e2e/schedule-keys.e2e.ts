/**
 * The schedule from the keyboard alone: "N" goes to the next patient due and "A" checks them in (two keys), reaching
 * the service once when the Undo window has passed; "X" then Ctrl+Z takes a no-show back before anything is sent;
 * the grid is one Tab stop, the arrow keys go between appointments and keep the focused one in view; D, W and G
 * switch the view; the "?" list names these keys.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow, practiceWeekday } from './support/clock';
import { openSized, scheduleSettled, serviceCall, signedInSchedule, stats } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

type Participant = { state: string; check_in_state: string | null };

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Two visits that began a minute or two ago and end 20 minutes from now, nobody checked in yet, on two calendars.
 * Whoever is in a visit already under way is checked in first (as the owner, straight at the service), so these two
 * are the next patients due whatever hour the suite runs at.
 */
async function dueNow(): Promise<[number, number]> {
  const now = practiceNow();
  const { events } = await serviceCall<{ events: { id: number; start_time: string; end_time: string }[] }>(
    stack,
    'GET',
    `/v1/events?begin=${iso(now - 12 * 3600_000)}&end=${iso(now)}&page_size=500`,
  );
  for (const e of events)
    if (Date.parse(e.start_time) < now && Date.parse(e.end_time) > now)
      await serviceCall(stack, 'POST', '/v1/event/mark', { id: e.id, state: 'arrived' });
  const made = await serviceCall<{ events: { id: number }[] }>(stack, 'POST', '/v1/events', {
    events: [1, 2].map((n) => ({
      calendar_id: 1000 + n,
      title: `Keys visit - Kim Keys ${n}`,
      start_time: iso(now - (3 - n) * 60_000),
      end_time: iso(now + 20 * 60_000),
      participants: [{ name: `Kim Keys ${n}`, phone: `(312) 555-01${40 + n}` }],
    })),
  });
  return [made.events[0]!.id, made.events[1]!.id];
}

const participants = async (id: number) =>
  (await serviceCall<{ participants: Participant[] }>(stack, 'GET', `/v1/event?id=${id}`)).participants;

describe('the schedule from the keyboard', () => {
  it('checks in the next patient due in two keys, and takes a no-show back with Ctrl+Z', async () => {
    const [first, second] = await dueNow();
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-id') ?? null);

    // The grid's one Tab stop is the next patient due.
    const stops = page.locator('[data-testid="appointment"][tabindex="0"]');
    await expect.poll(() => stops.getAttribute('data-id')).toBe(String(first));
    expect(await stops.count()).toBe(1);

    const marksBefore = (await stats(stack)).eventMarks;
    await page.keyboard.press('n');
    await expect.poll(focusedId).toBe(String(first));
    await page.keyboard.press('a');
    await page.getByTestId('schedule-toast').getByText('Marked Keys visit for Kim Keys 1 as arrived').waitFor();
    // Sent once the Undo window has passed.
    await expect
      .poll(async () => (await participants(first)).map((p) => p.check_in_state), { timeout: 30_000 })
      .toEqual(['arrived']);
    expect((await stats(stack)).eventMarks).toBe(marksBefore + 1);

    // Now the second is due: "N" goes there; "X" marks a no-show and Ctrl+Z takes it back before it is sent.
    await page.keyboard.press('n');
    await expect.poll(focusedId).toBe(String(second));
    const block = page.locator(`[data-testid="appointment"][data-id="${second}"]`);
    await page.keyboard.press('x');
    await page.getByTestId('schedule-toast').getByText('Marked Keys visit for Kim Keys 2 as no-show').waitFor();
    // A no-show takes no room: its block goes, and focus stays in the grid, on an appointment near it.
    await block.waitFor({ state: 'detached' });
    await expect.poll(focusedId).not.toBeNull();
    await page.keyboard.press('Control+z');
    await block.waitFor();
    await expect.poll(() => block.getAttribute('data-state')).not.toBe('noshow');
    // Withdrawn from the outbox: nothing is left to send, and the service never heard of it.
    await expect.poll(() => page.getByTestId('queue-status').count()).toBe(0);
    expect((await stats(stack)).eventMarks).toBe(marksBefore + 1);
    expect((await participants(second)).map((p) => p.check_in_state)).toEqual([null]);
    expect(app.problems).toEqual([]);
  });

  it('moves between appointments with the arrows, keeps the focused one in view, and switches views', async () => {
    const app = await openSized(stack, { width: 1024, height: 700 });
    await signedInSchedule(app);
    const page = app.page;
    await page.getByRole('button', { name: 'Next day' }).click();
    await scheduleSettled(app);
    const stop = page.locator('[data-testid="appointment"][tabindex="0"]');
    await stop.focus();
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const id = await page.evaluate(() => document.activeElement?.getAttribute('data-id') ?? null);
      expect(id).not.toBeNull();
      seen.add(id!);
      // The focused block is in the scroller's view, below its sticky column heads.
      const inView = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const scroller = el.closest('.grid-scroll') as HTMLElement;
        const head = scroller.querySelector<HTMLElement>('.grid-head')!.offsetHeight;
        const box = scroller.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.bottom > box.top + head && r.top < box.bottom && r.right > box.left && r.left < box.right;
      });
      expect(inView, `appointment ${id} in view`).toBe(true);
      await page.keyboard.press(i % 4 === 3 ? 'ArrowRight' : 'ArrowDown');
    }
    expect(seen.size).toBeGreaterThan(4);
    expect(await page.locator('[data-testid="appointment"][tabindex="0"]').count()).toBe(1);

    // Enter opens the focused one.
    await page.keyboard.press('Enter');
    await page.getByTestId('appointment-details').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-details').waitFor({ state: 'detached' });

    const calendar = page.getByTestId('calendar');
    for (const [key, view] of [
      ['w', 'week'],
      ['g', 'agenda'],
      ['d', 'day'],
    ] as const) {
      await page.locator('body').press(key);
      await expect.poll(() => calendar.getAttribute('data-view')).toBe(view);
      if (view !== 'agenda') continue;
      // The Agenda's rows take the same check-in keys, with the same Undo.
      const row = page
        .locator('[data-testid="agenda"] [data-testid="appointment"]:has(.agenda-title:has-text(" - "))')
        .first();
      await row.focus();
      await page.keyboard.press('l');
      const toast = page.getByTestId('schedule-toast');
      await toast.getByText(/^Marked .* as arrived late\.$/).waitFor();
      await page.keyboard.press('Control+z');
      await toast.getByText(/^Marked /).waitFor({ state: 'detached' });
      await row.getByTestId('pending-mark').waitFor({ state: 'detached' });
    }

    // The "?" list is made from what the keys do.
    await page.locator('body').press('?');
    const list = page.getByTestId('shortcuts');
    for (const words of [
      'Calendar: go to the next patient due (today)',
      'Calendar: mark the focused appointment Arrived',
      'Calendar: mark the focused appointment No-show',
      'Calendar: Week view',
    ])
      await list.getByRole('cell', { name: words, exact: true }).waitFor();
    expect(app.problems).toEqual([]);
  });

  it('takes "+N more" into the arrows: still one Tab stop, Enter opens the visits it stands for', async () => {
    const day = practiceWeekday(2);
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${day}T16:00:00Z`))
      .find((p) => p.type === 'timeZoneName')!
      .value.replace('GMT', '');
    const made = await serviceCall<{ events: { id: number }[] }>(stack, 'POST', '/v1/events', {
      events: [1, 2, 3, 4, 5, 6].map((n) => ({
        calendar_id: 1001,
        title: `Crowd - Cy Crowd ${n}`,
        start_time: `${day}T10:0${n}:00${offset}`,
        end_time: `${day}T10:5${n}:00${offset}`,
        participants: [{ name: `Cy Crowd ${n}`, phone: `(312) 555-015${n}` }],
      })),
    });
    const app = await openSized(stack, { width: 1024, height: 700 });
    await signedInSchedule(app);
    const page = app.page;
    const calendar = page.getByTestId('calendar');
    for (let i = 0; i < 7 && (await calendar.getAttribute('data-anchor')) !== day; i++) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await scheduleSettled(app);
    }
    const column = page.getByRole('group', { name: 'Dr. Amelia Hart' });
    const more = column.getByTestId('more');
    await more.waitFor();
    const stops = page.locator(
      '[data-testid="time-grid"] [data-testid="appointment"][tabindex="0"], [data-testid="time-grid"] [data-testid="more"][tabindex="0"]',
    );
    expect(await stops.count()).toBe(1);
    expect(await more.getAttribute('tabindex')).toBe('-1');

    // From the first of the crowd, down through the lanes shown to "+N more".
    await page.locator(`[data-testid="appointment"][data-id="${made.events[0]!.id}"]`).focus();
    const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    for (let i = 0; i < 6 && (await focusedTestId()) !== 'more'; i++) await page.keyboard.press('ArrowDown');
    expect(await focusedTestId()).toBe('more');
    expect(await stops.count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByTestId('more-list').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('more-list').waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
  });
});
