/**
 * A booking moves with its appointment: dragged on the schedule, its time edited, cancelled and put back with Undo,
 * the Bookings screen's row says the schedule's time and what became of the appointment, never the time it was
 * booked for.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import { faults, openSized, reveal, serviceCall, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();
const ZONE = 'America/Chicago';
const NAME = 'Moira Follows';
const HOUR = 3_600_000;

type Slot = { time: string; start_time: string; end_time: string };
type ServiceBooking = { booking: { id: number; participant: { event: { id: number } } | null } };
type ServiceEvent = { id: number; title: string; start_time: string; end_time: string; is_deleted?: boolean };

const dayOf = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
const hourOf = (at: number) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hour12: false }).format(at));
/** "1:30 PM", as the screens tell a time in the practice's zone. */
const clockOf = (at: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(at);
/** "13:30", as the editor's time field takes it. */
const fieldOf = (at: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(at);

/** A free morning time of the plain cleaning page on a coming day (so an hour or two later is the same day). */
async function morningSlot(): Promise<Slot> {
  const begin = new Date(practiceNow() + 24 * HOUR).toISOString();
  const end = new Date(practiceNow() + 8 * 24 * HOUR).toISOString();
  const { slots } = await serviceCall<{ slots: Slot[] }>(
    stack,
    'GET',
    `/v1/availability?booking_page=lakeside-dental-cleaning&begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}`,
  );
  const slot = slots.find((s) => hourOf(Date.parse(s.start_time)) >= 8 && hourOf(Date.parse(s.start_time)) <= 11);
  if (!slot) throw new Error('no free morning time on the cleaning page');
  return slot;
}

async function eventOf(id: number): Promise<ServiceEvent> {
  return serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`);
}

async function screen(app: FrontdeskPage, name: 'Calendar' | 'Bookings'): Promise<void> {
  await app.page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  if (name === 'Bookings') await app.page.locator('[data-testid="bookings"][data-loading="false"]').waitFor();
  else await app.page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
}

/** The Bookings screen's row of the booking, once it says `appointment` and shows `at`. */
async function rowSays(app: FrontdeskPage, appointment: string, at: number | null): Promise<string> {
  await screen(app, 'Bookings');
  const row = app.page.getByTestId('booking-row').filter({ hasText: NAME });
  await app.page
    .locator(`[data-testid="booking-row"][data-appointment="${appointment}"]`)
    .filter({ hasText: NAME })
    .waitFor({ timeout: 10_000 });
  const when = await row.locator('td').first().innerText();
  if (at !== null) expect(when, 'the Bookings row tells the schedule’s time').toContain(clockOf(at));
  return row.innerText();
}

describe('a booking follows its appointment', () => {
  it('shows the moved, edited, cancelled and restored appointment on the Bookings screen', async () => {
    const slot = await morningSlot();
    const booked = await serviceCall<ServiceBooking>(stack, 'POST', '/v1/book_now', {
      booking_page: 'lakeside-dental-cleaning',
      time: slot.time,
      name: NAME,
      phone_number: '+13125550177',
    });
    const eventId = booked.booking.participant!.event.id;
    const original = await eventOf(eventId);
    const length = Date.parse(original.end_time) - Date.parse(original.start_time);

    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    await rowSays(app, 'standing', Date.parse(original.start_time));

    // To the appointment's day on the schedule.
    await screen(app, 'Calendar');
    const days = Math.round(
      (Date.parse(dayOf(Date.parse(slot.start_time))) - Date.parse(dayOf(practiceNow()))) / (24 * HOUR),
    );
    for (let i = 0; i < days; i++) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await page.locator('[data-testid="calendar"][data-loading="false"]').waitFor();
    }
    const block = page.locator(`[data-testid="appointment"][data-id="${eventId}"]`);
    expect(await reveal(app, NAME)).toBe(true);

    // Dragged an hour later (one hour of the grid, read from its own hour rows).
    const box = (await block.boundingBox())!;
    const hourPx = await page.locator('.grid-line').evaluateAll((lines) => {
      const tops = [...new Set(lines.map((l) => Math.round(l.getBoundingClientRect().top)))].sort((a, b) => a - b);
      return tops[1]! - tops[0]!;
    });
    await page.mouse.move(box.x + box.width / 2, box.y + 4);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + box.width / 2, box.y + 4 + (step * hourPx) / 8);
    await page.mouse.up();
    await page
      .getByTestId('schedule-toast')
      .getByText(/^Moved /)
      .waitFor();
    const dragged = Date.parse(original.start_time) + HOUR;
    await expect.poll(async () => Date.parse((await eventOf(eventId)).start_time)).toBe(dragged);
    await rowSays(app, 'standing', dragged);

    // Its time edited in the details.
    await screen(app, 'Calendar');
    expect(await reveal(app, NAME)).toBe(true);
    await block.click();
    await page.getByTestId('appointment-details').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit / });
    const edited = dragged + HOUR + 30 * 60_000;
    await editor.getByLabel('Starts').fill(fieldOf(edited));
    await editor.getByLabel('Ends').fill(fieldOf(edited + length));
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect.poll(async () => Date.parse((await eventOf(eventId)).start_time)).toBe(edited);
    expect(await rowSays(app, 'standing', edited)).not.toContain(clockOf(Date.parse(original.start_time)));

    // Cancelled while the service cannot be reached, then Undo: the row says so, then stands again at its time.
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    await screen(app, 'Calendar');
    expect(await reveal(app, NAME)).toBe(true);
    await block.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel appointment' }).click();
    expect(await rowSays(app, 'cancelling', edited)).toContain('Cancellation waiting to sync');
    await screen(app, 'Calendar');
    await page.getByTestId('schedule-toast').getByRole('button', { name: 'Undo' }).click();
    await rowSays(app, 'standing', edited);
    await faults(stack, null);
    await app.waitForConnectivity('online');

    // Cancelled for good: the row says the appointment is cancelled.
    await screen(app, 'Calendar');
    expect(await reveal(app, NAME)).toBe(true);
    await block.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Cancel appointment…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel appointment' }).click();
    await expect.poll(async () => (await eventOf(eventId)).is_deleted).toBe(true);
    expect(await rowSays(app, 'cancelled', null)).toContain('Appointment cancelled');
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
