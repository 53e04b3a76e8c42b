/**
 * Screens read first: right after sign-in the schedule's reads go to the service alone. The
 * read-ahead for offline work and the texts poller wait until the first screen has its answer, then run: counted at
 * the sandbox, not timed. The read-ahead then reads side by side, a few at once, and a screen's read never waits
 * behind it: no read of it starts while a screen's is under way (counted at core's fetch).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKGROUND_AT_ONCE } from '../../../main/core/screen-first';
import { dayKey } from '../../../renderer/lib/practice-time';
import { rangeOf } from '../../../renderer/lib/schedule-range';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { admin, customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';
import { call } from '../../support/bootstrap';

/**
 * Routes only the texts poller asks at sign-in (the schedule never does). It waits for quiet after the screen's reads;
 * the read-ahead may start as soon as they are answered (its reads give way one by one), before a test has looked.
 */
const POLLER = ['GET /v1/conversations', 'GET /v1/conversation_messages'];
const SCREEN = ['GET /v1/calendars', 'GET /v1/events'];
/** Routes only the read-ahead asks at sign-in (the address books, everyone, the booking pages). */
const READ_AHEAD = ['GET /v1/address_books', 'GET /v1/contacts', 'GET /v1/booking_pages'];

const opened: { sb?: Sandbox; made?: MadeCore } = {};
afterEach(async () => {
  await opened.made?.cleanup();
  const sb = opened.sb;
  await sb?.close();
  delete opened.made;
  delete opened.sb;
  // Strict: a request field the service contract does not list fails the test (test/sandbox/strict.ts).
  if (sb) assertContractKept(sb.fields);
});

/** Requests the sandbox has answered, by route. */
async function answered(sb: Sandbox): Promise<Record<string, number>> {
  const { requests } = await admin(sb).stats();
  return Object.fromEntries(
    Object.entries(requests).map(([route, byStatus]) => [route, Object.values(byStatus).reduce((a, b) => a + b, 0)]),
  );
}

const sum = (counts: Record<string, number>, before: Record<string, number>, routes: string[]) =>
  routes.reduce((n, r) => n + (counts[r] ?? 0) - (before[r] ?? 0), 0);

/** A read core sent: whether a screen asked it (run in `screen`), when it started and ended. */
interface Read {
  url: string;
  screen: boolean;
  start: number;
  end: number;
}

/**
 * A core whose reads are watched at its fetch: the texts poller's (threads, their texts, their contacts one by one) and
 * the connectivity probe's go on beside the read-ahead and are left out. What runs in `screen` is a screen's.
 */
/**
 * A watched core signed in against a sandbox whose reads are answered slowly, as over a network (so reads under way
 * overlap), once its read-ahead has begun reading.
 */
async function readingAhead(seed: { contacts?: number }) {
  const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict', ...seed }));
  await admin(sb).faults({ latencyMs: 150, routes: ['/v1/availability', '/v1/contacts', '/v1/events'] });
  const watched = watchedCore(sb);
  opened.made = watched.made;
  await watched.made.core.start();
  await signInAs(watched.made, 'owner@frontdesk.test');
  await waitFor(() => watched.seen.background > 0, { what: 'the read-ahead to read' });
  return watched;
}

function watchedCore(sb: Sandbox, options: Parameters<typeof customSchemeCore>[1] = {}) {
  const screen = new AsyncLocalStorage<true>();
  const reads: Read[] = [];
  const seen = { background: 0, most: 0 };
  const made = customSchemeCore(sb, {
    ...options,
    platform: (p) => ({
      ...p,
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (
          (init?.method ?? 'GET') !== 'GET' ||
          !url.includes('/v1/') ||
          /\/v1\/(conversation|userinfo|contact\?)/.test(url)
        )
          return p.fetch(input, init);
        const read = { url, screen: screen.getStore() === true, start: performance.now(), end: Infinity };
        reads.push(read);
        if (!read.screen) seen.most = Math.max(seen.most, ++seen.background);
        try {
          return await p.fetch(input, init);
        } finally {
          if (!read.screen) seen.background--;
          read.end = performance.now();
        }
      },
    }),
  });
  return { made, reads, seen, asScreen: <T>(work: () => Promise<T>) => screen.run(true, work) };
}

