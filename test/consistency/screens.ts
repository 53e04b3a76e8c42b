/**
 * The tabs of one browser host, each parked on one screen (they share core), and what each shows of an appointment:
 * read from the DOM by test ids and data-* hooks, in one page call per screen where the list is virtualised.
 */
import type { Page } from 'playwright-core';
import type { FrontdeskPage } from '../e2e/support/driver';

/** A screen that shows appointments. */
export type ScreenName =
  | 'schedule'
  | 'details'
  | 'agenda'
  | 'day sheet'
  | 'bookings'
  | 'contact'
  | 'contact bookings'
  | 'find a patient'
  | 'outbox';

/** What one screen shows of one appointment (shown: false when it is not there). */
export interface Seen {
  screen: ScreenName;
  /** The appointment (or, for the Bookings rows, the booking's appointment) it is about. */
  id: number;
  shown: boolean;
  /** The screen's own words for it, for the report. */
  text: string;
  /** The part that tells its time (and day and zone, where the screen says them). */
  when?: string;
  /** The person's confirmation or check-in words, where the screen says them. */
  person?: string;
  /** The booking state the row or badge carries (data-state), where it shows one. */
  bookingState?: string | null;
  /** Whether the screen says a change of it is waiting to sync. */
  pending?: boolean;
}

/** A count a screen shows. */
export interface SeenCount {
  screen: string;
  what: string;
  count: number;
}

type Tab = FrontdeskPage;

// CSS, not roles: the tab printing the day sheet hides the app (print media), and roles find only what is shown.
const nav = (page: Page, label: string) =>
  page.locator('nav[aria-label="Screens"] button').filter({ hasText: new RegExp(`^${label}`) });

/** Opens a screen from the tab bar unless it is open. */
export async function goScreen(tab: Tab, label: string): Promise<void> {
  const button = nav(tab.page, label);
  if ((await button.getAttribute('aria-current')) !== 'page') await button.dispatchEvent('click');
}

/** Closes whatever dialog is open (details, finder, a contact). */
async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) await page.keyboard.press('Escape');
}

/** yyyy-MM-dd `n` days after `day`. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days between two yyyy-MM-dd. */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);

/**
 * Puts the schedule of a tab in `view` on `day` (Day) or on seven days holding it (Agenda), by its own
 * buttons (clicked as events, so a tab printing the day sheet is driven too), and waits for it to load.
 */
export async function scheduleOn(tab: Tab, view: 'day' | 'agenda', day: string): Promise<void> {
  const page = tab.page;
  await goScreen(tab, 'Calendar');
  const calendar = page.getByTestId('calendar');
  await calendar.waitFor({ state: 'attached' });
  // Cancelled and no-show visits are hidden unless shown: the run follows every one the service has.
  const gone = page.locator('[data-testid="show-cancelled"] input');
  if (!(await gone.isChecked())) {
    await gone.dispatchEvent('click');
    await page.locator('[data-testid="show-cancelled"] input:checked').waitFor({ state: 'attached' });
  }
  if ((await calendar.getAttribute('data-view')) !== view) {
    await page
      .locator('[role="group"][aria-label="View"] button')
      .filter({ hasText: new RegExp(`^${view === 'day' ? 'Day' : 'Agenda'}$`) })
      .dispatchEvent('click');
    await page.locator(`[data-testid="calendar"][data-view="${view}"]`).waitFor({ state: 'attached' });
  }
  const unit = view === 'day' ? 'day' : 'week';
  const step = view === 'day' ? 1 : 7;
  for (let i = 0; i < 40; i++) {
    const anchor = (await calendar.getAttribute('data-anchor')) ?? day;
    // The Agenda shows seven days from its anchor: any anchor up to six days before the day will do.
    const ahead = daysBetween(anchor, day);
    if (view === 'day' ? ahead === 0 : ahead >= 0 && ahead < 7) break;
    await page.locator(`button[aria-label="${ahead > 0 ? 'Next' : 'Previous'} ${unit}"]`).dispatchEvent('click');
    const moved = addDays(anchor, ahead > 0 ? step : -step);
    await page.locator(`[data-testid="calendar"][data-anchor="${moved}"]`).waitFor({ state: 'attached' });
  }
  await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor({ state: 'attached' });
}

