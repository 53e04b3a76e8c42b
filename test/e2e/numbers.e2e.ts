/**
 * The Numbers screen (Ctrl+7): this week's numbers per provider, checked against counts made here from the sandbox's
 * own records (every event of the week, deleted ones too; every booking; every text), through each figure's table
 * and its CSV. A visit cancelled at another desk is counted once the screen counts again; offline the screen counts
 * what it read last and says as of when. Looked at in light and dark at both sizes, axe-clean, used by keyboard.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDaysToKey, dayKey, startOfDayKey, wallTimeToInstant } from '../../common/practice-time';
import { practiceNow } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { everyLook, faults, openSized, serviceCall, signedInSchedule } from './support/schedule';
import { useStack, type Stack } from './support/stack';

const ZONE = 'America/Chicago';
const stack = useStack();

interface Ev {
  id: number;
  calendar_id: number;
  start_time: string;
  end_time: string;
  show_as: number | null;
  is_deleted: boolean;
  participants: { state: string; check_in_state: string | null }[];
}

/** Every page of a sandbox list. */
async function all<T>(s: Stack, path: string, key: string, size = 100): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const got = (await serviceCall<Record<string, T[]>>(s, 'GET', `${path}${sep}page=${page}&page_size=${size}`))[key]!;
    if (got.length === 0) break;
    out.push(...got);
  }
  return out;
}

