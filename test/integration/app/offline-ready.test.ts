/**
 * Offline-ready from sign-in: right after sign-in, and at a start with a
 * saved session, core reads ahead what offline work needs. A receptionist who loses the network at once can still
 * see the next days, add a contact, book from the saved free times and check a patient in; back online each is
 * sent once. A read that fails is logged and read again later.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dayKey } from '../../../renderer/lib/practice-time';
import { rangeOf } from '../../../renderer/lib/schedule-range';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { admin, customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';
import { call, callRaw, goOffline, goOnline, ownerGet, waitForOp } from '../../support/bootstrap';

const DAY = 86_400_000;
const opened: { sb?: Sandbox; cores: MadeCore[] } = { cores: [] };

afterEach(async () => {
  for (const made of opened.cores.splice(0)) await made.cleanup();
  const sb = opened.sb;
  await sb?.close();
  delete opened.sb;
  // Strict: a request field the service contract does not list fails the test (test/sandbox/strict.ts).
  if (sb) assertContractKept(sb.fields);
});

async function sandbox(): Promise<Sandbox> {
  opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' });
  return opened.sb;
}

/** A started core on `dataDir` (a fresh folder when absent), reading ahead quickly in tests. */
async function startedCore(sb: Sandbox, dataDir?: string): Promise<MadeCore> {
  const made = customSchemeCore(sb, {
    outbox: { baseDelayMs: 20, maxDelayMs: 200 },
    prefetch: { retryBaseMs: 50, retryCapMs: 200 },
    ...(dataDir ? { dataDir } : {}),
  });
  opened.cores.push(made);
  await made.core.start();
  return made;
}

/**
 * Waits until a read ahead for the signed-in account finished with every part. Right after a sign-in or a start, one
 * is under way already (or done): a core that began none fails here at once instead of at the deadline.
 */
function readAhead(made: MadeCore, { begun = false } = {}) {
  if (begun)
    expect(
      made.core.prefetch.underWay() || made.core.prefetch.lastRun()?.account === made.core.auth.accountKey(),
      'a read ahead under way',
    ).toBe(true);
  return waitFor(
    () => {
      const run = made.core.prefetch.lastRun();
      return run && run.account === made.core.auth.accountKey() && run.failed.length === 0 ? run : null;
    },
    { what: 'the read ahead to finish', timeoutMs: 20_000 },
  );
}

/** What a receptionist does offline right after sign-in, checked against what the service had. */
async function workOffline(sb: Sandbox, made: MadeCore) {
  const zone = (await call(made, 'calendar:calendars')).practiceZone ?? 'UTC';
  const tomorrow = rangeOf('day', dayKey(Date.now() + DAY, zone), zone);
  const online = await call(made, 'calendar:range', tomorrow);
  await goOffline(sb, made);

  // The calendars, a day never opened, the address books and the booking pages with their forms.
  expect(await call(made, 'calendar:calendars')).toMatchObject({ source: 'cache', practiceZone: zone });
  const day = await call(made, 'calendar:range', tomorrow);
  expect(day.source).toBe('cache');
  expect(day.items.map((i) => i.id)).toEqual(online.items.map((i) => i.id));
  expect(day.items.length).toBeGreaterThan(0);
  const books = await call(made, 'contacts:address-books');
  expect(books.length).toBe(2);
  const pages = await call(made, 'bookings:pages');
  const dental = pages.find((p) => p.slug === 'lakeside-dental')!;
  expect(dental.types.map((t) => t.key)).toEqual(['new-patient', 'consultation', 'emergency']);
  expect(dental.fields.map((f) => f.key)).toContain('insurance');
  expect(dental.consent).toEqual({ textMessaging: true, marketing: true });

  // Free times of the next two weeks, each marked with when it was read.
  const fortnight = { begin: new Date().toISOString(), end: new Date(Date.now() + 14 * DAY).toISOString() };
  for (const type of dental.types) {
    const slots = await call(made, 'bookings:availability', {
      page: dental.slug,
      appointmentType: type.key,
      ...fortnight,
    });
    expect(slots.length, type.key).toBeGreaterThan(0);
    expect(slots.every((s) => typeof s.asOf === 'number')).toBe(true);
  }
  const cleaning = await call(made, 'bookings:availability', { page: 'lakeside-dental-cleaning', ...fortnight });
  const slot = cleaning[0]!;

  // Add a contact, book the caller, check a patient in: all queued.
  const before = await admin(sb).stats();
  const contact = await call(made, 'contacts:create', {
    firstName: 'Offline',
    lastName: 'Walk-in',
    phones: [{ number: '(312) 555-0188' }],
    emails: [],
  });
  const booking = await call(made, 'bookings:book', {
    page: 'lakeside-dental-cleaning',
    appointmentType: 'cleaning',
    time: slot.time,
    startsAt: slot.start,
    name: 'Offline Walk-in',
    phone: '(312) 555-0188',
    email: '',
    fieldData: {},
  });
  const patient = day.items[0]!;
  const mark = await call(made, 'calendar:mark', { eventId: patient.id, state: 'arrived', startsAt: patient.start });
  for (const item of [contact, booking, mark]) expect(item.status).toBe('queued');

  // Back online: each is sent once.
  await goOnline(sb, made);
  for (const item of [contact, booking, mark]) await waitForOp(made, item.id);
  const after = await admin(sb).stats();
  expect((after.contactsWritten ?? 0) - (before.contactsWritten ?? 0)).toBe(1);
  expect((after.bookingsCreated ?? 0) - (before.bookingsCreated ?? 0)).toBe(1);
  expect((after.eventMarks ?? 0) - (before.eventMarks ?? 0)).toBe(1);
}

