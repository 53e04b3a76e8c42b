/**
 * Core's "N days" are practice days. At 00:30 CDT on the Sunday the clocks go back (the suite's dst-fall instant),
 * with this process in UTC, every window core asks the service for starts and ends at a Chicago midnight: the
 * saved schedule, a contact's history and Find a patient's month. A window reckoned as now ± n × 24 hours would
 * start at 00:30 and end half an hour into a day (or an hour off across the change). The zone itself is core's:
 * learned from the calendars and told with the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR } from '../../../main/core/api/waitlist-records';
import { clockFrom } from '../../../main/core/given-clock';
import type { Platform } from '../../../main/core/platform';
import { startAuthSandbox, type MadeCore } from '../../support/auth-fixture';
import { call, signedInCore, useLogOnFailure } from '../../support/bootstrap';
import type { Sandbox } from '../../sandbox/index';
import { waitFor } from '../../support/wait';
import { resolveAt } from '../../e2e/support/clock';

const NOW = resolveAt('dst-fall')!; // 2026-11-01T00:30:00-05:00
const tzBefore = process.env.TZ;

/** The `/v1/events` reads core made: their begin and end. */
const windows: { begin: string; end: string; lookup: boolean }[] = [];
let sb: Sandbox;
let made: MadeCore;
useLogOnFailure(() => made);

beforeAll(async () => {
  process.env.TZ = 'UTC'; // as a server would run: the host's zone must not matter
  sb = await startAuthSandbox({ now: () => new Date(NOW) });
  const recording = (platform: Platform): Platform => ({
    ...platform,
    fetch: (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const [begin, end] = [url.searchParams.get('begin'), url.searchParams.get('end')];
      if (url.pathname === '/v1/events' && begin && end)
        windows.push({ begin, end, lookup: url.searchParams.has('phone_number') });
      return platform.fetch(input, init);
    },
  });
  made = await signedInCore(sb, { core: { clock: clockFrom(NOW), platform: recording } });
  // The read-ahead after sign-in saves the schedule's days.
  await waitFor(() => made.core.prefetch.lastRun(), { what: 'the read-ahead after sign-in' });
}, 60_000);

afterAll(async () => {
  await made?.cleanup();
  await sb?.close();
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

describe("core's windows", () => {
  it('learned the zone from the calendars and tells it with the session', async () => {
    expect((await call(made, 'auth:status')).account?.zone).toBe('America/Chicago');
  });

  it("saved the schedule's days from a Chicago midnight a week back to the midnight after the seventh day", () => {
    // The waitlist's read is of its own fixed day (api/waitlist-records.ts), not a practice window.
    const saved = windows.find((w) => !w.lookup && w.begin !== ANCHOR.begin)!;
    // Sun 25 Oct 00:00 CDT … Mon 9 Nov 00:00 CST: 15 days, one of them 25 hours long.
    expect(saved).toMatchObject({ begin: '2026-10-25T05:00:00.000Z', end: '2026-11-09T06:00:00.000Z' });
  });

  it("reads a contact's history in whole practice days", async () => {
    windows.length = 0;
    await call(made, 'contacts:history', { phones: ['+13125550100'], emails: [] });
    const history = windows.find((w) => w.lookup)!;
    expect(history).toMatchObject({ begin: '2024-11-01T05:00:00.000Z', end: '2027-11-02T05:00:00.000Z' });
  });

  it("reads Find a patient's month to a Chicago midnight", async () => {
    windows.length = 0;
    await call(made, 'contacts:next-appointments', {
      people: [{ key: 'a', phones: ['+13125550100'], emails: [] }],
    });
    const month = windows.find((w) => !w.lookup)!;
    // 31 days on from Sunday 1 Nov: to Thu 3 Dec 00:00 CST.
    expect(month.end).toBe('2026-12-03T06:00:00.000Z');
  });
});
