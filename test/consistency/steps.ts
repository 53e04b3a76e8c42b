/**
 * What a receptionist (the actor tab) and the world around her do to the appointments the run follows: move by drag
 * and by edit, cancel with and without Undo, marks, bookings on a plain and a device-backed page in Denver, a change
 * made straight at the service by another desk, a patient's text, and Sign out / Sign in.
 */
import type { Page } from 'playwright-core';
import type { FrontdeskPage } from '../e2e/support/driver';
import { serviceCall } from '../e2e/support/schedule';
import type { Stack } from '../e2e/support/stack';
import { goScreen, scheduleOn } from './screens';
import {
  bookingsOf,
  dayIn,
  eventById,
  eventsBetween,
  isoWithOffset,
  minutesIn,
  PRACTICE_ZONE,
  wallToInstant,
  type ServiceEvent,
} from './truth';

/** An appointment the run follows. */
export interface Followed {
  id: number;
  bookingId: number | null;
  name: string;
  phone: string;
  /** The booking page it was booked on, if it was. */
  page: string | null;
}

/** Waits until `check` answers something other than undefined (polling what proves it), or throws. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeout = 20_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Pixels of one hour in the Day grid. */
const HOUR_PX = 48;

/** Scrolls the Day grid until the block is rendered, and into view. */
async function revealBlock(page: Page, id: number): Promise<void> {
  const found = await page.evaluate(async (wanted) => {
    const box = document.querySelector<HTMLElement>('[data-testid="time-grid"] .grid-scroll');
    if (!box) return false;
    const frame = () =>
      Promise.race([
        new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
        new Promise<void>((done) => setTimeout(done, 100)),
      ]);
    const block = () => box.querySelector(`[data-testid="appointment"][data-id="${wanted}"]`);
    for (let top = 0; !block() && top < box.scrollHeight; top += box.clientHeight * 0.6) {
      box.scrollTop = top;
      await frame();
    }
    block()?.scrollIntoView({ block: 'center' });
    await frame();
    return block() !== null;
  }, id);
  if (!found) throw new Error(`appointment ${id} is not on the schedule`);
}

const block = (page: Page, id: number) =>
  page.locator(`[data-testid="time-grid"] [data-testid="appointment"][data-id="${id}"]`);

/** The actor's schedule on the appointment's day, the block in view. */
async function onBlock(actor: FrontdeskPage, event: ServiceEvent): Promise<void> {
  await closeAll(actor.page);
  await scheduleOn(actor, 'day', dayIn(Date.parse(event.start_time)));
  await revealBlock(actor.page, event.id);
}

async function closeAll(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) await page.keyboard.press('Escape');
}

/** A move that keeps the appointment inside its day's working hours: minutes to add. */
export function moveBy(event: ServiceEvent, choice: number): number {
  const start = minutesIn(Date.parse(event.start_time));
  const options = [30, 60, -30, -60, 90].filter((d) => start + d >= 8 * 60 && start + d <= 17 * 60);
  return options[choice % options.length] ?? 30;
}

/** Drags the block by `minutes` (whole quarter hours). */
export async function moveByDrag(actor: FrontdeskPage, event: ServiceEvent, minutes: number) {
  await onBlock(actor, event);
  const page = actor.page;
  const box = (await block(page, event.id).boundingBox())!;
  const dy = (minutes / 60) * HOUR_PX;
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 4 + (dy * step) / 8);
  await page.mouse.up();
  await page
    .getByTestId('schedule-toast')
    .getByText(/^Moved /)
    .waitFor();
  await dismissToast(page);
}

async function dismissToast(page: Page): Promise<void> {
  // Best effort: the toast changes its words (and buttons) as the change settles.
  const dismiss = page.getByTestId('schedule-toast').getByRole('button', { name: 'Dismiss' });
  await dismiss
    .first()
    .click({ timeout: 1_000 })
    .catch(() => undefined);
}

