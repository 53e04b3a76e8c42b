/**
 * The schedule's views through the browser host: the Day grid with a column per calendar, the calendar filter, the
 * date picker, Week and Agenda, the details panel — and every one of them in light and dark at 1280×800 and
 * 1024×700, screenshotted and scanned by axe (no serious or critical findings).
 */
import { describe, expect, it } from 'vitest';
import { practiceDay } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { useStack } from './support/stack';
import {
  axeProblems,
  nextBusyDay,
  openSized,
  scheduleSettled,
  serviceCall,
  shot,
  signedInSchedule,
} from './support/schedule';

const stack = useStack();

interface DayEvent {
  title: string;
  calendar_name: string;
  participants: { name: string; normalized_phone: string }[];
}

const CALENDARS = ['Dr. Amelia Hart', 'Dr. Samuel Okafor', 'Hygiene', 'Satellite Office (SQL)'];

/** The column heads as shown: the satellite office's (Denver) names its clock, the practice's calendars do not. */
const HEADS = CALENDARS.map((c) =>
  c.startsWith('Satellite') ? expect.stringMatching(/^Satellite Office \(SQL\)\s*· M[SD]T$/) : c,
);

/** "yyyy-MM-dd" `days` after today in the practice's zone, and how the schedule's heading names it. */
function shownDay(days: number): { key: string; label: RegExp } {
  const key = practiceDay(days);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return { key, label: new RegExp(`${month} ${d}, ${y}`) };
}

async function scan(app: FrontdeskPage, name: string): Promise<void> {
  await shot(app, name);
  expect(await axeProblems(app), name).toEqual([]);
}

