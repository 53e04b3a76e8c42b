/**
 * A start with a session kept (a reload, or Frontdesk opened again): the page asks core for the session's status and
 * the install facts as it starts (renderer/main/first-answers.ts), and the app's code puts them in its stores before
 * its first render (renderer/main/start.ts, App.tsx `startWith`). So the app's first render is already the schedule.
 * The schedule's read itself goes from the page's start once the status named the practice's zone
 * (renderer/lib/first-read.ts), and the schedule's first load takes it: one read, sent before the app's code ran. The
 * calendar list is read beside it (read after the range's answer, it was a round trip between the data and its paint).
 * Without the answers, that render said "Starting Frontdesk…", its effects asked for the status, and the read waited
 * for that answer and a second render.
 *
 * Until the schedule is painted the app asks core for nothing else (the changes waiting, the bookings followed and the
 * session asked again wait for that paint), so their answers do not come between the schedule's read and its paint.
 *
 * The calls the real renderer makes on the real core are counted, not timed. The stores then still show the schedule:
 * the session's account owns them before the first screen reads, so the app's wiring does not clear that read.
 */
import type { render as Render, cleanup as Cleanup } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import { useRendererOnCore } from '../../support/bootstrap';
import { layOutWindow, openPage, recordCalls } from '../../support/page-dom';
import { waitFor } from '../../support/wait';

// The background reads wait (far longer than this file runs): only what the start asks is read.
const run = useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
/** The channels the renderer called on core, in order. */
let calls: string[] = [];
let calendar: typeof CalendarStore;
let teardownDom: () => void = () => undefined;
let cleanup: typeof Cleanup = () => undefined;

beforeAll(async () => {
  calls = recordCalls(run.made.core);
  // The last start read the calendar list: core knows the practice's zone and tells it with the session.
  expect((await window.frontdesk!.invoke['calendar:calendars']()).ok).toBe(true);
  calls.splice(0);
  // The stores read window.frontdesk when they load: imported once it exists, before the page's globals.
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  await import('../../../renderer/lib/frontdesk');
  // A page to draw in, made after signing in (in a page's globals the sign-in's crypto answers are another realm's).
  teardownDom = await openPage();
}, 30_000);

afterAll(async () => {
  cleanup();
  calendar.getState().clear();
  // React's scheduler runs what is left on the next turn (setImmediate): let it, while the page's globals are there.
  await new Promise((resolve) => setImmediate(resolve));
  teardownDom();
});

it('renders the schedule first and reads it before asking core anything else', async () => {
  const testing = await import('@testing-library/react');
  const render: typeof Render = testing.render;
  cleanup = testing.cleanup;
  // jsdom lays nothing out: the Day grid is given a window tall enough for the whole day.
  const unlay = layOutWindow(1280);

  // The page starts: what renderer/main.tsx waits for before it renders the app.
  const { app } = await import('../../../renderer/main/start');
  const App = await app;
  const started = calls.splice(0);
  expect(started, 'what the page asked core as it started').toEqual(
    expect.arrayContaining(['auth:status', 'app:info', 'calendar:range', 'calendar:calendars']),
  );
  // The schedule's read went once the status named the zone, before the app's code had run.
  expect(started.indexOf('calendar:range'), 'the read after the status').toBeGreaterThan(
    started.indexOf('auth:status'),
  );

  render(<App />);
  expect(document.querySelector('[data-testid="calendar"]'), 'the schedule in the app’s first render').not.toBeNull();
  expect(
    calls.filter((c) => c === 'calendar:range' || c === 'calendar:calendars'),
    'reads the rendered app sends',
  ).toEqual([]);
  // Until the schedule is painted, the app asks core for the schedule alone: what can wait waits for that paint. (The
  // window's activity is told, not asked: its answer changes nothing on screen.)
  const others = calls.filter((c) => !c.startsWith('calendar:') && c !== 'messages:activity');
  expect(others, 'other calls before the first paint').toEqual([]);

  // The read's answer stays: the wiring after the first render did not clear the stores it was read into.
  const { loading, source } = calendar.getState();
  expect(loading || source !== null, 'the schedule read under way once the app is wired').toBe(true);
  await waitFor(() => (calendar.getState().source !== null && !calendar.getState().loading ? true : null), {
    what: 'the schedule read at the first render',
  });
  expect([...started, ...calls].filter((c) => c === 'calendar:range').length, 'schedule reads').toBe(1);
  // The calendar list was read beside it, at the start, not again by the schedule's opening after the range.
  expect([...started, ...calls].filter((c) => c === 'calendar:calendars').length, 'list reads').toBe(1);
  // Then the rest: the session asked again (core's events are heard now), the changes waiting, the bookings followed.
  await waitFor(
    () =>
      ['auth:status', 'app:info', 'outbox:summary', 'outbox:list', 'bookings:followed'].every((c) =>
        calls.includes(c),
      ) || null,
    { what: 'the calls that wait for the first screen' },
  );
  unlay();
});
