/**
 * The schedule at a glance through the browser host: a 15-minute visit shows its time, patient and state icon, its
 * whole state in its accessible name; cancelled visits take no room until "Show cancelled"; a crowded hour shows
 * "+N more", which opens its visits; the Key explains the states; one toolbar row at 1280×800 and at most two at
 * 1024×700, where the Day view shows at least eight hours; the grid opens near now today and at the first visit on
 * another day; the now-line runs under the blocks; the status bar says when the desk last heard from the service.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { practiceNow, practiceWeekday } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import {
  appointmentsNamed,
  axeProblems,
  openSized,
  scheduleSettled,
  serviceCall,
  shot,
  signedInSchedule,
} from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();

/** A weekday ahead, seeded once: a 15-minute visit arrived late, a cancelled one beside it, and a crowded hour. */
const DAY = practiceWeekday(3);
const CROWD = 7;
let seeded: { late: number; cancelled: number; crowd: number[] } | null = null;

async function seed(): Promise<NonNullable<typeof seeded>> {
  if (seeded) return seeded;
  const at = (hhmm: string) => `${DAY}T${hhmm}:00`;
  const visit = (title: string, name: string, from: string, to: string, n: number) => ({
    calendar_id: 1001,
    title: `${title} - ${name}`,
    start_time: at(from),
    end_time: at(to),
    time_zone: 'America/Chicago',
    participants: [{ name, phone: `(312) 555-02${String(n).padStart(2, '0')}` }],
  });
  const made = await serviceCall<{ events: { id: number }[] }>(stack, 'POST', '/v1/events', {
    events: [
      visit('Check-up', 'Ada Glance', '06:00', '06:15', 1),
      visit('Cleaning', 'Bo Cancelled', '06:00', '06:30', 2),
      ...Array.from({ length: CROWD }, (_, i) => visit('Crowd', `Pat Crowd ${i + 1}`, '06:30', '07:15', 10 + i)),
    ],
  });
  const [late, cancelled, ...crowd] = made.events.map((e) => e.id) as [number, number, ...number[]];
  await serviceCall(stack, 'POST', '/v1/event/mark', { id: late, state: 'late' });
  await serviceCall(stack, 'POST', '/v1/event/mark', { id: cancelled, state: 'needs_reschedule' });
  seeded = { late, cancelled, crowd };
  return seeded;
}

/** Goes to DAY by typing it into the date picker (its segments take digits) and Enter. */
async function goToDay(app: FrontdeskPage): Promise<void> {
  const [y, m, d] = DAY.split('-');
  await app.page.getByRole('spinbutton', { name: /month/i }).first().click();
  await app.page.keyboard.type(`${m}${d}${y}`);
  await app.page.keyboard.press('Enter');
  await app.page.locator(`[data-testid="calendar"][data-anchor="${DAY}"]`).waitFor();
  await scheduleSettled(app);
}

const block = (page: Page, id: number) => page.locator(`[data-testid="appointment"][data-id="${id}"]`);

/** The rows the schedule's bar takes (its controls' distinct tops). */
async function barRows(page: Page): Promise<number> {
  return page.getByTestId('schedule-bar').evaluate((bar) => {
    // Each control's middle; a row starts where one is more than 16 px below the last.
    const middles = [...bar.querySelectorAll<HTMLElement>('button, label, h2, .date-picker')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      })
      .sort((a, b) => a - b);
    return middles.filter((y, i) => i === 0 || y - middles[i - 1]! > 16).length;
  });
}

