/**
 * One word for one state: a visit booked through a booking page, whose patient has not answered yet, reads "Booked"
 * on the Bookings screen and "Not confirmed yet" for the patient on the contact's page and in the schedule's
 * details — never "Confirmed", which is only ever said of a patient who confirmed.
 */
import { describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import { openSized, serviceCall, signedInSchedule } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack();
const NAME = 'Vera Lindqvist';
const PHONE = '+13125550166';
const PAGE = 'lakeside-dental-cleaning';
const DAY = 86_400_000;

type Slot = { time: string; start_time: string };
type ServiceBooking = { booking: { id: number; state: string; participant: { event: { id: number } } | null } };
type ServiceEvent = { participants: { name: string; state: string }[] };

/** A free time of the plain (not device-backed) cleaning page a day or more ahead, whatever the hour the test runs. */
async function freeTime(): Promise<Slot> {
  const begin = new Date(practiceNow() + DAY).toISOString();
  const end = new Date(practiceNow() + 8 * DAY).toISOString();
  const { slots } = await serviceCall<{ slots: Slot[] }>(
    stack,
    'GET',
    `/v1/availability?booking_page=${PAGE}&begin=${encodeURIComponent(begin)}&end=${encodeURIComponent(end)}`,
  );
  if (!slots[0]) throw new Error('no free time on the cleaning page');
  return slots[0];
}

describe('one vocabulary', () => {
  it('a booked visit whose patient has not confirmed reads "Booked" and "Not confirmed yet", never "Confirmed"', async () => {
    // Booked on the practice's booking page (as its web page would): it went through, and the patient is asked later.
    const slot = await freeTime();
    const { booking } = await serviceCall<ServiceBooking>(stack, 'POST', '/v1/book_now', {
      booking_page: PAGE,
      time: slot.time,
      name: NAME,
      phone_number: PHONE,
    });
    expect(booking.state).toBe('complete');
    const eventId = booking.participant!.event.id;
    const event = await serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${eventId}`);
    expect(event.participants.map((p) => [p.name, p.state])).toEqual([[NAME, 'initial']]);

    const app = await openSized(stack);
    await signedInSchedule(app);
    const page = app.page;

    // The Bookings screen: the booking went through.
    await page.keyboard.press('Control+4');
    await page.locator('[data-testid="bookings"][data-loading="false"]').waitFor();
    const row = page.getByTestId('booking-row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('booked');
    const rowText = await row.innerText();
    const state = await row.locator('td').last().innerText();
    expect(state.trim(), 'a booking that went through is "Booked"').toBe('Booked');
    expect(rowText, '"Confirmed" is said only of a patient who confirmed').not.toMatch(/\bconfirmed\b/i);

    // The contact's page: the booking is booked, the patient has not confirmed.
    await page.keyboard.press('Control+k');
    const finder = page.getByRole('dialog', { name: 'Find a patient' });
    await finder.getByRole('searchbox', { name: 'Name, phone or e-mail' }).fill(NAME);
    await finder.getByRole('option', { name: new RegExp(NAME) }).waitFor();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('contact-details');
    await details.getByRole('heading', { name: NAME, level: 3 }).waitFor();
    const history = details.getByTestId('contact-history');
    const upcoming = history.getByRole('region', { name: /^Upcoming appointments/ });
    const visit = upcoming.locator(`[data-id="${eventId}"]`);
    await visit.waitFor();
    expect(await visit.getByTestId('person-state').innerText()).toBe('Not confirmed yet');
    const bookings = history.getByRole('region', { name: /^Bookings/ });
    await expect.poll(() => bookings.innerText()).toContain('Booked');
    expect(await history.innerText(), 'no "Confirmed" on the page of a patient who has not confirmed').not.toMatch(
      /\bConfirmed\b/,
    );

    // The schedule's details of the same visit: the patient has not confirmed.
    await visit.getByRole('button').click();
    const panel = page.getByTestId('appointment-details');
    await panel.waitFor();
    const person = panel.getByTestId('person-state');
    await expect.poll(() => person.getAttribute('data-state')).toBe('initial');
    expect(await person.innerText()).toBe('Not confirmed yet');
    expect(await panel.innerText()).not.toMatch(/\bConfirmed\b/);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
