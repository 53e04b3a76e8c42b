/** Booking for a caller through the outbox: online, offline, a taken time, and work held for another sign-in. */
import { afterEach, describe, expect, it } from 'vitest';
import { practiceWeekday } from './support/clock';
import { startStack, type Stack } from './support/stack';
import { blockSays, reveal, scheduleSettled } from './support/schedule';

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

/** A weekday at least two days ahead in the practice's calendar, so the page's notice rules allow it. */
const bookableDay = (): string => practiceWeekday(2);

async function faults(s: Stack, body: object | null): Promise<void> {
  const res = await fetch(
    `${s.sandbox.url}/__sandbox/faults`,
    body
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : { method: 'DELETE' },
  );
  expect(res.ok).toBe(true);
}

async function bookingsOf(s: Stack, name: string): Promise<{ name: string; state: string }[]> {
  const owner = s.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${s.sandbox.url}/v1/bookings?booking_page=lakeside-dental-cleaning&page_size=100`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  const { bookings } = (await res.json()) as { bookings: { name: string; state: string }[] };
  return bookings.filter((b) => b.name === name);
}

describe('booking for a caller', () => {
  it('books at once when the service answers', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await app.bookCleaning(bookableDay(), { name: 'Nora Quinn', phone: '+1 312 555 0142' });
    const result = await app.bookingResult('done');
    expect(result).toMatch(/^Booked\./);
    expect(result).toMatch(/Provider\s+Hygiene/);
    expect(result).toMatch(/Type\s+Cleaning/);
    expect(result).toMatch(/Time\s+\w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s[AP]M/);
    expect(result).toMatch(/Caller\s+Nora Quinn/);
    expect(await bookingsOf(stack, 'Nora Quinn')).toEqual([expect.objectContaining({ state: 'complete' })]);
    await app.screenshot('test-results/booking-done.png');
  });

  it('keeps a booking made while offline, shows it waiting, and books it once when the service is back', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    // The caller's details and time are entered, then the network drops before Book is pressed.
    await app.fillCleaning(bookableDay(), { name: 'Omar Haddad', phone: '+1 312 555 0177' });
    await faults(stack, { offline: true });
    await app.waitForConnectivity('offline');
    await app.pressBook();
    expect(await app.bookingResult('queued')).toContain('Waiting to sync');
    expect(await app.page.getByTestId('queue-status').innerText()).toContain('1 waiting to sync');
    await app.go('Outbox');
    await app.page.locator('[data-testid="outbox-row"][data-status="queued"]').waitFor();
    await app.screenshot('test-results/outbox-waiting.png');
    // The calendar shows it at once, marked as waiting (from the last good day plus the queued change).
    await app.go('Calendar');
    const title = app.page.locator('#calendar-heading');
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      await scheduleSettled(app);
      // The grid holds only the blocks in view; offline before the practice's zone was ever read, the day is told on
      // this computer's clock, so the booking may sit lower down the day.
      if (await reveal(app, 'Omar Haddad')) break;
      const day = await title.innerText();
      seen.push(day);
      await app.page.getByRole('button', { name: 'Next day' }).click();
      await expect.poll(() => title.innerText()).not.toBe(day);
    }
    const omar = app.page.locator('[data-pending]', { hasText: 'Omar Haddad' });
    expect(await omar.count(), `the waiting booking on the schedule; days looked at: ${seen.join('; ')}`).toBe(1);
    expect(await omar.getAttribute('data-pending')).toBe('queued');
    // A small block says its badges in its name only (block-label.ts): read what it says, not what it shows.
    expect(await blockSays(omar)).toMatch(/Omar Haddad[\s\S]*Waiting to sync/);
    await app.screenshot('test-results/calendar-waiting.png');
    await app.go('Outbox');
    await faults(stack, null);
    await app.waitForConnectivity('online');
    await app.page.locator('[data-testid="outbox-row"][data-status="done"]').waitFor({ timeout: 20_000 });
    await app.page.getByTestId('queue-status').waitFor({ state: 'detached' });
    expect(await bookingsOf(stack, 'Omar Haddad')).toHaveLength(1);
  });

  it('puts a booking whose time was taken in the meantime under "needs attention" with the service’s words, and Edit fixes it', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    const day = bookableDay();
    await faults(stack, { offline: true, routes: ['/v1/book_now'] });
    await app.bookCleaning(day, { name: 'Priya Raman', phone: '+1 312 555 0119' });
    expect(await app.bookingResult('queued')).toContain('Waiting to sync');
    // Someone else takes that time on the booking page meanwhile.
    await faults(stack, null);
    const owner = stack.sandbox.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const queued = stack.host.core.outbox.get().list()[0]!;
    const taken = await fetch(`${stack.sandbox.url}/v1/book_now`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      },
      body: JSON.stringify({
        booking_page: 'lakeside-dental-cleaning',
        time: queued.payload.time,
        name: 'Walk-in',
        phone_number: '+13125550100',
      }),
    });
    expect(taken.status).toBe(200);
    // The outbox retries by itself (backoff from 1 s); "Retry now" would only hurry it.
    expect(await app.bookingResult('needs_attention', 30_000)).toContain('That time is no longer available');
    expect(await app.page.getByTestId('queue-status').innerText()).toContain('1 needs attention');
    await app.go('Outbox');
    const row = app.page.locator('[data-testid="outbox-row"][data-status="needs_attention"]');
    expect(await row.innerText()).toContain('That time is no longer available');
    await app.screenshot('test-results/outbox-needs-attention.png');
    await row.getByRole('button', { name: 'Choose another time' }).click();
    const form = app.page.getByTestId('booking');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Priya Raman');
    await form.locator('.slot').first().click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    expect(await app.bookingResult('done')).toContain('Priya Raman');
    const priya = await bookingsOf(stack, 'Priya Raman');
    expect(priya.filter((b) => b.state !== 'failed')).toEqual([expect.objectContaining({ state: 'complete' })]);
    expect(priya.filter((b) => b.state === 'failed')).toHaveLength(1);
  });

  it('never sends a previous account’s queued booking under another sign-in', async () => {
    stack = await startStack();
    const app = await stack.open();
    await app.signIn('owner@frontdesk.test');
    await app.waitForAuth('signed_in');
    await faults(stack, { offline: true, routes: ['/v1/book_now'] });
    await app.bookCleaning(bookableDay(), { name: 'Held Person', phone: '+1 312 555 0166' });
    await app.bookingResult('queued');
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    // A change still waits, so sign-out asks first; signing out keeps it for this account.
    await app.page.getByRole('button', { name: /^Sign out — (it|they) will be sent after the next sign-in/ }).click();
    await app.waitForAuth('signed_out');
    await faults(stack, null);
    const portal = await app.signIn('staff@frontdesk.test');
    expect(await portal.locator('body').innerText()).toContain('You can close this tab');
    await app.waitForAuth('signed_in');
    const banner = app.page.getByTestId('held-work');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/1 change made while signed in as Dr\. Amelia Hart .* is waiting/);
    await app.screenshot('test-results/held-work.png');
    // Nothing of the owner's patients is on screen under the new sign-in.
    expect(await app.page.locator('body').innerText()).not.toContain('Held Person');
    expect(await bookingsOf(stack, 'Held Person')).toEqual([]);
    await banner.getByRole('button', { name: 'Discard 1 queued change' }).click();
    await banner.getByRole('button', { name: 'Yes, discard 1 queued change' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await bookingsOf(stack, 'Held Person')).toEqual([]);
  });
});
