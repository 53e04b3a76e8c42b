/**
 * Booking by provider, on one clock. The host process runs in UTC and the browser in Denver while the practice is
 * in Chicago: the desk picks Dr. Okafor (or "Anyone available") for a new-patient exam, the free times name who is
 * free, and the confirmation, the Outbox and the calendar all tell the same Chicago time, labelled CST (or CDT, as on
 * that day), with the provider the service booked (Dr. Okafor has no type of his own on the page: his is a staff booking
 * on his calendar). The status bar ("Offline since", "Checked") and the Outbox ("Made", "Next try") tell
 * their moments on the same clock, labelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceNow } from './support/clock';
import type { FrontdeskPage } from './support/driver';
import {
  appointmentsNamed,
  axeProblems,
  faults,
  openSized,
  reveal,
  scheduleSettled,
  serviceCall,
  shot,
} from './support/schedule';
import { useStack } from './support/stack';

// The browser host (in this process) runs in UTC, as a server would; the page below runs in Denver.
const hostZone = process.env.TZ;
process.env.TZ = 'UTC';
afterAll(() => {
  process.env.TZ = hostZone;
});

const stack = useStack();
let app: FrontdeskPage;

beforeAll(async () => {
  app = await openSized(stack, { timezoneId: 'America/Denver' });
  await app.signIn('owner@frontdesk.test');
  await app.waitForAuth('signed_in');
});

interface Booking {
  name: string;
  start_time: string;
  participant: { event: { calendar_name: string } } | null;
}

interface Visit {
  calendar_id: number;
  calendar_name?: string;
  title: string;
  start_time: string;
  is_deleted: boolean;
}

/** The one live visit at the service whose title names `name`, from today on. */
async function visitOf(name: string): Promise<Visit> {
  const begin = encodeURIComponent(new Date(practiceNow() - 86_400_000).toISOString());
  const end = encodeURIComponent(new Date(practiceNow() + 60 * 86_400_000).toISOString());
  const found: Visit[] = [];
  for (let page = 1; ; page++) {
    const { events } = await serviceCall<{ events: Visit[] }>(
      stack,
      'GET',
      `/v1/events?begin=${begin}&end=${end}&page=${page}&page_size=500`,
    );
    if (events.length === 0) break;
    found.push(...events.filter((e) => !e.is_deleted && e.title.includes(name)));
  }
  if (found.length !== 1) throw new Error(`${found.length} visits for ${name}`);
  return found[0]!;
}

async function bookingOf(name: string): Promise<Booking> {
  const { bookings } = await serviceCall<{ bookings: Booking[] }>(
    stack,
    'GET',
    '/v1/bookings?booking_page=lakeside-dental&page_size=100',
  );
  const found = bookings.find((b) => b.name === name);
  if (!found) throw new Error(`no booking for ${name}`);
  return found;
}

const CHICAGO = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * How many minutes `shown` ("9:30 AM" or "9:30:05 AM") is from now on Chicago's clock, within ±12 h. Near 0 when it
 * was told in Chicago time; about 60 off had it been told in Denver's (the page's), 360 in UTC's (the host's).
 */
function minutesFromChicagoNow(shown: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s([AP]M)$/.exec(shown.trim());
  if (!m) throw new Error(`not a time: ${shown}`);
  const at = ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
  const [h, min] = CHICAGO.format(practiceNow()).split(':').map(Number) as [number, number];
  return ((((at - (h * 60 + min)) % 1440) + 1440 + 720) % 1440) - 720;
}

/** Chicago's zone name at that instant: CST, or CDT until the first Sunday of November. */
function chicagoShort(at: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
}

/** Chicago's zone name now (what "Checked", "Made" and "Offline since" carry). */
const nowShort = (): string => chicagoShort(practiceNow());

/** Chicago's zone name on a day (yyyy-MM-dd), at midday. */
const dayShort = (day: string): string => chicagoShort(Date.parse(`${day}T18:00:00Z`));

/** The time in `text` after `label` ("Made 9:30 AM CST" → "9:30 AM"), which must carry Chicago's label of now. */
function labelledAfter(text: string, label: string): string {
  const m = new RegExp(`${label} (\\d{1,2}:\\d{2}(?::\\d{2})?\\s[AP]M) ${nowShort()}`).exec(text);
  if (!m) throw new Error(`no “${label} … ${nowShort()}” in: ${text}`);
  return m[1]!;
}

