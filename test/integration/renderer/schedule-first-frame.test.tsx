/**
 * A start with the schedule saved (a reload, or Frontdesk opened again): the whole app, the real renderer on the real
 * core, shows the saved appointments without waiting for any timer or the service. The timers are fake and never moved
 * on, so a wait built on one (a debounce, a settle, React's 300 ms hold on what a `<Suspense>` boundary reveals) keeps
 * the schedule off screen, and so does a wait for the service (the sandbox holds its answers on a fake timer too). The
 * timers that had to fire before the schedule showed are counted, and that count must be 0.
 */
import type { render as Render, cleanup as Cleanup } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';
import type * as State from '../../../renderer/features/calendar/appointment-state';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore } from '../../support/bootstrap';
import { layOutWindow, openPage } from '../../support/page-dom';
import { waitFor } from '../../support/wait';

// The background reads wait (far longer than this file runs): only what the start asks is read.
const run = useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
/** The real clock's timer, taken before the fakes: it only bounds the wait for the schedule. */
const realSetTimeout = globalThis.setTimeout;
let calendar: typeof CalendarStore;
let teardownDom: () => void = () => undefined;
let cleanup: typeof Cleanup = () => undefined;
/** The appointments the last start saved. */
let saved: AgendaItem[] = [];
let appointmentState: typeof State.appointmentState;

beforeAll(async () => {
  // The last start: the practice's zone known (core tells it with the session) and today's schedule read and saved.
  const list = await window.frontdesk!.invoke['calendar:calendars']();
  expect(list.ok).toBe(true);
  const { useAuthStore } = await import('../../../renderer/stores/auth-store');
  await useAuthStore.getState().load();
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
  calendar.getState().clear();
  await calendar.getState().open();
  saved = await waitFor(() => {
    const s = calendar.getState();
    return !s.loading && s.source?.source === 'service' ? s.items : null;
  });
  expect(saved.length, 'the sandbox seeds appointments for today').toBeGreaterThan(0);
  // This start: the schedule's store as a new page has it, and a page to draw in. The page is made after signing in:
  // in a page's globals the sign-in's crypto answers are another realm's (the jsdom environment cannot sign in).
  calendar.getState().clear();
  // The service answers only once a (fake) minute has passed: what the start shows before is the saved copy.
  await admin(run.sandbox).faults({ latencyMs: 60_000, routes: ['/v1/calendars', '/v1/events', '/v1/event'] });
  teardownDom = await openPage();
}, 30_000);

afterAll(async () => {
  cleanup();
  calendar.getState().clear();
  await admin(run.sandbox).clearFaults();
  // The held answers go (the sandbox's wait is on the fake clock), so core stops without waiting for them.
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  vi.useRealTimers();
  teardownDom();
});

/** Ids of the appointments on screen. */
const shownIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="appointment"]')].map((el) => Number(el.dataset.id));
/** The saved appointments are on screen: the schedule holds them, and the grid draws each. */
const savedShown = () => {
  const ids = (list: { id: number }[]) =>
    list
      .map((item) => item.id)
      .sort((a, b) => a - b)
      .join(',');
  const shown = shownIds()
    .sort((a, b) => a - b)
    .join(',');
  return ids(calendar.getState().items) === ids(saved) && shown === ids(saved.filter((i) => !appointmentState(i).gone));
};

it('shows the saved schedule before any of the page’s timers fires', async () => {
  // Fake before React loads: React keeps the setTimeout it finds then, so its own waits are on the fake clock too.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const testing = await import('@testing-library/react');
  const render: typeof Render = testing.render;
  cleanup = testing.cleanup;
  // jsdom lays nothing out: the Day grid is given a window tall and wide enough for the whole day, so it draws every
  // block but the cancelled ones it keeps out of the way (none is folded into "+N more").
  ({ appointmentState } = await import('../../../renderer/features/calendar/appointment-state'));
  const unlay = layOutWindow(100_000);
  const { App } = await import('../../../renderer/App');
  // The schedule's code already loaded, as a page's cached chunk arrives at once: it is not what the start waits for.
  await import('../../../renderer/features/calendar/ScheduleScreen');
  render(<App />);

  // Waits on the real clock for the reads and the renders, never moving the fake one; then, if the schedule is still
  // not shown, moves the fake clock on one timer at a time until it is, counting them.
  const pause = () => new Promise((r) => realSetTimeout(r, 20));
  const deadline = Date.now() + 15_000;
  while (!savedShown() && Date.now() < deadline) await pause();
  let fired = 0;
  while (!savedShown() && vi.getTimerCount() > 0 && fired < 50) {
    vi.advanceTimersToNextTimer();
    fired++;
    for (let i = 0; i < 50 && !savedShown(); i++) await pause();
  }
  const source = calendar.getState().source?.source;
  unlay();

  expect(savedShown(), `the saved appointments on screen (shown: ${shownIds().join(', ') || 'none'})`).toBe(true);
  expect(fired, 'timers that had to fire before the saved schedule was on screen').toBe(0);
  expect(source, 'the copy saved at the last start (the service has not answered)').toBe('cache');
});