describe('schedule views', () => {
  it('shows a day grid with a column per calendar, filters calendars, and moves by the date picker', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    expect(await page.getByTestId('column-head').allInnerTexts()).toEqual(HEADS);
    for (const name of CALENDARS) expect(await page.getByRole('group', { name }).count()).toBe(1);
    expect(await page.getByTestId('zone-label').innerText()).toMatch(/^Times in Chicago time/);

    // The filter (the bar's "Calendars") hides a calendar's column and its appointments.
    await page.getByRole('button', { name: /^Calendars/ }).click();
    await page.getByRole('checkbox', { name: 'Hygiene' }).uncheck();
    expect(await page.getByTestId('column-head').allInnerTexts()).toEqual(HEADS.filter((c) => c !== 'Hygiene'));
    expect(await page.getByRole('button', { name: /^Calendars/ }).innerText()).toContain('3 of 4');
    await page.getByRole('checkbox', { name: 'Hygiene' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Hygiene' }).waitFor({ state: 'detached' });

    // The date picker goes to a chosen day.
    const target = shownDay(2);
    await page.getByRole('button', { name: 'Choose a date' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a date' });
    await picker.getByRole('button', { name: target.label }).click();
    await scheduleSettled(app);
    const heading = await page.getByRole('heading', { level: 2 }).first().innerText();
    const [y, m, d] = target.key.split('-').map(Number) as [number, number, number];
    expect(heading).toContain(String(d));
    expect(heading).toContain(String(y));
    expect(m).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Today' }).click();
    await scheduleSettled(app);
    await nextBusyDay(app);
    // Appointments sit in their calendar's column.
    const hart = page.getByRole('group', { name: 'Dr. Amelia Hart' }).getByTestId('appointment');
    expect(await hart.count()).toBeGreaterThan(0);
    expect(app.problems).toEqual([]);
  });

  it('switches to Week (a column per day) and Agenda (a list by day), and back to Day', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await scheduleSettled(app);
    expect(await page.getByTestId('column-head').count()).toBe(7);
    expect(await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('appointment').first().waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await scheduleSettled(app);
    await page.getByTestId('appointment').first().waitFor();

    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await scheduleSettled(app);
    const list = page.getByRole('list', { name: 'Appointments by day' });
    await list.getByTestId('appointment').first().waitFor();
    expect(await list.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await scheduleSettled(app);
    expect(await page.getByTestId('column-head').allInnerTexts()).toEqual(HEADS);
  });

  it('opens the details of an appointment, named after it, and Escape closes them', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const block = page.getByRole('group', { name: 'Dr. Amelia Hart' }).getByTestId('appointment').first();
    // Its title is the second line of its hover text (a small block shows whom it is for, and says its title in its
    // name).
    const title = (await block.getAttribute('title'))!.split('\n')[1]!;
    await block.click();
    const details = page.getByRole('dialog', { name: title });
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain('Dr. Amelia Hart');
    expect(text).toMatch(/When[\s\S]*Calendar[\s\S]*Check-in/);
    expect(text).not.toMatch(/not_coming|check_in|_id/);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    // Focus goes back to the appointment the panel was opened from.
    expect(await block.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('"Print day sheet" (button or Ctrl+P) prints the day alone: by provider, times, patients, phones, notes', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    await nextBusyDay(app);
    const page = app.page;
    const id = await page.getByTestId('appointment').first().getAttribute('data-id');
    const { start_time } = await serviceCall<{ start_time: string }>(stack, 'GET', `/v1/event?id=${id}`);
    const day = start_time.slice(0, 10);
    const offset = start_time.slice(19);
    const { events } = await serviceCall<{ events: DayEvent[] }>(
      stack,
      'GET',
      `/v1/events?begin=${encodeURIComponent(`${day}T00:00:00${offset}`)}&end=${encodeURIComponent(`${day}T23:59:59${offset}`)}&page_size=500`,
    );

    // The browser host prints with the page's own dialog: count each call and what the sheet held at that moment.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number[] };
      w.printed = [];
      window.print = () => w.printed.push(document.querySelectorAll('[data-testid="day-sheet-row"]').length);
    });
    const printed = () => page.evaluate(() => (window as unknown as { printed: number[] }).printed);
    await page.getByRole('button', { name: 'Print day sheet' }).click();
    await expect.poll(printed).toEqual([events.length]);
    await page.getByTestId('day-sheet').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+p');
    await expect.poll(printed).toEqual([events.length, events.length]);
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    expect(await page.getByTestId('shortcuts').innerText()).toContain('Print day sheet');
    await page.keyboard.press('Escape');

    // Printed, the sheet is all there is: no header, tabs, buttons or grid.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('article', { name: 'Day sheet' });
    await sheet.waitFor();
    expect(await sheet.getByTestId('day-sheet-row').count()).toBe(events.length);
    for (const chrome of [
      page.getByTestId('practice-name'),
      page.getByRole('navigation', { name: 'Screens' }),
      page.getByRole('button', { name: 'Print day sheet' }),
      page.getByRole('region', { name: 'Day schedule' }),
      page.getByTestId('connectivity'),
    ])
      expect(await chrome.isVisible()).toBe(false);
    const providers = [...new Set(events.map((e) => e.calendar_name))];
    const headings = await sheet.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.map((h) => h.replace(/ \(\d+\)$/, '')).sort()).toEqual(providers.sort());
    const withPhone = events.find((e) => e.participants.some((p) => p.name && p.normalized_phone))!;
    const person = withPhone.participants.find((p) => p.name && p.normalized_phone)!;
    const row = await sheet.getByTestId('day-sheet-row').filter({ hasText: withPhone.title }).first().innerText();
    expect(row).toContain(person.name);
    expect(row.replace(/\D/g, '')).toContain(person.normalized_phone.slice(-4));
    expect(row).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M/);
    await page.screenshot({ path: 'test-results/screenshots/day-sheet-print.png', fullPage: true });
    await page.pdf({ path: 'test-results/screenshots/day-sheet.pdf', format: 'Letter' });
    await page.emulateMedia({ media: 'screen' });
    await sheet.waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  it('short appointments keep their time and patient readable; the whole is in the hover text and the name', async () => {
    const app = await openSized(stack, { width: 1024, height: 700 });
    await signedInSchedule(app);
    const page = app.page;
    type Look = {
      size: string;
      inside: boolean;
      font: number;
      time: string;
      timeCut: boolean;
      shown: string;
      ellipsis: string;
      title: string;
      name: string;
    };
    const look = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="appointment"]')]
          .filter((b) => b.classList.contains('appt-tiny') || b.classList.contains('appt-short'))
          .map((b) => {
            const box = b.getBoundingClientRect();
            const time = b.querySelector<HTMLElement>('.appt-time')!;
            // Whom it is for, or the title when it names no one.
            const who = b.querySelector<HTMLElement>('.appt-who') ?? b.querySelector<HTMLElement>('.appt-title')!;
            const within = (el: HTMLElement) => {
              const r = el.getBoundingClientRect();
              return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
            };
            return {
              size: b.classList.contains('appt-tiny') ? 'tiny' : 'short',
              inside: within(time) && within(who),
              font: parseFloat(getComputedStyle(time).fontSize),
              time: time.innerText,
              timeCut: time.scrollWidth > time.clientWidth + 1,
              shown: who.innerText,
              ellipsis: getComputedStyle(who).textOverflow,
              // The second line of the hover text; the name is its label, or its words when it shows them all.
              title: b.title.split('\n')[1] ?? '',
              name: b.getAttribute('aria-label') ?? b.innerText,
            };
          }),
      ) as Promise<Look[]>;
    // Down each day until a 15-minute block is in view: the grid holds only the blocks in view, and the first view
    // opens at the hour it is (at 00:30, or on a Sunday, it holds none).
    const grid = page.getByTestId('time-grid').locator('.grid-scroll');
    const hasTiny = () => seen.some((b) => b.size === 'tiny');
    let seen: Look[] = [];
    for (let i = 0; i < 8 && !hasTiny(); i++) {
      if (i > 0) await page.getByRole('button', { name: 'Next day' }).click();
      await scheduleSettled(app);
      const { height, step } = await grid.evaluate((el) => ({ height: el.scrollHeight, step: el.clientHeight / 2 }));
      for (let top = 0; top < height && !hasTiny(); top += step) {
        await grid.evaluate((el, y) => {
          el.scrollTop = y;
        }, top);
        // Two frames: the scroll event re-renders the blocks in view.
        await page.evaluate(
          () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
        );
        seen = await look();
      }
    }
    expect(seen.some((b) => b.size === 'tiny')).toBe(true);
    for (const b of seen) {
      expect(b.inside, `${b.time} ${b.title}`).toBe(true);
      expect(b.font).toBeGreaterThanOrEqual(11);
      // A satellite office's block names its clock ("10:00 AM MST"), the practice's do not.
      expect(b.time).toMatch(/^\d{1,2}:\d{2}( [AP]M)?( M[SD]T)?$/);
      expect(b.timeCut, b.time).toBe(false);
      expect(b.shown.length).toBeGreaterThan(0);
      expect(b.ellipsis).toBe('ellipsis');
      expect(b.title.length).toBeGreaterThan(0);
      expect(b.name, 'its name says its whole title').toContain(b.title);
    }
    // The accessible name carries the whole title, not only what fits.
    const tiny = seen.find((b) => b.size === 'tiny')!;
    const named = page.getByRole('button', { name: new RegExp(tiny.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await named.count()).toBeGreaterThan(0);
    await shot(app, 'schedule-short-blocks-1024x700-light');
    expect(app.problems).toEqual([]);
    await page.context().close();
  });

  // One test per size and theme, so each stays well inside the time limit on a loaded 2-core CI machine.
  const looks = [
    [1280, 800, false],
    [1280, 800, true],
    [1024, 700, false],
    [1024, 700, true],
  ] as const;
  it.each(looks)('looks right and passes axe at %i×%i (dark: %s)', async (width, height, dark) => {
    const app = await openSized(stack, { width, height, dark });
    await signedInSchedule(app);
    const page = app.page;
    const tag = `${width}x${height}-${dark ? 'dark' : 'light'}`;
    // axe runs in this tab: a tab of its own would leave this one in the background, drawn a frame or two a second.
    let tabsOpened = 0;
    page.context().on('page', () => tabsOpened++);
    await nextBusyDay(app);
    await scan(app, `schedule-day-${tag}`);
    // The schedule fills the width: as far from the right edge as from the left (it stopped 40 px short at 1280).
    const card = (await page.getByTestId('calendar').boundingBox())!;
    expect(Math.abs(width - (card.x + card.width) - card.x), tag).toBeLessThanOrEqual(1);

    await page.getByTestId('appointment').first().click({ button: 'right' });
    await page.getByRole('menu').waitFor();
    await scan(app, `schedule-menu-${tag}`);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await page.getByRole('group', { name: 'Dr. Amelia Hart' }).getByTestId('appointment').first().click();
    await page.getByTestId('appointment-details').waitFor();
    await scan(app, `schedule-details-${tag}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('appointment-details').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New appointment' }).click();
    await page.getByRole('dialog', { name: 'New appointment' }).waitFor();
    await page.getByRole('button', { name: 'Add appointment' }).click();
    await page.getByText('Enter what the appointment is for.').waitFor();
    await scan(app, `schedule-editor-${tag}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await scheduleSettled(app);
    await page.getByTestId('appointment').first().waitFor();
    await scan(app, `schedule-week-${tag}`);

    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await scheduleSettled(app);
    await page.getByTestId('agenda').getByTestId('appointment').first().waitFor();
    await scan(app, `schedule-agenda-${tag}`);
    expect(app.problems).toEqual([]);
    expect(tabsOpened, 'tabs opened by the scans').toBe(0);
    await page.context().close();
  });
});
