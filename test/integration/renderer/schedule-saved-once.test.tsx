/**
 * A start that paints the saved schedule before the schedule's code has come: the saved answer is shown and the
 * service's fresh answer follows as a change of core's store (renderer/stores/calendar-store.ts `load`). The screen
 * that then mounts must not read the range again because it shows a saved answer
 * (features/calendar/ScheduleScreen.tsx): that second read went to the service beside the first one's fresh read and
 * threw the fresh answer away. It happened at every reload once the read went from the page's start
 * (renderer/lib/first-read.ts), as the saved answer then lands before the screen's code has run.
 *
 * The chunk is held until the saved answer is in, the service's answers are slowed so the fresh one is still on its
 * way when the screen mounts, and the calls to core are counted.
 */
import type { cleanup as Cleanup, render as Render } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin } from '../../support/auth-fixture';
import { useRendererOnCore } from '../../support/bootstrap';
import { layOutWindow, openPage, recordCalls } from '../../support/page-dom';
import { waitFor } from '../../support/wait';

/** The schedule screen's chunk, held until the test lets it come. */
const chunk = vi.hoisted(() => {
  let come: () => void = () => undefined;
  const here = new Promise<void>((resolve) => (come = resolve));
  return { come: () => come(), here };
});
vi.mock('../../../renderer/features/calendar/ScheduleScreen', async (importOriginal) => {
  await chunk.here;
  return importOriginal();
});

// The background reads wait (far longer than this file runs): only what the screen asks is read.
const run = useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
/** The channels the renderer called on core, in order. */
let calls: string[] = [];
let teardownDom: () => void = () => undefined;
let cleanup: typeof Cleanup = () => undefined;
let stopAuthEvents: () => void = () => undefined;

beforeAll(async () => {
  calls = recordCalls(run.made.core);
  // The last start read the calendar list: core knows the practice's zone and tells it with the session.
  expect((await window.frontdesk!.invoke['calendar:calendars']()).ok).toBe(true);
  const { useAuthStore, wireAuthEvents } = await import('../../../renderer/stores/auth-store');
  stopAuthEvents = wireAuthEvents();
  await useAuthStore.getState().load();
  // Online, as the app knows it at start: the screen reads a saved answer again when the service is back.
  const { useAppStore } = await import('../../../renderer/stores/app-store');
  await useAppStore.getState().load();
  expect(useAppStore.getState().connectivity?.state).toBe('online');
  // The last start read today's range: core keeps it as the saved answer.
  const { currentRange } = await import('../../../renderer/stores/calendar-store');
  expect((await window.frontdesk!.invoke['calendar:range'](currentRange())).ok).toBe(true);
  teardownDom = await openPage();
}, 30_000);

afterAll(async () => {
  chunk.come();
  cleanup();
  stopAuthEvents();
  await admin(run.sandbox).clearFaults();
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  useCalendarStore.getState().clear();
  await new Promise((resolve) => setImmediate(resolve));
  teardownDom();
});

const rangeReads = () => calls.filter((c) => c === 'calendar:range').length;

it('shows the saved schedule, then the fresh one, from one read', async () => {
  const testing = await import('@testing-library/react');
  const render: typeof Render = testing.render;
  cleanup = testing.cleanup;
  const unlay = layOutWindow(1280);
  const { CalendarView } = await import('../../../renderer/features/calendar/CalendarView');
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  // The service answers the schedule's reads late: the fresh answer is still on its way when the screen mounts.
  await admin(run.sandbox).faults({ answerLatencyMs: 1_500, routes: ['/v1/events'], methods: ['GET'] });
  calls.length = 0;
  render(<CalendarView />);
  await waitFor(() => (useCalendarStore.getState().source?.source === 'cache' ? true : null), {
    what: 'the saved answer shown while the screen’s code is held',
  });
  chunk.come();
  await waitFor(() => (document.querySelector('[data-testid="calendar"][data-view]') ? true : null), {
    what: 'the screen',
  });
  await waitFor(
    () =>
      useCalendarStore.getState().source?.source === 'service' && !useCalendarStore.getState().loading ? true : null,
    { what: 'the fresh answer in place', timeoutMs: 15_000 },
  );
  expect(rangeReads(), 'schedule reads in all').toBe(1);
  unlay();
});
