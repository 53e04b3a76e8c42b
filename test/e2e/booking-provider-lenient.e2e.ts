/**
 * A booking by a named provider lands on that provider's calendar on a service that silently ignores fields it does
 * not know (the sandbox's `lenient` mode), as the real one may: nothing rests on a field the spec does not name. Dr.
 * Okafor has no appointment type of his own on the page, so the desk's booking with him is made on his calendar as a
 * staff appointment; Dr. Hart's consultations are his alone, so book_now puts them on his. At a time both doctors are
 * free, a service left to assign a shared type itself would have chosen Dr. Hart, and the test would see it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrontdeskPage } from './support/driver';
import { openSized, serviceCall, shot } from './support/schedule';
import { useStack } from './support/stack';

const stack = useStack({ fields: 'lenient' });
let app: FrontdeskPage;
const ids = new Map<string, number>();

interface ServiceSlot {
  time: string;
  start_time: string;
  calendar_ids: number[];
}
interface ServiceEvent {
  calendar_id: number;
  calendar_name?: string;
  title: string;
  start_time: string;
  is_deleted: boolean;
}

beforeAll(async () => {
  const { calendars } = await serviceCall<{ calendars: { id: number; name: string }[] }>(stack, 'GET', '/v1/calendars');
  for (const c of calendars) ids.set(c.name, c.id);
  app = await openSized(stack);
  await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
});

/** "9:30 AM" on Chicago's clock, as the free times show it (any space before AM/PM). */
function chicagoTime(iso: string): RegExp {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(iso));
  return new RegExp(`^${text.replace(/\s/g, '\\s')}`);
}

/** Fills the caller and the page's questions. */
async function fillCaller(name: string, phone: string): Promise<void> {
  const form = app.page.getByTestId('booking');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel('E-mail', { exact: true }).fill(`${name.split(' ')[0]!.toLowerCase()}@example.test`);
  await form.getByLabel('ZIP code', { exact: true }).fill('60601');
  await form.getByLabel('Insurance', { exact: true }).selectOption({ index: 1 });
  await form.getByRole('group', { name: 'May we text them about this appointment?' }).getByLabel('Yes').check();
  await form.getByRole('group', { name: 'May we send them marketing text messages?' }).getByLabel('No').check();
}

/** Opens a fresh booking form on the multi-type page and chooses the provider. */
async function chooseProvider(provider: string): Promise<void> {
  await app.go('Book appointment');
  const again = app.page.getByRole('button', { name: 'Book another appointment' });
  if (await again.isVisible()) await again.click();
  const form = app.page.getByTestId('booking');
  await form.getByLabel('Booking page').selectOption('lakeside-dental');
  await form.getByRole('radiogroup', { name: 'Provider' }).locator('label', { hasText: provider }).click();
  expect(await form.getByRole('radio', { name: provider, exact: true }).isChecked()).toBe(true);
}

describe('a named provider on a service that ignores unknown fields', () => {
  it('Dr. Okafor, a shared type: the visit is on his calendar, at a time Dr. Hart was free too', async () => {
    const hart = ids.get('Dr. Amelia Hart')!;
    const okafor = ids.get('Dr. Samuel Okafor')!;
    // A new-patient time both doctors are free at, as the service tells it.
    const begin = new Date(Date.now() + 86_400_000).toISOString();
    const { slots } = await serviceCall<{ slots: ServiceSlot[] }>(
      stack,
      'GET',
      `/v1/availability?booking_page=lakeside-dental&appointment_type_token=new-patient&begin=${begin}`,
    );
    const both = slots.find((s) => s.calendar_ids.includes(hart) && s.calendar_ids.includes(okafor));
    if (!both) throw new Error('no new-patient time with both doctors free this week');

    await chooseProvider('Dr. Samuel Okafor');
    const form = app.page.getByTestId('booking');
    // He has no type of his own here: the form says how it is booked, and offers the types he sees.
    expect(await form.getByTestId('staff-booking-note').innerText()).toContain('Dr. Samuel Okafor');
    await form.getByLabel('Appointment type').selectOption('new-patient');
    await form.getByLabel('Day').fill(both.time.slice(0, 10));
    const slot = form
      .getByRole('radiogroup', { name: 'Free times' })
      .locator('.slot')
      .filter({ hasText: chicagoTime(both.start_time) });
    await slot.waitFor();
    expect(await slot.innerText()).toContain('Dr. Samuel Okafor');
    await slot.click();
    await fillCaller('Olu Lenient', '(312) 555-0181');
    await shot(app, 'booking-provider-lenient-staff');
    await form.getByRole('button', { name: 'Book' }).click();
    const result = await app.bookingResult('done');

    // At the service: one visit for the caller at that time, on Dr. Okafor's calendar.
    const at = encodeURIComponent(both.start_time);
    const { events } = await serviceCall<{ events: ServiceEvent[] }>(
      stack,
      'GET',
      `/v1/events?begin=${at}&end=${at}&page_size=200`,
    );
    const visits = events.filter((e) => !e.is_deleted && e.title.includes('Olu Lenient'));
    expect(visits.map((e) => e.calendar_id)).toEqual([okafor]);
    // And the confirmation names him: the calendar the service holds.
    expect(result).toContain('Dr. Samuel Okafor');
  });

  it('Dr. Hart, his own type: booked through the page, on his calendar', async () => {
    const hart = ids.get('Dr. Amelia Hart')!;
    await chooseProvider('Dr. Amelia Hart');
    const form = app.page.getByTestId('booking');
    // Only the types that are his alone are offered, so the service books them on his calendar by its own rules.
    const types = await form.getByLabel('Appointment type').locator('option').allInnerTexts();
    expect(types.map((t) => t.replace(/\s*\(.*\)$/, ''))).toEqual(['Consultation']);
    expect(await form.getByTestId('staff-booking-note').count()).toBe(0);
    const first = form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first();
    await first.waitFor();
    await first.click();
    await fillCaller('Hana Lenient', '(312) 555-0182');
    await form.getByRole('button', { name: 'Book' }).click();
    expect(await app.bookingResult('done')).toContain('Dr. Amelia Hart');

    const { bookings } = await serviceCall<{
      bookings: { name: string; appointment_type_token: string; participant: { event: { calendar_id: number } } }[];
    }>(stack, 'GET', '/v1/bookings?booking_page=lakeside-dental&page_size=1000');
    const made = bookings.filter((b) => b.name === 'Hana Lenient');
    expect(made.map((b) => [b.appointment_type_token, b.participant.event.calendar_id])).toEqual([
      ['consultation', hart],
    ]);
  });
});
