/**
 * Offline-ready from sign-in: a receptionist signs in and the network drops at
 * once. They still add a contact, book a caller from the free times saved at sign-in, and check a patient in on a
 * day they never opened; back online, each is sent once (counted at the sandbox).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ContactsScreen } from './support/contacts-screen';
import type { FrontdeskPage } from './support/driver';
import { plainWordsProblems } from './support/plain-words';
import {
  appointmentsNamed,
  axeProblems,
  blockSays,
  faults,
  nextBusyDay,
  pinned,
  readAheadLogged,
  scheduleSettled,
  shot,
} from './support/schedule';
import { practiceWeekday } from './support/clock';
import { startStack, type Stack } from './support/stack';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

/** A weekday at least two days ahead in the practice's calendar, so the page's notice rules allow it. */
const bookableDay = (): string => practiceWeekday(2);

interface Counters {
  contactsWritten: number;
  bookingsCreated: number;
  eventMarks: number;
}

async function counters(s: Stack): Promise<Counters> {
  const res = await fetch(`${s.sandbox.url}/__sandbox/stats`);
  const { contactsWritten, bookingsCreated, eventMarks } = (await res.json()) as Counters;
  return { contactsWritten, bookingsCreated, eventMarks };
}

/** The sandbox's API as the owner (ground truth, and writes from elsewhere). */
async function asOwner<T>(s: Stack, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Screenshots in light and dark at both window sizes, with axe and the plain-words scan clean in each. */
async function looked(app: FrontdeskPage, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ])
    for (const scheme of ['light', 'dark'] as const) {
      await app.page.setViewportSize(size);
      await app.page.emulateMedia({ colorScheme: scheme });
      await shot(app, `${name}-${size.width}-${scheme}`);
      expect(await axeProblems(app)).toEqual([]);
    }
  await app.page.setViewportSize({ width: 1280, height: 800 });
  await app.page.emulateMedia({ colorScheme: 'light' });
  expect(await plainWordsProblems(app.page, name)).toEqual([]);
}

describe('offline-ready from sign-in', () => {
  it('adds a contact, books from saved free times and checks in with the network gone right after sign-in; each is sent once', async () => {
    stack = await startStack();
    const app = await stack.open();
    const portal = await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await portal.close();
    await app.page.bringToFront();
    await readAheadLogged(stack);

    // The network drops at once: nothing but the first screen was opened.
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    const before = await counters(stack);

    // Add a contact (the address books were read ahead).
    const contacts = new ContactsScreen(app);
    await contacts.open();
    await contacts.create({ firstName: 'Rosalind', lastName: 'Offweather', phone: '(312) 555-0191' });
    await contacts.waitForRow('Rosalind Offweather', 'queued');

    // Book a caller from the free times saved at sign-in, marked with when they were read.
    await app.fillCleaning(bookableDay(), { name: 'Rosalind Offweather', phone: '(312) 555-0191' });
    const form = app.page.getByTestId('booking');
    await expect.poll(() => form.innerText()).toMatch(/as of \d{1,2}:\d{2}\s?[AP]M — not confirmed until sent/);
    await looked(app, 'offline-ready-booking-as-of');
    await app.pressBook();
    expect(await app.bookingResult('queued')).toContain('Waiting to sync');

    // Check a patient in on a day never opened while online.
    await app.go('Calendar');
    await scheduleSettled(app);
    await app.page.getByRole('button', { name: 'Next day' }).click();
    await nextBusyDay(app);
    const { block: patient } = await pinned(appointmentsNamed(app.page, ' - ').first());
    await patient.click({ button: 'right' });
    await app.page.getByRole('menu').getByRole('menuitem', { name: 'Arrived', exact: true }).click();
    await expect.poll(() => blockSays(patient)).toContain('Arrived — waiting to sync');
    await shot(app, 'offline-ready-checked-in');
    expect(await counters(stack)).toEqual(before);

    // Back online: each is sent, once.
    await faults(stack, null);
    await app.waitForConnectivity('online');
    await app.page.getByTestId('queue-status').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await counters(stack)).toEqual({
      contactsWritten: before.contactsWritten + 1,
      bookingsCreated: before.bookingsCreated + 1,
      eventMarks: before.eventMarks + 1,
    });
    expect(app.problems).toEqual([]);
  });

  it('books from a saved time that went meanwhile: on sending, the nearest free times are offered and one click books one', async () => {
    stack = await startStack();
    const app = await stack.open();
    const portal = await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await portal.close();
    await app.page.bringToFront();
    await readAheadLogged(stack);

    // Another desk takes the day's first free time after it was saved here.
    const day = bookableDay();
    const { slots } = await asOwner<{ slots: { time: string }[] }>(
      stack,
      'GET',
      `/v1/availability?booking_page=lakeside-dental-cleaning&begin=${day}T00:00:00&end=${day}`,
    );
    const first = slots.find((s) => s.time.startsWith(day))!;
    await asOwner(stack, 'POST', '/v1/book_now', {
      booking_page: 'lakeside-dental-cleaning',
      time: first.time,
      name: 'Other Desk',
      phone_number: '+13125550150',
    });

    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    await app.bookCleaning(day, { name: 'Tamsin Offline', phone: '(312) 555-0193' });
    expect(await app.bookingResult('queued')).toContain('Waiting to sync');

    await faults(stack, null);
    await app.waitForConnectivity('online');
    await app.bookingResult('needs_attention', 30_000);
    const offered = app.page.getByTestId('nearest-times');
    await offered.waitFor();
    await looked(app, 'offline-ready-slot-gone');
    const choice = offered.getByRole('button', { name: /^Book / }).first();
    const chosen = (await choice.innerText()).replace(/^Book /, '');
    await choice.click();
    expect(await app.bookingResult('done', 30_000)).toContain(chosen.split(', ').pop()!);
    const { bookings } = await asOwner<{ bookings: { name: string; state: string }[] }>(
      stack,
      'GET',
      '/v1/bookings?booking_page=lakeside-dental-cleaning&page_size=1000',
    );
    expect(bookings.filter((b) => b.name === 'Tamsin Offline').map((b) => b.state)).toEqual(['failed', 'complete']);
    expect(app.problems).toEqual([]);
  });
});