describe('screens read first', () => {
  it("at sign-in, the schedule's reads go alone; the read-ahead and the texts poller follow its answer", async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' }));
    // The real wait (the fixture shortens it for tests that have no screen).
    const watched = watchedCore(sb, { screenFirst: {} });
    const made = (opened.made = watched.made);
    await made.core.start();
    const before = await answered(sb);
    await signInAs(made, 'owner@frontdesk.test');

    // What the schedule asks at once when it opens (ScheduleScreen: the range, saved answer first, and the calendars).
    const zone = 'UTC';
    const today = rangeOf('day', dayKey(Date.now(), zone), zone);
    const [day, calendars] = await watched.asScreen(() =>
      Promise.all([call(made, 'calendar:range', { ...today, savedFirst: true }), call(made, 'calendar:calendars')]),
    );
    expect(day.source).toBe('service');
    expect(calendars.calendars.length).toBeGreaterThan(0);
    const painted = await answered(sb);
    expect(sum(painted, before, SCREEN)).toBeGreaterThan(0);
    // No read of the read-ahead started before the schedule's reads were answered.
    const answeredAt = Math.max(...watched.reads.filter((r) => r.screen).map((r) => r.end));
    expect(watched.reads.filter((r) => !r.screen && r.start < answeredAt).map((r) => r.url)).toEqual([]);
    // The texts poller reached the service only after the schedule had its answer.
    expect(Object.fromEntries(POLLER.map((r) => [r, (painted[r] ?? 0) - (before[r] ?? 0)]))).toEqual(
      Object.fromEntries(POLLER.map((r) => [r, 0])),
    );

    // Then both run, in full.
    const run = await waitFor(
      () => {
        const last = made.core.prefetch.lastRun();
        return last && last.failed.length === 0 ? last : null;
      },
      { what: 'the read ahead after the first screen', timeoutMs: 20_000 },
    );
    expect(run.account).toBe(made.core.auth.accountKey());
    await waitFor(async () => sum(await answered(sb), painted, ['GET /v1/conversations']) > 0, {
      what: 'the texts poller after the first screen',
      timeoutMs: 20_000,
    });
    const after = await answered(sb);
    expect(sum(after, before, ['GET /v1/contacts'])).toBeGreaterThan(0);
    expect(sum(after, before, ['GET /v1/availability'])).toBeGreaterThan(0);
    expect(sum(after, before, ['GET /v1/bookings']), 'bookings still waiting for the office system').toBeGreaterThan(0);
  });

  it('with no screen asking, the read-ahead still runs after the wait for one', async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' }));
    const made = (opened.made = customSchemeCore(sb, { screenFirst: { firstScreenMs: 300 } }));
    await made.core.start();
    const before = await answered(sb);
    await signInAs(made, 'owner@frontdesk.test');
    await waitFor(() => made.core.prefetch.lastRun()?.failed.length === 0, {
      what: 'the read ahead with no screen',
      timeoutMs: 20_000,
    });
    // Its parts (the list, the booking pages' providers, the saved days' names) share one read of the calendar list.
    expect(sum(await answered(sb), before, ['GET /v1/calendars']), 'the calendar list is read once').toBe(1);
  });

  it('the read-ahead reads side by side, a few at once, and none of its reads starts while a screen reads', async () => {
    const watched = await readingAhead({});
    const { made, reads, seen } = watched;
    // Once the read-ahead is reading, a screen asks for a week of the schedule.
    const week = rangeOf('week', dayKey(Date.now(), 'UTC'), 'UTC');
    await watched.asScreen(() => call(made, 'calendar:range', week));
    await waitFor(() => made.core.prefetch.lastRun()?.failed.length === 0, {
      what: 'the read ahead',
      timeoutMs: 30_000,
    });
    const screens = reads.filter((r) => r.screen);
    expect(screens.length).toBeGreaterThan(0);
    // Side by side, within the bound.
    expect(seen.most).toBeGreaterThanOrEqual(2);
    expect(seen.most).toBeLessThanOrEqual(BACKGROUND_AT_ONCE);
    // No read of the read-ahead started while the screen's were under way.
    const during = reads.filter((r) => !r.screen && screens.some((s) => r.start > s.start && r.start < s.end));
    expect(during.map((r) => r.url)).toEqual([]);
  });

  it("the texts poller's reads take places among the read-ahead's instead of holding it back", async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' }));
    // Every read answered slowly, as over a network, so the poller's reads (a thread's texts each) are out a while.
    await admin(sb).faults({ latencyMs: 60, routes: ['/v1/'], methods: ['GET'] });
    const screen = new AsyncLocalStorage<true>();
    const out = { poller: 0, readAhead: 0, most: 0 };
    /** Reads of the read-ahead that started while one of the poller's was out. */
    let beside = 0;
    const made = (opened.made = customSchemeCore(sb, {
      screenFirst: {},
      platform: (p) => ({
        ...p,
        fetch: async (input: string | URL | Request, init?: RequestInit) => {
          const url = String(input instanceof Request ? input.url : input);
          if ((init?.method ?? 'GET') !== 'GET' || !url.includes('/v1/') || screen.getStore() || /userinfo/.test(url))
            return p.fetch(input, init);
          const kind = /\/v1\/conversation/.test(url) ? 'poller' : 'readAhead';
          if (kind === 'readAhead' && out.poller > 0) beside++;
          out[kind]++;
          out.most = Math.max(out.most, out.poller + out.readAhead);
          try {
            return await p.fetch(input, init);
          } finally {
            out[kind]--;
          }
        },
      }),
    }));
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    // The first screen: both wait for its answer, then go together.
    await screen.run(true, () => call(made, 'calendar:calendars'));
    await waitFor(() => made.core.prefetch.lastRun()?.failed.length === 0, {
      what: 'the read ahead',
      timeoutMs: 30_000,
    });
    // Held back, none of the read-ahead's reads would start while a thread's texts were being read.
    expect(beside).toBeGreaterThan(0);
    // Together they stay within the background's bound.
    expect(out.most).toBeLessThanOrEqual(BACKGROUND_AT_ONCE);
  });

  it('the page saying its first screen is painted lets the read-ahead go at once', async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' }));
    // Neither the quiet time nor the hold would let it go within this test: only the page's word can.
    const made = (opened.made = customSchemeCore(sb, { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } }));
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    await call(made, 'calendar:calendars');
    const before = await answered(sb);
    expect(made.core.prefetch.lastRun()).toBeNull();

    await call(made, 'app:first-screen');
    // At once: its first reads are answered within moments (held back, it would wait ten minutes).
    await waitFor(async () => sum(await answered(sb), before, READ_AHEAD) > 0, {
      what: 'the read-ahead’s first reads',
      timeoutMs: 5_000,
    });
    await waitFor(() => made.core.prefetch.lastRun()?.failed.length === 0, {
      what: 'the read ahead',
      timeoutMs: 20_000,
    });
    expect(sum(await answered(sb), before, ['GET /v1/contacts'])).toBeGreaterThan(0);
  });

  it('no read of the read-ahead slips in between the pages of a search asked one after another', async () => {
    const watched = await readingAhead({ contacts: 300 });
    const { made, reads } = watched;
    // Everyone: no kept contact says how many pages are full, so its two pages are asked one after the other.
    const list = await watched.asScreen(() => call(made, 'contacts:search', { query: '' }));
    expect(list.items).toHaveLength(200);
    const pages = reads.filter((r) => r.screen && r.url.includes('/v1/contacts?'));
    expect(pages).toHaveLength(2);
    const [first, second] = pages as [Read, Read];
    expect(second.start).toBeGreaterThanOrEqual(first.end);
    // From the first page's start to the second's end, the read-ahead started nothing.
    const between = reads.filter((r) => !r.screen && r.start > first.start && r.start < second.end);
    expect(between.map((r) => r.url)).toEqual([]);
  });
});