describe('offline-ready from sign-in', () => {
  it('reads ahead right after sign-in: contact, booking and check-in work when the network drops at once', async () => {
    const sb = await sandbox();
    const made = await startedCore(sb);
    await signInAs(made, 'owner@frontdesk.test');
    await readAhead(made, { begun: true });
    await workOffline(sb, made);
  }, 60_000);

  it('finds any patient of the address book offline, not only those on the first page of everyone', async () => {
    const sb = await sandbox();
    const made = await startedCore(sb);
    await signInAs(made, 'owner@frontdesk.test');
    await readAhead(made, { begun: true });
    const firstPage = await call(made, 'contacts:search', { query: '' });
    expect(firstPage.more, 'the seed has more contacts than one search shows').toBe(true);
    // Someone the search for everyone did not show, as the service has them.
    const shown = new Set(firstPage.items.map((c) => c.id));
    const { body } = await ownerGet<{ contacts: { id: number; first_name: string; last_name: string }[] }>(
      sb,
      '/v1/contacts',
      { page: 3, page_size: 100 },
    );
    const beyond = body.contacts.find((c) => !shown.has(c.id) && c.first_name && c.last_name);
    expect(beyond, 'a contact beyond the first page').toBeDefined();

    await goOffline(sb, made);
    const found = await call(made, 'contacts:search', { query: `${beyond!.first_name} ${beyond!.last_name}` });
    expect(found.source).toBe('cache');
    expect(found.items.map((c) => c.id)).toContain(beyond!.id);
  }, 60_000);

  it('reads the waitlist ahead: a desk that never opened it has it offline', async () => {
    const sb = await sandbox();
    // Another desk puts a patient on the waitlist.
    const other = await startedCore(sb);
    await signInAs(other, 'owner@frontdesk.test');
    const added = await call(other, 'waitlist:add', {
      name: 'Wanda Ahead',
      phone: '(312) 555-0177',
      days: [1, 2, 3, 4, 5],
      from: '08:00',
      to: '18:00',
    });
    await waitForOp(other, added.id);
    // This desk signs in, reads ahead and loses the network before anyone opens the waitlist here.
    const made = await startedCore(sb);
    await signInAs(made, 'owner@frontdesk.test');
    await readAhead(made, { begun: true });
    await goOffline(sb, made);
    const list = await call(made, 'waitlist:list');
    expect(list.source).toBe('cache');
    expect(list.entries.map((e) => e.name)).toContain('Wanda Ahead');
  }, 60_000);

  it('reads ahead at each start with a saved session', async () => {
    const sb = await sandbox();
    const first = await startedCore(sb);
    await signInAs(first, 'owner@frontdesk.test');
    await readAhead(first, { begun: true });
    await first.core.stop();
    // Nothing saved from the first run: what the second start has, it read itself. (Core's stop waits for the
    // store's last save: under a heavy load one used to land in the folder as it went, ENOTEMPTY.)
    rmSync(join(first.dir, 'cache'), { recursive: true, force: true });
    const second = await startedCore(sb, first.dir);
    expect(second.core.auth.status().state).toBe('signed_in');
    await readAhead(second, { begun: true });
    await workOffline(sb, second);
  }, 60_000);

  it('logs a read that failed and reads it again later', async () => {
    const sb = await sandbox();
    await admin(sb).faults({ failRate: 1, failStatus: [503], routes: ['/v1/address_books'] });
    const made = await startedCore(sb);
    await signInAs(made, 'owner@frontdesk.test');
    const failed = await waitFor(() => made.core.prefetch.lastRun(), { what: 'a first read ahead' });
    expect(failed.failed).toEqual(['address books']);
    expect(made.log.lines.some((l) => l.startsWith('warn some views could not be saved for offline work'))).toBe(true);
    await admin(sb).clearFaults();
    await readAhead(made);
    await goOffline(sb, made);
    expect((await call(made, 'contacts:address-books')).length).toBe(2);
    await goOnline(sb, made);
  }, 60_000);

  it('says offline, not stale times, for days beyond those saved', async () => {
    const sb = await sandbox();
    const made = await startedCore(sb);
    await signInAs(made, 'owner@frontdesk.test');
    await readAhead(made, { begun: true });
    await goOffline(sb, made);
    const far = {
      begin: new Date(Date.now() + 20 * DAY).toISOString(),
      end: new Date(Date.now() + 21 * DAY).toISOString(),
    };
    const result = await callRaw(made, 'bookings:availability', { page: 'lakeside-dental-cleaning', ...far });
    expect(result).toMatchObject({ ok: false, error: { code: 'offline' } });
    await goOnline(sb, made);
  }, 60_000);
});
