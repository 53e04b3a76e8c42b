/**
 * What the schedule asks the service before its first answer: from a cold start (core does not know the practice's
 * zone yet, this computer in another zone than the practice) the calendar list is read once and the day once, in
 * the practice's zone, whether the shell's read of the list (at sign-in, for the zone) is in flight or answered; with
 * the zone known (core pushed it with the session), the range and the list go together and the list is still read
 * once.
 * Counted at the sandbox (its request counters), not timed. Background reads are held back for the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import type { usePracticeClock as PracticeClock } from '../../../renderer/lib/practice-time';
import { admin } from '../../support/auth-fixture';
import { useLogOnFailure } from '../../support/bootstrap';
import { rendererOnCore, type RendererOnCore } from '../../support/renderer-on-core';
import { waitFor } from '../../support/wait';

/** The practice's zone (owner@frontdesk.test's calendars) and this computer's, made different on purpose. */
const PRACTICE = 'America/Chicago';
const WORKSTATION = 'Asia/Tokyo';

let run: RendererOnCore;
let calendar: typeof CalendarStore;
let clock: typeof PracticeClock;
let stopAuthEvents: () => void = () => undefined;
const tzBefore = process.env.TZ;
useLogOnFailure(() => run?.made);

beforeAll(async () => {
  process.env.TZ = WORKSTATION;
  // The read-ahead and the texts poller wait (far longer than this file runs), so only the schedule's reads count.
  run = await rendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
  // The stores read window.frontdesk when they load: import them once it exists.
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  ({ usePracticeClock: clock } = await import('../../../renderer/lib/practice-time'));
  // As the app starts: the session's status, with the practice's zone core knows, and core's pushes of it.
  const { useAuthStore, wireAuthEvents } = await import('../../../renderer/stores/auth-store');
  stopAuthEvents = wireAuthEvents();
  await useAuthStore.getState().load();
}, 30_000);

afterAll(async () => {
  stopAuthEvents();
  calendar.getState().clear();
  await run.close();
  if (tzBefore === undefined) delete process.env.TZ;
  else process.env.TZ = tzBefore;
});

/** Requests the sandbox has answered on `route` so far (a proxy's 502 page under SANDBOX_VARY is not an answer). */
async function answered(route: string): Promise<number> {
  const { requests } = await admin(run.sandbox).stats();
  return Object.entries(requests[route] ?? {})
    .filter(([status]) => status !== '502')
    .reduce((a, [, n]) => a + n, 0);
}

/** Sandbox requests for the calendar list and the appointments while `act` runs. */
async function readsDuring(act: () => Promise<unknown>): Promise<{ calendars: number; events: number }> {
  const [calendars, events] = [await answered('GET /v1/calendars'), await answered('GET /v1/events')];
  await act();
  return {
    calendars: (await answered('GET /v1/calendars')) - calendars,
    events: (await answered('GET /v1/events')) - events,
  };
}

/** Requests one read of the range now shown takes (however the service pages it). */
async function oneRangeRead(): Promise<number> {
  const { currentRange } = await import('../../../renderer/stores/calendar-store');
  const reads = await readsDuring(() => window.frontdesk!.invoke['calendar:range'](currentRange()));
  expect(reads.calendars, 'a range read just after the list reuses it for the names').toBe(0);
  return reads.events;
}

/** Opens the schedule as its screen does and waits for the service's answer. */
async function openSchedule(): Promise<void> {
  await calendar.getState().open();
  await waitFor(() => {
    const s = calendar.getState();
    return !s.loading && s.source?.source === 'service' ? s : null;
  });
}

describe("the schedule's reads before its first answer", () => {
  it('cold start in another zone than the practice: the calendar list once, the day once, in the practice’s zone', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone, 'this computer runs in another zone').toBe(WORKSTATION);
    expect(clock.getState().zone, 'core does not know the zone yet: a cold start').toBeNull();

    // At sign-in the shell asks for the list (for the zone, whatever the screen) as the schedule opens.
    const reads = await readsDuring(() => Promise.all([calendar.getState().loadCalendars(), openSchedule()]));

    const s = calendar.getState();
    expect(clock.getState().zone, 'core learned the zone from the list and pushed it with the session').toBe(PRACTICE);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE }).format(Date.now());
    expect(s.anchor, "today in the practice's zone").toBe(today);
    expect(s.error).toBeNull();
    expect(s.items.length, 'the sandbox seeds appointments for today').toBeGreaterThan(0);
    expect(reads.calendars, 'the calendar list is read once').toBe(1);
    expect(reads.events, 'the day is read once').toBe(await oneRangeRead());
  });

  it('the shell’s list answered before the schedule opens: the schedule does not read it again', async () => {
    calendar.getState().clear();
    expect(clock.getState().zone, "the zone is the session's, not the schedule's to forget").toBe(PRACTICE);

    const reads = await readsDuring(async () => {
      await calendar.getState().loadCalendars();
      await openSchedule();
    });

    expect(calendar.getState().anchor).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: PRACTICE }).format(Date.now()),
    );
    expect(reads.calendars, 'the calendar list is read once').toBe(1);
    expect(reads.events, 'the day is read once').toBe(await oneRangeRead());
  });

  it('a start with the zone remembered: the range and the list together, the list read once', async () => {
    calendar.getState().clear();
    expect(clock.getState().zone, 'as core told it with the session').toBe(PRACTICE);

    const reads = await readsDuring(openSchedule);

    expect(calendar.getState().items.length).toBeGreaterThan(0);
    expect(reads.calendars, 'the calendar list is read once').toBe(1);
    expect(reads.events, 'the day is read once').toBe(await oneRangeRead());
  });
});