/** Monday to Sunday of the practice's week now. */
function thisWeek(): { from: string; to: string; begin: number; end: number } {
  const today = dayKey(practiceNow(), ZONE);
  const monday = addDaysToKey(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  const to = addDaysToKey(monday, 6);
  return { from: monday, to, begin: startOfDayKey(monday, ZONE), end: startOfDayKey(addDaysToKey(to, 1), ZONE) };
}

type Row = { label: string; values: number[] };

/** The week's numbers from the sandbox's records: the figures' rows as the screen's tables should read. */
async function expected(
  s: Stack,
  week: ReturnType<typeof thisWeek>,
): Promise<Record<'visits' | 'full' | 'texts' | 'pages', Row[]>> {
  const q = `begin=${encodeURIComponent(new Date(week.begin).toISOString())}&end=${encodeURIComponent(new Date(week.end - 1).toISOString())}`;
  const events = await all<Ev>(s, `/v1/events?${q}&include_deleted=true`, 'events', 200);
  const { calendars } = await serviceCall<{ calendars: { id: number; name: string }[] }>(s, 'GET', '/v1/calendars');
  const windows: [number, number][] = [];
  for (let key = week.from; key <= week.to; key = addDaysToKey(key, 1)) {
    const weekday = new Date(`${key}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5)
      windows.push([wallTimeToInstant(key, '08:00', ZONE)!, wallTimeToInstant(key, '18:00', ZONE)!]);
  }
  const working = windows.reduce((m, [a, b]) => m + (b - a) / 60_000, 0);
  const visits: Row[] = [];
  const full: Row[] = [];
  const deleted = new Set(events.filter((e) => e.is_deleted).map((e) => e.id));
  for (const cal of calendars) {
    const n = { visits: 0, arrived: 0, late: 0, noShow: 0, cancelled: 0, minutes: 0 };
    for (const e of events) {
      const at = Date.parse(e.start_time);
      if (e.calendar_id !== cal.id || e.show_as === 0 || e.participants.length === 0) continue;
      if (at < week.begin || at >= week.end) continue;
      if (e.is_deleted || e.participants.every((p) => p.state.startsWith('not_coming'))) {
        n.cancelled++;
        continue;
      }
      const marks = e.participants.map((p) => p.check_in_state ?? '');
      const arrived = marks.some((m) => m === 'arrived' || m === 'ontime' || m === 'late');
      n.visits++;
      if (arrived) n.arrived++;
      if (marks.includes('late')) n.late++;
      if (!arrived && marks.includes('noshow')) n.noShow++;
      for (const [a, b] of windows)
        n.minutes += Math.max(0, Math.min(Date.parse(e.end_time), b) - Math.max(at, a)) / 60_000;
    }
    visits.push({ label: cal.name, values: [n.visits, n.arrived, n.late, n.noShow, n.cancelled] });
    full.push({
      label: cal.name,
      values: [Math.round((n.minutes / working) * 100), Math.round(n.minutes / 6) / 10, Math.round(working / 6) / 10],
    });
  }
  // Texts by the provider of the visit their thread is about (any day's visit), else "Not about a visit".
  const conversations = await all<{ id: number; event_id: number | null }>(s, '/v1/conversations', 'conversations');
  const calendarOf = new Map(events.map((e) => [e.id, e.calendar_id]));
  const texts = new Map<number | null, [number, number]>();
  for (const c of conversations)
    for (const m of await all<{ direction: string; at: string }>(
      s,
      `/v1/conversation_messages?conversation_id=${c.id}`,
      'messages',
    )) {
      const at = Date.parse(m.at);
      if (at < week.begin || at >= week.end) continue;
      if (c.event_id !== null && !calendarOf.has(c.event_id))
        calendarOf.set(c.event_id, (await serviceCall<Ev>(s, 'GET', `/v1/event?id=${c.event_id}`)).calendar_id);
      const key = c.event_id === null ? null : calendarOf.get(c.event_id)!;
      const row = texts.get(key) ?? [0, 0];
      texts.set(key, row);
      row[m.direction === 'inbound' ? 1 : 0]++;
    }
  const pages = await serviceCall<{ booking_pages: { token?: string; slug?: string; name: string }[] }>(
    s,
    'GET',
    '/v1/booking_pages',
  );
  const bookings = await all<{
    state: string;
    booking_page: string;
    start_time: string;
    participant?: { event?: { id: number } };
  }>(s, `/v1/bookings?${q}`, 'bookings');
  const byPage = new Map<string, Row>();
  for (const p of pages.booking_pages) byPage.set(p.token ?? p.slug ?? '', { label: p.name, values: [0, 0] });
  for (const b of bookings) {
    if (b.state === 'failed') continue;
    const row = byPage.get(b.booking_page) ?? { label: b.booking_page, values: [0, 0] };
    byPage.set(b.booking_page, row);
    row.values[0]!++;
    if (b.participant?.event && deleted.has(b.participant.event.id)) row.values[1]!++;
  }
  return {
    visits,
    full,
    texts: [
      ...calendars.map((cal) => ({ label: cal.name, values: texts.get(cal.id) ?? [0, 0] })),
      { label: 'Not about a visit', values: texts.get(null) ?? [0, 0] },
    ],
    pages: [...byPage.values()],
  };
}

/** A figure's table as shown (switched to its table first). */
async function tableOf(app: FrontdeskPage, figure: string): Promise<Row[]> {
  const card = app.page.getByTestId(`figure-${figure}`);
  await card.getByRole('button', { name: 'Table' }).click();
  const table = card.getByTestId('numbers-table');
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      label: r.querySelector('th')?.textContent ?? '',
      values: [...r.querySelectorAll('td')].map((td) => Number(td.textContent)),
    })),
  );
}

/** The screen counted the days from the service (or from what was read last). */
async function counted(app: FrontdeskPage, from: string, source: 'service' | 'cache' = 'service'): Promise<void> {
  await app.page
    .locator(`[data-testid="numbers"][data-loading="false"][data-from="${from}"][data-source="${source}"]`)
    .waitFor({ timeout: 30_000 });
}

describe('numbers screen', () => {
  it('counts this week as the sandbox has it: tables, CSV, a change elsewhere, offline, keyboard, looks', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    const week = thisWeek();

    await page.keyboard.press('Control+7');
    await counted(app, week.from);
    const want = await expected(stack, week);
    expect(want.visits.reduce((n, r) => n + r.values[0]!, 0)).toBeGreaterThan(0);
    for (const figure of ['visits', 'full', 'texts', 'pages'] as const)
      expect(await tableOf(app, figure), figure).toEqual(want[figure]);

    // The CSV says what the table says.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('figure-visits').getByRole('button', { name: 'Download CSV of visits by provider' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`numbers-visits-${week.from}-to-${week.to}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(`Visits by provider,${week.from} to ${week.to}`);
    expect(csv[1]).toBe('Provider,Visits,Arrived,Arrived late,No-shows,Cancelled');
    expect(csv.slice(2)).toEqual(
      want.visits.map((r) => [r.label.includes(',') ? `"${r.label}"` : r.label, ...r.values].join(',')),
    );

    // A visit of the week cancelled at another desk: counted as cancelled when the week is counted again.
    const events = await all<Ev>(
      stack,
      `/v1/events?begin=${encodeURIComponent(new Date(week.begin).toISOString())}&end=${encodeURIComponent(new Date(week.end - 1).toISOString())}`,
      'events',
      200,
    );
    const gone = events.find(
      (e) =>
        e.show_as !== 0 &&
        e.participants.length > 0 &&
        !e.participants.every((p) => p.state.startsWith('not_coming')) &&
        Date.parse(e.start_time) >= week.begin,
    )!;
    await serviceCall(stack, 'DELETE', `/v1/events?id=${gone.id}`);
    const after = await expected(stack, week);
    expect(after.visits).not.toEqual(want.visits);
    await page.getByRole('group', { name: 'Days to count' }).getByRole('button', { name: 'This week' }).click();
    await counted(app, week.from);
    await expect.poll(() => tableOf(app, 'visits')).toEqual(after.visits);

    // Offline: the week as read last, as of when it was read.
    await faults(stack, { offline: true });
    await page.getByRole('group', { name: 'Days to count' }).getByRole('button', { name: 'This week' }).click();
    await counted(app, week.from, 'cache');
    expect(await page.getByTestId('numbers-stale').innerText()).toMatch(/numbers as of /);
    expect(await tableOf(app, 'visits')).toEqual(after.visits);
    await faults(stack, null);

    // By keyboard alone: Tab to "This month", Enter; Tab to the first figure's Table, Space.
    const month = `${dayKey(practiceNow(), ZONE).slice(0, 8)}01`;
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    await page.getByTestId('numbers').getByRole('heading', { name: 'Numbers' }).click();
    await tabTo('This month');
    await page.keyboard.press('Enter');
    await counted(app, month);
    await tabTo('Chart');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByTestId('figure-visits').getByTestId('numbers-table').waitFor();

    // Days of its own: the first three of the week, counted as the sandbox has them; backwards is refused in words.
    await page.getByTestId('numbers').getByRole('heading', { name: 'Numbers' }).click();
    await tabTo('Choose days');
    await page.keyboard.press('Enter');
    const three = { ...week, to: addDaysToKey(week.from, 2), end: startOfDayKey(addDaysToKey(week.from, 3), ZONE) };
    await page.getByLabel('From', { exact: true }).fill(three.to);
    await page.getByLabel('To', { exact: true }).fill(three.from);
    expect(await page.getByText('The first day must come before the last.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Count these days' }).isDisabled()).toBe(true);
    await page.getByLabel('From', { exact: true }).fill(three.from);
    await page.getByLabel('To', { exact: true }).fill(three.to);
    await page.getByLabel('To', { exact: true }).press('Enter');
    await counted(app, three.from);
    expect(await page.getByTestId('numbers').getAttribute('data-to')).toBe(three.to);
    expect(await tableOf(app, 'visits')).toEqual((await expected(stack, three)).visits);

    // Light and dark at both sizes, one figure as a table and the others as charts.
    await page.getByTestId('figure-full').getByRole('button', { name: 'Chart' }).click();
    await page.getByTestId('figure-pages').getByRole('button', { name: 'Chart' }).click();
    await page.getByTestId('figure-texts').getByRole('button', { name: 'Chart' }).click();
    expect(await everyLook(app, 'numbers')).toEqual([]);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
