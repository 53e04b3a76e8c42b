/**
 * Screens read first: right after sign-in the schedule's reads go to the service alone. The
 * read-ahead for offline work and the texts poller wait until the first screen has its answer, then run: counted at
 * the sandbox, not timed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dayKey } from '../../../renderer/lib/practice-time';
import { rangeOf } from '../../../renderer/lib/schedule-range';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { admin, customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';
import { call } from '../../support/bootstrap';

/** Routes only the read-ahead and the texts poller ask at sign-in (the schedule never does). */
const BACKGROUND = [
  'GET /v1/contacts',
  'GET /v1/address_books',
  'GET /v1/availability',
  'GET /v1/bookings',
  'GET /v1/conversations',
  'GET /v1/conversation_messages',
];
const SCREEN = ['GET /v1/calendars', 'GET /v1/events'];

const opened: { sb?: Sandbox; made?: MadeCore } = {};
afterEach(async () => {
  await opened.made?.cleanup();
  await opened.sb?.close();
  delete opened.made;
  delete opened.sb;
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

describe('screens read first', () => {
  it("at sign-in, the schedule's reads go alone; the read-ahead and the texts poller follow its answer", async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1 }));
    // The real wait (the fixture shortens it for tests that have no screen).
    const made = (opened.made = customSchemeCore(sb, { screenFirst: {} }));
    await made.core.start();
    const before = await answered(sb);
    await signInAs(made, 'owner@frontdesk.test');

    // What the schedule asks at once when it opens (ScheduleScreen: the range, saved answer first, and the calendars).
    const zone = 'UTC';
    const today = rangeOf('day', dayKey(Date.now(), zone), zone);
    const [day, calendars] = await Promise.all([
      call(made, 'calendar:range', { ...today, savedFirst: true }),
      call(made, 'calendar:calendars'),
    ]);
    expect(day.source).toBe('service');
    expect(calendars.calendars.length).toBeGreaterThan(0);
    const painted = await answered(sb);
    expect(sum(painted, before, SCREEN)).toBeGreaterThan(0);
    // Nothing else reached the service before the schedule had its answer.
    expect(Object.fromEntries(BACKGROUND.map((r) => [r, (painted[r] ?? 0) - (before[r] ?? 0)]))).toEqual(
      Object.fromEntries(BACKGROUND.map((r) => [r, 0])),
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
    expect(sum(after, painted, ['GET /v1/contacts'])).toBeGreaterThan(0);
    expect(sum(after, painted, ['GET /v1/availability'])).toBeGreaterThan(0);
    expect(sum(after, painted, ['GET /v1/bookings']), 'bookings still waiting for the office system').toBeGreaterThan(
      0,
    );
  });

  it('with no screen asking, the read-ahead still runs after the wait for one', async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1 }));
    const made = (opened.made = customSchemeCore(sb, { screenFirst: { firstScreenMs: 300 } }));
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    await waitFor(() => made.core.prefetch.lastRun()?.failed.length === 0, {
      what: 'the read ahead with no screen',
      timeoutMs: 20_000,
    });
  });
});
