/** Helpers for the recurring-visit e2e tests: the dates, the Repeat form filled, and the visits at the service. */
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { isoInZone, wallClock, wallTimeToInstant } from '../../../common/practice-time';
import { practiceDay } from './clock';
import type { FrontdeskPage } from './driver';
import { appointmentsNamed, serviceCall } from './schedule';
import type { Stack } from './stack';

/** The practice's zone (Lakeside Dental). */
export const ZONE = 'America/Chicago';

/** An event as the service lists it (the fields these tests read). */
export interface ServiceEvent {
  id: number;
  title: string;
  start_time: string;
  external_id?: string | null;
  is_deleted?: boolean;
  custom_data?: Record<string, string>;
}

/** Days from today to the first Tuesday at least two days ahead. */
export function daysToTuesday(): number {
  for (let d = 2; ; d++) if (new Date(`${practiceDay(d)}T12:00:00Z`).getUTCDay() === 2) return d;
}

/** `hh:mm` on the practice's `day`, as an instant with its offset. */
const at = (day: string, hhmm: string): string => isoInZone(wallTimeToInstant(day, hhmm, ZONE)!, ZONE);

/** Every event (deleted too) titled `title` from `day` on for ten weeks, at the service. */
export async function visits(stack: Stack, title: string, day: string): Promise<ServiceEvent[]> {
  const begin = encodeURIComponent(at(day, '00:00'));
  const end = encodeURIComponent(new Date(Date.parse(at(day, '00:00')) + 70 * 86_400_000).toISOString());
  const found: ServiceEvent[] = [];
  for (let page = 1; page < 20; page++) {
    const { events } = await serviceCall<{ events: ServiceEvent[] }>(
      stack,
      'GET',
      `/v1/events?begin=${begin}&end=${end}&include_deleted=true&page=${page}&page_size=200`,
    );
    if (events.length === 0) break;
    found.push(...events.filter((e) => e.title === title));
  }
  return found;
}

/** Presses "Next day" `n` times. */
export async function nextDays(app: FrontdeskPage, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await app.page.getByRole('button', { name: 'Next day' }).click();
}

/** Another desk books Dr. Hart over 4:30–5:30 PM on `day`, at the service. */
export async function bookHartClash(stack: Stack, day: string): Promise<void> {
  const { calendars } = await serviceCall<{ calendars: { id: number; name: string }[] }>(stack, 'GET', '/v1/calendars');
  const hart = calendars.find((c) => c.name === 'Dr. Amelia Hart')!;
  await serviceCall(stack, 'POST', '/v1/events', {
    events: [
      { calendar_id: hart.id, title: 'Staff meeting', start_time: at(day, '16:30'), end_time: at(day, '17:30') },
    ],
  });
}

/**
 * Opens New appointment and fills a 5:00–5:45 PM visit with Dr. Hart on `day1` for Rowan Repeat, Repeat on from the
 * keyboard (every week, 8 visits), and checks the dates. Returns the dialog, its dates listed.
 */
export async function fillWeeklySeries(app: FrontdeskPage, title: string, day1: string) {
  const page = app.page;
  await page.getByRole('button', { name: 'New appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Calendar').selectOption({ label: 'Dr. Amelia Hart' });
  await dialog.getByLabel('Day').fill(day1);
  await dialog.getByLabel('Starts').fill('17:00');
  await dialog.getByLabel('Ends').fill('17:45');
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await dialog.getByLabel('Name (person 1)').fill('Rowan Repeat');
  await dialog.getByLabel('Phone (person 1)').fill('(312) 555-0177');
  // From the keyboard: Repeat on, then Enter checks the dates (the form's first press of its button).
  await dialog.getByLabel('Repeat this appointment').focus();
  await page.keyboard.press('Space');
  expect(await dialog.getByLabel('Every').inputValue()).toBe('1');
  expect(await dialog.getByLabel('Visits').inputValue()).toBe('8');
  await dialog.getByLabel('Title').press('Enter');
  return dialog;
}

/**
 * "This and following" from the shown day's visit titled `title`: an hour earlier (4:00–4:45 PM); `beforeSave` looks
 * at the editor with the choice made.
 */
export async function moveThisAndFollowing(
  app: FrontdeskPage,
  title: string,
  beforeSave?: (editor: Locator) => Promise<void>,
): Promise<void> {
  const page = app.page;
  await appointmentsNamed(page, title).first().click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${title}` });
  await editor.getByLabel('Starts').fill('16:00');
  expect(await editor.getByLabel('Ends').inputValue()).toBe('16:45');
  await editor.getByLabel('This and following visits').check();
  await beforeSave?.(editor);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await editor.waitFor({ state: 'detached' });
}

/**
 * Checks the 8-week series at the service: visits 1, 2 and 4–8 each once (the third skipped), none cancelled, the
 * first at 5:00 PM and the rest at `laterAt`, one series id and an external id each. Returns them.
 */
export async function expectLandedOnce(
  stack: Stack,
  title: string,
  day1: string,
  laterAt: string,
): Promise<ServiceEvent[]> {
  const made = await visits(stack, title, day1);
  const byN = new Map<number, ServiceEvent[]>();
  for (const e of made) {
    const n = Number(e.custom_data?.frontdesk_series_n);
    byN.set(n, [...(byN.get(n) ?? []), e]);
  }
  expect([...byN.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8]);
  for (const [n, list] of byN) {
    expect(list).toHaveLength(1); // each visit once
    expect(list[0]!.is_deleted).toBeFalsy();
    expect(wallClock(list[0]!.start_time, ZONE)).toBe(n === 1 ? '17:00' : laterAt);
  }
  expect(new Set(made.map((e) => e.external_id)).size).toBe(7);
  expect(new Set(made.map((e) => e.custom_data?.frontdesk_series)).size).toBe(1);
  return made;
}