interface BlockData {
  time: string;
  title: string;
  badges: { testid: string | null; state: string | null; text: string }[];
  pending: string | null;
}

/**
 * Scrolls a virtualised list (the Day grid or the Agenda) from top to bottom in the page, collecting the rows of
 * `ids` as they come into view, and the Agenda's day headings.
 */
async function scan(
  page: Page,
  scroller: string,
  ids: number[],
  /** Whether the rows ought to be there (then one not found is looked for again). */
  expected = true,
): Promise<{ rows: Record<number, BlockData>; days: Record<string, number>; drawn: string }> {
  return page.evaluate(
    async ([scrollerSelector, wanted, wantedTwice]) => {
      const box = document.querySelector<HTMLElement>(scrollerSelector);
      const rows: Record<number, BlockData> = {};
      const days: Record<string, number> = {};
      const listed = new Set<string>();
      if (!box) return { rows, days, drawn: `no ${scrollerSelector} in the page` };
      // Two frames let the virtualiser render what the scroll brought into view; a hidden tab draws no frames, so a
      // short timer stands in.
      const frame = () =>
        Promise.race([
          new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
          new Promise<void>((done) => setTimeout(done, 100)),
        ]);
      const collect = () => {
        for (const id of wanted) {
          if (rows[id]) continue;
          const el = box.querySelector(`[data-testid="appointment"][data-id="${id}"]`);
          if (!el) continue;
          rows[id] = {
            time: (el.querySelector('.appt-time, .agenda-when')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
            title: el.querySelector('.appt-title, .agenda-title')?.textContent ?? '',
            badges: [...el.querySelectorAll('.badge')].map((b) => ({
              testid: b.getAttribute('data-testid'),
              state: b.getAttribute('data-state'),
              text: (b.textContent ?? '').replace(/\s+/g, ' ').trim(),
            })),
            pending: el.getAttribute('data-pending'),
          };
        }
        for (const h of box.querySelectorAll<HTMLElement>('[data-day][data-count]'))
          days[h.dataset.day!] = Number(h.dataset.count);
        for (const el of box.querySelectorAll<HTMLElement>('[data-testid="appointment"][data-id]'))
          listed.add(el.dataset.id!);
      };
      // A pass from the top; a list drawn late on a busy machine may skip rows at a scroll position, so one not
      // found is looked for again, waiting longer at each position.
      for (const settle of wantedTwice ? [0, 300] : [0]) {
        box.scrollTop = 0;
        await frame();
        if (settle) await new Promise<void>((done) => setTimeout(done, settle));
        collect();
        for (let top = 0; top < box.scrollHeight && Object.keys(rows).length < wanted.length;) {
          top += Math.max(100, box.clientHeight * 0.6);
          box.scrollTop = top;
          await frame();
          if (settle) await new Promise<void>((done) => setTimeout(done, settle));
          collect();
        }
        if (Object.keys(rows).length === wanted.length) break;
      }
      // What the list held, for a report of a row not found in it.
      const calendar = document.querySelector<HTMLElement>('[data-testid="calendar"]');
      const drawn =
        `${listed.size} appointments drawn (${[...listed].slice(0, 40).join(' ')}), days ${JSON.stringify(days)}, ` +
        `scroll ${box.scrollTop}/${box.scrollHeight} in ${box.clientHeight}, calendar ${JSON.stringify(calendar?.dataset ?? null)}, ` +
        `visibility ${document.visibilityState}`;
      return { rows, days, drawn };
    },
    [scroller, ids, expected] as const,
  );
}

const blockText = (b: BlockData) => [b.time, b.title, ...b.badges.map((x) => x.text)].join(' | ');

/** Booking words on a block or row (its booking badge), apart from the person's words. */
function bookingOf(b: BlockData): string | null {
  return b.badges.find((x) => x.testid === 'booking-state')?.state ?? null;
}

/** The person's words on a block (check-in or confirmation badges; not the booking's, a reply's or a waiting one). */
function personWords(b: BlockData): string {
  return b.badges
    .filter((x) => x.testid === null || x.testid === 'check-in')
    .filter((x) => !/waiting to sync|Needs attention/i.test(x.text))
    .map((x) => x.text)
    .join(' ');
}

/** The schedule's Day grid on the day: each appointment's block; and the details of `detailsOf`. */
export async function readSchedule(
  tab: Tab,
  day: string,
  today: string,
  ids: number[],
  detailsOf: number | null,
  /** Whether they ought to be there (not cancelled). */
  expected = true,
): Promise<{ seen: Seen[]; columns: string[] }> {
  await closeDialogs(tab.page);
  await scheduleOn(tab, 'day', day);
  const { rows } = await scan(tab.page, '[data-testid="time-grid"] .grid-scroll', ids, expected);
  const seen: Seen[] = ids.map((id) => {
    const b = rows[id];
    return b
      ? {
          screen: 'schedule',
          id,
          shown: true,
          text: blockText(b),
          when: b.time,
          person: personWords(b),
          bookingState: bookingOf(b),
          pending: b.pending !== null,
        }
      : { screen: 'schedule', id, shown: false, text: '' };
  });
  const columns = await tab.page.getByTestId('column-head').allInnerTexts();
  if (detailsOf !== null && rows[detailsOf]) seen.push(await readDetails(tab, detailsOf));
  return { seen, columns };
}

/** Opens an appointment's details from its block and reads them. */
async function readDetails(tab: Tab, id: number): Promise<Seen> {
  const page = tab.page;
  const block = page.locator(`[data-testid="time-grid"] [data-testid="appointment"][data-id="${id}"]`);
  await page.evaluate((wanted) => {
    document.querySelector(`[data-testid="appointment"][data-id="${wanted}"]`)?.scrollIntoView({ block: 'center' });
  }, id);
  await block.click();
  const details = page.getByTestId('appointment-details');
  await details.waitFor();
  // One page call for all of it (each call waits its turn on a busy machine).
  const { when, people, note, waiting } = await details.evaluate((el) => {
    const words = (n: Element | null | undefined) => (n as HTMLElement | null)?.innerText ?? n?.textContent ?? '';
    return {
      when: words(el.querySelector('dd')),
      people: [...el.querySelectorAll('.person-state')].map(words),
      note: el.querySelector('[data-testid="booking-note"]')?.getAttribute('data-state') ?? null,
      waiting: [...el.querySelectorAll('.notice-info')].map(words),
    };
  });
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
  return {
    screen: 'details',
    id,
    shown: true,
    text: `${when} | ${people.join(' ')}`,
    when,
    person: people.join(' '),
    bookingState: note,
    pending: waiting.some((w) => /waiting to sync|Cancelling/i.test(w)),
  };
}

/** The Agenda's rows of the appointments, and its day headings' counts. */
export async function readAgenda(
  tab: Tab,
  day: string,
  today: string,
  ids: number[],
  /** Whether they ought to be there (not cancelled). */
  expected = true,
): Promise<{ seen: Seen[]; counts: SeenCount[] }> {
  await closeDialogs(tab.page);
  await scheduleOn(tab, 'agenda', day);
  const { rows, days, drawn } = await scan(tab.page, '[data-testid="agenda"]', ids, expected);
  // What the list held, when a row it ought to show was not in it (a list that stopped drawing keeps its old rows).
  if (process.env.CONSISTENCY_VERBOSE && expected && ids.some((id) => !rows[id]))
    console.log(`agenda: ${ids.filter((id) => !rows[id]).join(', ')} not found; ${drawn}`);
  return {
    seen: ids.map((id) => {
      const b = rows[id];
      return b
        ? {
            screen: 'agenda',
            id,
            shown: true,
            text: blockText(b),
            when: b.time,
            person: personWords(b),
            bookingState: bookingOf(b),
            pending: b.pending !== null,
          }
        : { screen: 'agenda', id, shown: false, text: '' };
    }),
    counts: Object.entries(days).map(([d, count]) => ({ screen: 'agenda', what: d, count })),
  };
}

/** The printed day sheet of the day (the tab renders it as print media). */
export async function readDaySheet(
  tab: Tab,
  day: string,
  today: string,
  ids: number[],
): Promise<{ seen: Seen[]; counts: SeenCount[] }> {
  await scheduleOn(tab, 'day', day);
  const sheet = tab.page.locator(`[data-testid="day-sheet"][data-day="${day}"]`);
  await sheet.waitFor({ state: 'attached' });
  const data = await sheet.evaluate((el, wanted) => {
    const rows: Record<number, { text: string; when: string }> = {};
    const words = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (const id of wanted) {
      const row = el.querySelector(`[data-testid="day-sheet-row"][data-id="${id}"]`);
      if (row) rows[id] = { text: words(row), when: words(row.querySelector('td')) };
    }
    return { rows, count: Number(el.getAttribute('data-count')), head: el.querySelector('header')?.textContent ?? '' };
  }, ids);
  return {
    seen: ids.map((id) =>
      data.rows[id] !== undefined
        ? {
            screen: 'day sheet',
            id,
            shown: true,
            text: `${data.rows[id].text} | ${data.head}`,
            // The sheet names its zone once, in its heading ("Times in Chicago time (CST)").
            when: `${data.rows[id].when} ${/\(([A-Z]{2,5})\)/.exec(data.head)?.[1] ?? ''}`.trim(),
          }
        : { screen: 'day sheet', id, shown: false, text: '' },
    ),
    counts: [{ screen: 'day sheet', what: day, count: data.count }],
  };
}

/** The Bookings screen's row of a booking (`bookingId`), for the appointment `id`. */
export async function readBookings(tab: Tab, bookings: { id: number; bookingId: number }[]): Promise<Seen[]> {
  await closeDialogs(tab.page);
  await goScreen(tab, 'Bookings');
  await tab.page.locator('[data-testid="bookings"][data-loading="false"]').waitFor();
  const rows = await tab.page.evaluate(
    (ids) =>
      ids.map((id) => {
        const row = document.querySelector<HTMLElement>(`[data-testid="booking-row"][data-id="${id}"]`);
        if (!row) return null;
        return {
          text: row.innerText,
          when: row.querySelector('td')?.innerText ?? '',
          state: row.getAttribute('data-state'),
        };
      }),
    bookings.map((b) => b.bookingId),
  );
  return bookings.map((b, i): Seen => {
    const row = rows[i];
    return row
      ? {
          screen: 'bookings',
          id: b.id,
          shown: true,
          text: row.text.replace(/\s+/g, ' '),
          when: row.when.replace(/\s+/g, ' '),
          bookingState: row.state,
        }
      : { screen: 'bookings', id: b.id, shown: false, text: '' };
  });
}

/**
 * Find a patient for `name` (its match's "Next: …"), then the contact it opens: the upcoming appointment `id` and the
 * booking `bookingId` in its history.
 */
export async function readPatient(
  tab: Tab,
  name: string,
  id: number,
  bookingId: number | null,
): Promise<{ seen: Seen[]; next: string; counts: SeenCount[] }> {
  const page = tab.page;
  await closeDialogs(page);
  await page
    .getByRole('button', { name: /Find a patient/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Find a patient' });
  await dialog.waitFor();
  await dialog.getByRole('searchbox').fill(name);
  await dialog.locator('[data-settled="true"]').waitFor();
  // A match by its name (not the "No patients match …" line, which names what was typed).
  const match = dialog
    .getByRole('option')
    .filter({ has: page.locator('.finder-name').getByText(name, { exact: true }) })
    .first();
  const seen: Seen[] = [];
  if ((await match.count()) === 0) {
    await page.keyboard.press('Escape');
    return {
      seen: [{ screen: 'find a patient', id, shown: false, text: `no match for ${name}` }],
      next: '',
      counts: [],
    };
  }
  const nextText = match.locator('.finder-next');
  // Its next appointment is read after the matches: wait for the words, not for time.
  await nextText
    .filter({ hasText: /\S/ })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  // The list may be drawn again meanwhile (the finder reads on): then its words are read as none, not waited for.
  const next = ((await nextText.textContent({ timeout: 2_000 }).catch(() => '')) ?? '').replace(/\s+/g, ' ').trim();
  await match.click();
  const details = page.getByTestId('contact-details');
  // Offline, a contact not read before has no history to show: Find a patient's words still count.
  const opened = await details
    .getByTestId('contact-history')
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) return { seen, next, counts: [] };
  // One page call for the history (each call waits its turn on a busy machine).
  const h = await details.getByTestId('contact-history').evaluate(
    (history, [apptId, bookId]) => {
      const words = (n: Element | null | undefined) => (n as HTMLElement | null)?.innerText ?? n?.textContent ?? '';
      const upcoming = [...history.querySelectorAll('[role="region"], section')].find((r) =>
        /^Upcoming appointments/.test(r.getAttribute('aria-label') ?? words(r.querySelector('h1,h2,h3,h4'))),
      );
      const row = upcoming?.querySelector(`li[data-id="${apptId}"]`);
      const b = bookId === null ? null : history.querySelector(`li.history-booking[data-id="${bookId}"]`);
      return {
        found: upcoming !== undefined,
        row: row
          ? {
              text: words(row),
              when: words(row.querySelector('.history-when')),
              person: [...row.querySelectorAll('.muted')].map(words).join(' '),
            }
          : null,
        booking: b
          ? {
              text: words(b),
              when: words(b.querySelector('.history-when')),
              state: b.querySelector('[data-state]')?.getAttribute('data-state') ?? null,
            }
          : null,
        heading: words(upcoming?.querySelector('h1,h2,h3,h4')),
      };
    },
    [id, bookingId] as const,
  );
  seen.push(
    h.row
      ? {
          screen: 'contact',
          id,
          shown: true,
          text: h.row.text.replace(/\s+/g, ' '),
          when: h.row.when,
          person: h.row.person,
        }
      : { screen: 'contact', id, shown: false, text: '' },
  );
  if (bookingId !== null)
    seen.push(
      h.booking
        ? {
            screen: 'contact bookings',
            id,
            shown: true,
            text: h.booking.text.replace(/\s+/g, ' '),
            when: h.booking.when,
            bookingState: h.booking.state,
          }
        : { screen: 'contact bookings', id, shown: false, text: '' },
    );
  const counts = [{ screen: 'contact', what: 'upcoming', count: Number(/\((\d+)\)/.exec(h.heading)?.[1] ?? -1) }];
  return { seen, next, counts };
}

/** The Outbox's rows (those in view: newest first), as words and states. */
export async function readOutbox(tab: Tab): Promise<{ kind: string; status: string; text: string }[]> {
  await closeDialogs(tab.page);
  await goScreen(tab, 'Outbox');
  await tab.page.getByTestId('outbox').waitFor();
  return tab.page.getByTestId('outbox-row').evaluateAll((rows) =>
    rows.map((r) => ({
      kind: r.getAttribute('data-kind') ?? '',
      status: r.getAttribute('data-status') ?? '',
      text: (r.querySelector('.outbox-summary')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  );
}

/** The tab bar's counts: unread texts and changes waiting. */
export async function navCounts(tab: Tab): Promise<{ unread: number; waiting: number }> {
  return tab.page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Screens"]');
    const count = (selector: string) => Number(nav?.querySelector(selector)?.textContent ?? 0);
    return { unread: count('.count-new'), waiting: count('.count:not(.count-new)') };
  });
}
