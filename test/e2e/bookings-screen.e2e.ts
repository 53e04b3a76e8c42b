/**
 * The Bookings screen (Ctrl+4): recent bookings with state badges and filters; a booking on the remote-device page
 * shows "Waiting for the office system", settles by itself, and a desktop notification says it was booked.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import { axeProblems, openSized, serviceCall, signedInSchedule } from './support/schedule';
import { useStack, type Stack } from './support/stack';

// Long enough for the screen to see the booking pending before the device answers.
const stack = useStack({ deviceSettleMs: 8_000 });

interface Slot {
  time: string;
}

/** A free time of the satellite page (its calendar is a remote device) a day or more ahead. */
async function satelliteTime(): Promise<Slot> {
  const begin = new Date(practiceNow() + 86_400_000).toISOString();
  const end = new Date(practiceNow() + 10 * 86_400_000).toISOString();
  const { slots } = await serviceCall<{ slots: Slot[] }>(
    stack,
    'GET',
    `/v1/availability?booking_page=lakeside-dental-satellite&begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}`,
  );
  if (!slots[0]) throw new Error('no free satellite time');
  return slots[0];
}

/** book_now straight at the service (as the practice's own web page would); answers the booking's state. */
async function bookAtService(s: Stack, time: string, name: string, phone: string): Promise<string> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}/v1/book_now`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ booking_page: 'lakeside-dental-satellite', time, name, phone_number: phone }),
  });
  const body = (await res.json()) as { booking?: { state: string } };
  return body.booking?.state ?? `HTTP ${res.status}`;
}

describe('bookings screen', () => {
  it('lists bookings with badges and filters; a device-backed booking settles by itself and notifies', async () => {
    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;
    // Desktop notifications, as the page shows them (granted, and recorded).
    await page.evaluate(() => {
      const shown: [string, string][] = [];
      (window as unknown as { shown: typeof shown }).shown = shown;
      class Recorder {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        constructor(title: string, options?: { body?: string }) {
          shown.push([title, options?.body ?? '']);
        }
      }
      (window as unknown as { Notification: unknown }).Notification = Recorder;
    });
    const shown = () => page.evaluate(() => (window as unknown as { shown: [string, string][] }).shown);

    const slot = await satelliteTime();
    expect(await bookAtService(stack, slot.time, 'Ada Byron', '+13125550188')).toMatch(/^pending_device_update/);
    // The same time again is refused: a failed booking, kept in the list.
    expect(await bookAtService(stack, slot.time, 'Late Caller', '+13125550189')).toBe('failed');

    await page.keyboard.press('Control+4');
    const screen = page.getByRole('region', { name: 'Bookings' });
    const settled = page.locator('[data-testid="bookings"][data-loading="false"]');
    await settled.waitFor();
    const ada = screen.getByTestId('booking-row').filter({ hasText: 'Ada Byron' });
    expect(await ada.getAttribute('data-state')).toBe('pending');
    expect(await ada.innerText()).toContain('Waiting for the office system');
    expect(await ada.innerText()).toContain('Satellite Office (SQL)');
    expect(await screen.getByRole('status').filter({ hasText: 'still waiting for the practice' }).isVisible()).toBe(
      true,
    );
    expect(await axeProblems(app)).toEqual([]);

    // Nothing to press: core follows the booking until the device answers; the row and the desktop say so.
    await screen
      .locator('[data-testid="booking-row"][data-state="booked"]')
      .filter({ hasText: 'Ada Byron' })
      .waitFor({ timeout: 30_000 });
    expect(await ada.innerText()).toContain('Booked');
    await expect.poll(shown).toEqual([['Booked', "The practice's calendar took the booking for Ada Byron."]]);
    await screen
      .getByRole('status')
      .filter({ hasText: 'still waiting for the practice' })
      .waitFor({ state: 'detached' });

    // Filters: by state, then by the appointment's day.
    const states = () => screen.getByTestId('booking-row').evaluateAll((rows) => rows.map((r) => r.dataset.state));
    await screen.getByLabel('State').selectOption({ label: 'Not booked' });
    await settled.waitFor();
    await expect.poll(states).toContain('failed');
    expect(new Set(await states())).toEqual(new Set(['failed']));
    expect(await screen.getByTestId('booking-row').filter({ hasText: 'Late Caller' }).count()).toBe(1);
    await screen.getByLabel('State').selectOption({ label: 'Booked' });
    await settled.waitFor();
    await expect.poll(states).not.toContain('failed');
    expect(new Set(await states())).toEqual(new Set(['booked']));

    await screen.getByLabel('State').selectOption({ label: 'All' });
    const day = slot.time.slice(0, 10);
    await screen.getByLabel('Appointments from').fill(day);
    await screen.getByLabel('Appointments to').fill(day);
    await settled.waitFor();
    const when = async () => (await ada.locator('td').first().innerText()).split(',')[0]!;
    await expect.poll(() => ada.count()).toBe(1);
    const dayText = await when();
    const firsts = await screen
      .getByTestId('booking-row')
      .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').split(',')[0]));
    expect(new Set(firsts)).toEqual(new Set([dayText]));
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