/** Chooses the provider, takes the first free time and fills the page's questions; returns the time's text. */
async function fillNewPatient(provider: string, name: string, phone: string): Promise<string> {
  await app.go('Book appointment');
  const form = app.page.getByTestId('booking');
  await form.getByLabel('Booking page').selectOption('lakeside-dental');
  await form.getByRole('radiogroup', { name: 'Provider' }).locator('label', { hasText: provider }).click();
  expect(await form.getByRole('radio', { name: provider, exact: true }).isChecked()).toBe(true);
  const first = form.getByRole('radiogroup', { name: 'Free times' }).locator('.slot').first();
  await first.waitFor();
  const text = await first.innerText();
  await first.click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel('E-mail', { exact: true }).fill(`${name.split(' ')[0]!.toLowerCase()}@example.test`);
  await form.getByLabel('ZIP code', { exact: true }).fill('60601');
  await form.getByLabel('Insurance', { exact: true }).selectOption({ index: 1 });
  await form.getByRole('group', { name: 'May we text them about this appointment?' }).getByLabel('Yes').check();
  await form.getByRole('group', { name: 'May we send them marketing text messages?' }).getByLabel('No').check();
  return text;
}

describe('booking by provider on one clock', () => {
  it('books Dr. Okafor: the times name him, and the result, the Outbox and the calendar tell the same time', async () => {
    const form = app.page.getByTestId('booking');
    const slotText = await fillNewPatient('Dr. Samuel Okafor', 'Nadia Okoro', '(312) 555-0188');
    // The practice's clock (Chicago) is not this computer's (Denver): the times say so, as the clock is on that day.
    const short = dayShort(await form.getByLabel('Day').inputValue());
    expect(await form.getByRole('radiogroup', { name: 'Free times' }).innerText()).toContain(
      `Times in Chicago time (${short})`,
    );
    expect(slotText).toMatch(/^\d{1,2}:\d{2}\s[AP]M\nDr\. Samuel Okafor$/);
    const time = slotText.split('\n')[0]!;
    await shot(app, 'booking-provider-chosen');
    await form.getByRole('button', { name: 'Book' }).click();

    const result = app.page.locator('[data-testid="booking-result"][data-status="done"]');
    await result.waitFor();
    // Focus lands on the outcome.
    expect(await result.evaluate((el) => el === document.activeElement)).toBe(true);
    const text = await result.innerText();
    expect(text).toContain('Dr. Samuel Okafor');
    expect(text).toContain('New patient exam');
    expect(text).toContain(`${time} ${short}`);
    await shot(app, 'booking-provider-result');

    // He has no type of his own on this page, so the visit is on his calendar as a staff booking, at that time in
    // Chicago (the host's UTC played no part).
    const visit = await visitOf('Nadia Okoro');
    expect(visit.calendar_name).toBe('Dr. Samuel Okafor');
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.parse(visit.start_time));
    expect(chicago.replace(/\s/g, ' ')).toBe(time.replace(/\s/g, ' '));

    // The Outbox tells the same time, labelled.
    await app.go('Outbox');
    const row = app.page.locator('[data-testid="outbox-row"]', { hasText: 'Nadia Okoro' });
    expect(await row.innerText()).toContain(`${time} ${short}`);

    // The calendar shows it at that time in Dr. Okafor's column.
    await app.go('Calendar');
    const block = appointmentsNamed(app.page, 'Nadia Okoro');
    // Down each day, from today on: the grid holds only the blocks in view, and the first free time moves with the hour.
    await scheduleSettled(app);
    for (let i = 0; i < 14 && !(await reveal(app, 'Nadia Okoro')); i++) {
      await app.page.getByRole('button', { name: 'Next day' }).click();
      await scheduleSettled(app);
    }
    expect(await block.innerText()).toContain(time);
    expect(await app.page.getByTestId('calendar').innerText()).toContain(`Times in Chicago time (${short})`);
    await block.click();
    const details = app.page.getByTestId('appointment-details');
    expect(await details.innerText()).toContain('Dr. Samuel Okafor');
    // The details cover the schedule's zone label, so they carry their own.
    expect(await details.innerText()).toContain(`${time}–`);
    expect(await details.innerText()).toMatch(new RegExp(`–\\d{1,2}:\\d{2}\\s[AP]M ${short}`));
    await app.page.keyboard.press('Escape');
  });

  it('“Anyone available” offers every free provider’s times and names the one the service booked', async () => {
    const form = app.page.getByTestId('booking');
    // The last booking's result is still shown on the booking screen until the desk starts another.
    await app.go('Book appointment');
    await app.page.getByRole('button', { name: 'Book another appointment' }).click();
    const slotText = await fillNewPatient('Anyone available', 'Elias Brandt', '(312) 555-0189');
    expect(slotText).toMatch(/Dr\. (Amelia Hart|Samuel Okafor)/);
    // Arrow keys move the chosen time within the one group.
    const times = form.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio');
    await times.first().focus();
    await app.page.keyboard.press('ArrowRight');
    expect(await times.nth(1).isChecked()).toBe(true);
    await app.page.keyboard.press('ArrowLeft');
    expect(await times.first().isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Book' }).click();
    const text = await app.bookingResult('done');
    const booking = await bookingOf('Elias Brandt');
    const provider = booking.participant?.event.calendar_name ?? '';
    expect(provider).toMatch(/^Dr\. (Amelia Hart|Samuel Okafor)$/);
    expect(text).toContain(provider);
  });

  it('the status bar and the Outbox tell when things happened on the same clock, labelled', async () => {
    // "Up to date" in the status bar: the practice's clock, not the page's (Denver) nor the host's (UTC).
    const bar = app.page.getByTestId('status-bar');
    await bar.getByText(/^(Up to date|Online) · /).waitFor();
    expect(
      Math.abs(minutesFromChicagoNow(labelledAfter(await bar.innerText(), '(?:Up to date|Online) ·'))),
    ).toBeLessThanOrEqual(5);

    // "Made": Nadia Okoro's booking was made minutes ago.
    await app.go('Outbox');
    const made = app.page.locator('[data-testid="outbox-row"]', { hasText: 'Nadia Okoro' });
    const madeAt = minutesFromChicagoNow(labelledAfter(await made.innerText(), 'Made'));
    expect(madeAt).toBeLessThanOrEqual(0);
    expect(madeAt).toBeGreaterThanOrEqual(-20);

    // "Next try": a booking the service does not answer waits for its next attempt, within the 5-minute cap.
    // Dr. Okafor's visit is made through /v1/events (a staff booking): its POST does not get through.
    await faults(stack, { offline: true, routes: ['/v1/events'], methods: ['POST'] });
    try {
      await app.go('Book appointment');
      await app.page.getByRole('button', { name: 'Book another appointment' }).click();
      await fillNewPatient('Dr. Samuel Okafor', 'Ines Moreau', '(312) 555-0187');
      await app.page.getByTestId('booking').getByRole('button', { name: 'Book' }).click();
      await app.bookingResult('queued');
      await app.go('Outbox');
      const waiting = app.page.locator('[data-testid="outbox-row"]', { hasText: 'Ines Moreau' }).filter({
        hasText: 'Next try',
      });
      const next = minutesFromChicagoNow(labelledAfter(await waiting.innerText(), 'Next try'));
      expect(next).toBeGreaterThanOrEqual(-1);
      expect(next).toBeLessThanOrEqual(6);

      // "Offline since": the whole service goes away.
      await faults(stack, { offline: true });
      await app.waitForConnectivity('offline');
      const since = minutesFromChicagoNow(labelledAfter(await app.connectivityText(), 'Offline since'));
      expect(Math.abs(since)).toBeLessThanOrEqual(5);

      // The Outbox and status bar in this state, in light and dark at both sizes: looked at, and axe-clean.
      const problems: string[] = [];
      for (const [width, height, dark] of [
        [1280, 800, false],
        [1280, 800, true],
        [1024, 700, false],
        [1024, 700, true],
      ] as const) {
        const look = await openSized(stack, { width, height, dark, timezoneId: 'America/Denver' });
        await look.waitForAuth('signed_in');
        await look.waitForConnectivity('offline');
        // Straight to the Outbox, the schedule never opened: its times are on the practice's clock all the same.
        await look.go('Outbox');
        await look.page
          .getByTestId('connectivity')
          .filter({ hasText: new RegExp(` ${nowShort()}$`) })
          .waitFor();
        await look.page
          .locator('[data-testid="outbox-row"]', { hasText: 'Ines Moreau' })
          .filter({ hasText: /C[SD]T/ })
          .waitFor();
        expect(await look.page.getByTestId('status-bar').innerText()).toMatch(
          new RegExp(`Offline since .* ${nowShort()}`),
        );
        await shot(look, `clock-outbox-${width}x${height}-${dark ? 'dark' : 'light'}`);
        problems.push(...(await axeProblems(look)));
        await look.page.context().close();
      }
      expect(problems).toEqual([]);
    } finally {
      await faults(stack, null);
    }
    await app.waitForConnectivity('online');
    await app.page.locator('[data-testid="outbox-row"][data-status="done"]', { hasText: 'Ines Moreau' }).waitFor({
      timeout: 30_000,
    });
  });
});