const hhmm = (at: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: PRACTICE_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** Opens the details, Edit, new start and end, Save changes. */
export async function moveByEdit(actor: FrontdeskPage, event: ServiceEvent, minutes: number) {
  await onBlock(actor, event);
  const page = actor.page;
  await block(page, event.id).click();
  const details = page.getByTestId('appointment-details');
  await details.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: /^Edit / });
  await editor.waitFor();
  await editor.getByLabel('Starts').fill(hhmm(Date.parse(event.start_time) + minutes * 60_000));
  await editor.getByLabel('Ends').fill(hhmm(Date.parse(event.end_time) + minutes * 60_000));
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await editor.waitFor({ state: 'detached' });
  await closeAll(page);
}

/** Cancel from the block's menu; with Undo, pressed while the toast offers it. */
export async function cancel(actor: FrontdeskPage, event: ServiceEvent, undo: boolean) {
  await onBlock(actor, event);
  const page = actor.page;
  await block(page, event.id).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel appointment' }).click();
  const undoButton = page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' });
  await undoButton.waitFor();
  if (undo) await undoButton.click();
  else await dismissToast(page);
}

/** The marks a receptionist makes, as the menu words them and as the service then has the person. */
export const MARKS = [
  { item: 'Arrived', field: 'check_in_state', value: 'arrived' },
  { item: 'Arrived late', field: 'check_in_state', value: 'late' },
  { item: 'No-show', field: 'check_in_state', value: 'noshow' },
  { item: 'Confirmed', field: 'state', value: 'confirmed' },
  { item: 'Wants a new time', field: 'state', value: 'not_coming_needs_reschedule' },
] as const;

export async function mark(actor: FrontdeskPage, event: ServiceEvent, item: string) {
  await onBlock(actor, event);
  const page = actor.page;
  await block(page, event.id).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** Books on a page (the plain cleaning page or the Denver satellite) from the booking screen; the booking's id. */
export async function book(
  stack: Stack,
  actor: FrontdeskPage,
  page: 'lakeside-dental-cleaning' | 'lakeside-dental-satellite',
  day: string,
  slot: number,
  who: { name: string; phone: string },
): Promise<{ bookingId: number; eventId: number; day: string }> {
  const p = actor.page;
  await closeAll(p);
  await goScreen(actor, 'Book appointment');
  const again = p.getByRole('button', { name: 'Book another appointment' });
  if (await again.count()) await again.click();
  const form = p.getByTestId('booking');
  await form.getByLabel('Booking page').selectOption(page);
  const slots = form.locator('.slot');
  const none = form.getByText(/no free times on this day/i);
  // A day the earlier steps filled (or one the page does not open) says so: the next weekday, as a desk would.
  for (let tries = 0; ; tries++) {
    await form.getByLabel('Day').fill(day);
    await slots.first().or(none).first().waitFor();
    if ((await slots.count()) > 0) break;
    if (tries === 9) throw new Error(`no free times on ${page} for ten weekdays from ${day}`);
    day = nextWeekday(day);
  }
  await slots.nth(Math.min(slot, (await slots.count()) - 1)).click();
  await form.getByLabel('Name', { exact: true }).fill(who.name);
  await form.getByLabel('Phone', { exact: true }).fill(who.phone);
  await form.getByRole('button', { name: 'Book' }).click();
  await p.locator('[data-testid="booking-result"][data-status="done"]').waitFor({ timeout: 30_000 });
  // The service's booking, once the appointment it made is known (a device-backed page settles it later).
  return until(
    `the service's booking for ${who.name}`,
    async () => {
      const [b] = await bookingsOf(stack, page, who.phone);
      if (!b || b.state.startsWith('pending') || !b.participant) return undefined;
      return { bookingId: b.id, eventId: b.participant.event.id, day };
    },
    30_000,
  );
}

/** The weekday after `day` (yyyy-MM-dd). */
function nextWeekday(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  do at.setUTCDate(at.getUTCDate() + 1);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6);
  return at.toISOString().slice(0, 10);
}