/** Is `el`'s box inside the grid's scroller, below its sticky heads? */
async function inGridView(page: Page, selector: string): Promise<boolean> {
  return page.getByTestId('time-grid').evaluate((grid, sel) => {
    const scroller = grid.querySelector<HTMLElement>('.grid-scroll')!;
    const head = scroller.querySelector<HTMLElement>('.grid-head')!.getBoundingClientRect();
    const box = scroller.getBoundingClientRect();
    const el = grid.querySelector<HTMLElement>(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= head.bottom - 1 && r.bottom <= box.top + scroller.clientHeight + 1;
  }, selector);
}

describe('the schedule at a glance', () => {
  it('a 15-minute visit shows its state; cancelled ones take no room until shown; "+N more" opens the rest', async () => {
    const ids = await seed();
    const app = await openSized(stack, { width: 1280, height: 800 });
    await signedInSchedule(app);
    const page = app.page;
    expect(await barRows(page)).toBe(1);
    await goToDay(app);

    // Another day opens at its first visit.
    const late = block(page, ids.late);
    await late.waitFor();
    expect(await inGridView(page, `[data-id="${ids.late}"]`)).toBe(true);

    // The 15-minute visit: one line with its time, patient and state icon; its whole state in its name.
    expect(await late.getAttribute('data-state')).toBe('late');
    const box = (await late.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(14);
    const icon = late.getByTestId('state-icon');
    expect(await icon.isVisible()).toBe(true);
    expect(await icon.getAttribute('data-icon')).toBe('late');
    const iconBox = (await icon.boundingBox())!;
    expect(iconBox.width).toBeGreaterThan(6);
    expect(iconBox.y).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(iconBox.y + iconBox.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
    expect(await late.locator('.appt-time').innerText()).toMatch(/^6:00( AM)?$/);
    expect(await late.locator('.appt-who').innerText()).toBe('Ada Glance');
    // Its name starts with what it shows (the time, whom it is for), then says its title and state.
    const named = page.getByRole('button', {
      name: /^6:00 (AM|\(AM\)) Ada Glance Check-up - Ada Glance Arrived late$/,
    });
    expect(await named.getAttribute('data-id')).toBe(String(ids.late));

    // The cancelled visit beside it is hidden, and takes no lane: the 15-minute one has the column's width.
    const column = (await page.getByRole('group', { name: 'Dr. Amelia Hart' }).boundingBox())!;
    expect(await block(page, ids.cancelled).count()).toBe(0);
    expect(box.width).toBeGreaterThan(column.width - 10);
    const toggle = page.getByRole('checkbox', { name: /Show cancelled/ });
    expect(await page.getByTestId('show-cancelled').innerText()).toMatch(/Show cancelled \(\d+\)/);
    await shot(app, 'schedule-glance-day-1280x800-light');
    await toggle.check();
    const cancelled = block(page, ids.cancelled);
    await cancelled.waitFor();
    await shot(app, 'schedule-glance-cancelled-shown-1280x800-light');
    expect(await axeProblems(app)).toEqual([]);
    expect(await cancelled.getAttribute('data-state')).toBe('reschedule');
    await expect.poll(async () => (await late.boundingBox())!.width).toBeLessThan(column.width * 0.6);
    expect(
      await page.getByRole('button', { name: /Cleaning - Bo Cancelled[\s\S]*Cancelled — wants a new time/ }).count(),
    ).toBe(1);
    await toggle.uncheck();
    await cancelled.waitFor({ state: 'detached' });

    // The Agenda follows the same toggle, each row with its state's icon.
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await scheduleSettled(app);
    const row = (id: number) => page.locator(`[data-testid="agenda"] [data-testid="appointment"][data-id="${id}"]`);
    await row(ids.late).waitFor();
    expect(await row(ids.late).getAttribute('data-state')).toBe('late');
    expect(await row(ids.late).getByTestId('state-icon').isVisible()).toBe(true);
    expect(await row(ids.cancelled).count()).toBe(0);
    await toggle.check();
    await row(ids.cancelled).waitFor();
    await toggle.uncheck();
    await row(ids.cancelled).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await scheduleSettled(app);

    // The crowded hour: as many lanes as are readable, then "+N more", which lists the others; each opens.
    const more = page.getByRole('group', { name: 'Dr. Amelia Hart' }).getByTestId('more');
    await more.waitFor();
    const n = Number(/\+(\d+) more/.exec(await more.innerText())![1]);
    const shownCrowd = await appointmentsNamed(
      page.getByRole('group', { name: 'Dr. Amelia Hart' }),
      'Pat Crowd',
    ).count();
    expect(n).toBeGreaterThan(0);
    expect(shownCrowd + n).toBe(CROWD);
    await more.click();
    const list = page.getByTestId('more-list');
    await list.waitFor();
    const entries = list.getByTestId('more-entry');
    expect(await entries.count()).toBe(n);
    await shot(app, 'schedule-glance-more-1280x800-light');
    expect(await axeProblems(app)).toEqual([]);
    const title = (await entries.first().locator('.more-what').innerText()).split(',')[0]!.trim();
    await entries.first().click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-details').waitFor({ state: 'detached' });

    // The Key, from the keyboard: every state with its words.
    await page.getByRole('button', { name: 'Key', exact: true }).focus();
    await page.keyboard.press('Enter');
    const key = page.getByTestId('schedule-key');
    await key.waitFor();
    await shot(app, 'schedule-glance-key-1280x800-light');
    expect(await axeProblems(app)).toEqual([]);
    const keyText = await key.innerText();
    for (const words of ['Confirmed', 'Arrived', 'Arrived late', 'No-show', 'Waiting to sync', 'Needs attention'])
      expect(keyText).toContain(words);
    await page.keyboard.press('Escape');
    await key.waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('at 1024×700: two bar rows at most, eight hours of the day, opening near now with the line under the blocks', async () => {
    const ids = await seed();
    const app = await openSized(stack, { width: 1024, height: 700 });
    await signedInSchedule(app);
    const page = app.page;
    expect(await barRows(page)).toBeLessThanOrEqual(2);
    await shot(app, 'schedule-glance-today-1024x700-light');

    // At least eight hours of the Day grid in view.
    const hours = await page.getByTestId('time-grid').evaluate((grid) => {
      const scroller = grid.querySelector<HTMLElement>('.grid-scroll')!;
      const head = scroller.querySelector<HTMLElement>('.grid-head')!.offsetHeight;
      const hourPx = scroller.querySelector<HTMLElement>('.grid-body')!.offsetHeight / 24;
      return (scroller.clientHeight - head) / hourPx;
    });
    expect(hours).toBeGreaterThanOrEqual(8);

    // Today opens near now: the now-line is in view, an hour or less below the top (less when the day's end is near).
    const nowLine = page.getByTestId('now-line').first();
    await nowLine.waitFor();
    expect(await inGridView(page, '[data-testid="now-line"]')).toBe(true);
    const { below, atEnd } = await page.getByTestId('time-grid').evaluate((grid) => {
      const scroller = grid.querySelector<HTMLElement>('.grid-scroll')!;
      const head = scroller.querySelector<HTMLElement>('.grid-head')!.getBoundingClientRect().bottom;
      const hourPx = scroller.querySelector<HTMLElement>('.grid-body')!.offsetHeight / 24;
      const line = grid.querySelector<HTMLElement>('[data-testid="now-line"]')!.getBoundingClientRect().top;
      return {
        below: (line - head) / hourPx,
        atEnd: scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 2,
      };
    });
    // An hour before now is at the top, unless the grid ends first (the evening).
    if (!atEnd) expect(below).toBeLessThanOrEqual(1.05);
    expect(below).toBeGreaterThanOrEqual(0);

    // The now-line runs under the appointments' text.
    const [lineZ, blockZ] = await page.evaluate(() => {
      const line = document.querySelector('[data-testid="now-line"]')!;
      // A block as the grid draws one (none may be in view at half past midnight).
      const probe = document.createElement('button');
      probe.className = 'appt';
      line.parentElement!.append(probe);
      const z: [number, number] = [Number(getComputedStyle(line).zIndex), Number(getComputedStyle(probe).zIndex)];
      probe.remove();
      return z;
    });
    expect(lineZ).toBeLessThan(blockZ);

    // The week can be read: every block in view is wide enough for its time, which is never cut.
    await goToDay(app);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await scheduleSettled(app);
    await block(page, ids.late).waitFor();
    await shot(app, 'schedule-glance-week-1024x700-light');
    const narrow = await page.getByTestId('time-grid').evaluate((grid) =>
      [...grid.querySelectorAll<HTMLElement>('[data-testid="appointment"]')]
        .filter((b) => {
          const time = b.querySelector<HTMLElement>('.appt-time')!;
          // Cut by an ellipsis: even a pixel over is a character gone.
          return b.getBoundingClientRect().width < 52 || time.scrollWidth > time.clientWidth;
        })
        .map((b) => b.title.split('\n')[0]),
    );
    expect(narrow).toEqual([]);
    expect(await page.getByTestId('time-grid').getByTestId('more').count()).toBeGreaterThan(0);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it(
    'the status bar says "Up to date" with the time of the last refresh, and it moves on',
    { timeout: 120_000 },
    async () => {
      const app = await openSized(stack);
      await signedInSchedule(app);
      const status = app.page.getByTestId('connectivity');
      const minuteOf = (text: string) => /^Up to date · (\d{1,2}:\d{2} [AP]M)( C[SD]T)?$/.exec(text)?.[1] ?? null;
      await expect.poll(async () => minuteOf(await status.innerText())).not.toBeNull();
      const first = minuteOf(await status.innerText());
      // The schedule refreshes every 10 s: within a minute and a refresh the time shown is the next minute's.
      await expect
        .poll(async () => minuteOf(await status.innerText()), { timeout: 85_000, interval: 1000 })
        .not.toBe(first);
      const now = new Date(practiceNow()).toLocaleTimeString('en-US', {
        timeZone: 'America/Chicago',
        hour: 'numeric',
        minute: '2-digit',
      });
      const shown = minuteOf(await status.innerText())!;
      const toMin = (t: string) => {
        const [, h, m, p] = /^(\d+):(\d+) ([AP])M/.exec(t)!;
        return ((Number(h) % 12) + (p === 'P' ? 12 : 0)) * 60 + Number(m);
      };
      expect(Math.abs(toMin(shown) - toMin(now))).toBeLessThanOrEqual(1);
      await app.page.context().close();
    },
  );
});