/** Another desk moves the appointment straight at the service. */
export async function changeElsewhere(stack: Stack, event: ServiceEvent, minutes: number): Promise<void> {
  const start = Date.parse(event.start_time) + minutes * 60_000;
  const end = Date.parse(event.end_time) + minutes * 60_000;
  await serviceCall(stack, 'PUT', '/v1/events', {
    events: [{ id: event.id, start_time: isoWithOffset(start), end_time: isoWithOffset(end) }],
  });
}

/** A patient texts the practice (the sandbox records an inbound text in their latest thread). */
export async function patientTexts(stack: Stack, phone: string, content: string): Promise<void> {
  const res = await fetch(`${stack.sandbox.url}/__sandbox/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, content }),
  });
  if (!res.ok) throw new Error(`inbound text: ${res.status} ${await res.text()}`);
}

/** Opens the patient's thread on the Messages screen (which reads it). */
export async function readThread(tab: FrontdeskPage, name: string): Promise<boolean> {
  await closeAll(tab.page);
  await goScreen(tab, 'Messages');
  const row = tab.page
    .getByRole('listbox', { name: 'Threads' })
    .getByTestId('thread-row')
    .filter({ has: tab.page.locator('.thread-name', { hasText: name }) })
    .first();
  await row.waitFor({ timeout: 15_000 }).catch(() => undefined);
  if (!(await row.count())) return false;
  await row.click();
  return true;
}

/** Waits for a tab's sign-in state (attached, not visible: the day sheet's tab prints, and hides the app). */
async function authIs(tab: FrontdeskPage, state: 'signed_in' | 'signed_out'): Promise<void> {
  await tab.page.locator(`[data-testid="app"][data-auth="${state}"]`).waitFor({ state: 'attached', timeout: 30_000 });
}

/** Signs out from the actor's header (anyway, when changes wait) and back in as the same account. */
export async function signOutAndIn(actor: FrontdeskPage, others: FrontdeskPage[]): Promise<void> {
  const page = actor.page;
  await closeAll(page);
  await page.getByTestId('account').getByRole('button', { name: 'Sign out' }).click();
  const anyway = page.getByRole('button', { name: /^Sign out — / });
  await anyway.or(page.locator('[data-testid="app"][data-auth="signed_out"]')).first().waitFor();
  if (await anyway.count()) await anyway.click();
  await actor.waitForAuth('signed_out');
  for (const o of others) await authIs(o, 'signed_out');
  const portal = await actor.signIn('owner@frontdesk.test');
  await portal.close();
  await actor.waitForAuth('signed_in');
  for (const o of others) await authIs(o, 'signed_in');
  // Signing in brought the actor's tab to the front (driver.ts), over the portal's. Chromium then answers
  // Playwright's "is it stable?" in each other tab only after about 2 s, on every click there: bring each forward
  // once, as a desk that looks at each window would, and the actor last.
  // A tab Chromium stopped drawing never answers this (watchdog.ts): the next step's check reloads it.
  const forward = async (page: Page) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([page.bringToFront(), new Promise<void>((done) => (timer = setTimeout(done, 10_000)))]);
    clearTimeout(timer);
  };
  for (const o of others) await forward(o.page);
  await forward(actor.page);
}

/** Appointments of seeded patients in the coming days to follow: one person, with a contact and a phone. */
export async function seededCandidates(stack: Stack, from: string, to: string): Promise<ServiceEvent[]> {
  const events = await eventsBetween(stack, wallToInstant(from, 0), wallToInstant(to, 24 * 60) - 1000);
  return events
    .filter((e) => e.participants.length === 1 && e.title.includes(' - '))
    .filter((e) => {
      const p = e.participants[0]!;
      const start = minutesIn(Date.parse(e.start_time));
      return (
        p.contact_id !== null && p.name && p.normalized_phone.startsWith('+1') && start >= 9 * 60 && start <= 15 * 60
      );
    })
    .sort((a, b) => a.id - b.id);
}

export { eventById };
