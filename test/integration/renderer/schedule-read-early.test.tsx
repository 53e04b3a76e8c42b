/**
 * The schedule is asked for when the calendar screen shows, not when the schedule's code has come. That code is a chunk
 * of its own (features/calendar/CalendarView.tsx); when the screen read the schedule from its own mount, a reload
 * waited for the chunk to come and run (~50 ms) and only then sent its one read to core. Here the chunk is held back,
 * and the calls to core are counted: the read goes while the chunk is held, once, and the screen that then shows does
 * not read again.
 */
import type { cleanup as Cleanup, render as Render } from '@testing-library/react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
  // As the app starts: the session's status (with the practice's zone core knows), and core's pushes of it.
  const { useAuthStore, wireAuthEvents } = await import('../../../renderer/stores/auth-store');
  stopAuthEvents = wireAuthEvents();
  await useAuthStore.getState().load();
  // A page to draw in, made after signing in (in a page's globals the sign-in's crypto answers are another realm's).
  teardownDom = await openPage();
}, 30_000);

afterAll(async () => {
  chunk.come();
  cleanup();
  stopAuthEvents();
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  useCalendarStore.getState().clear();
  // React's scheduler runs what is left on the next turn (setImmediate): let it, while the page's globals are there.
  await new Promise((resolve) => setImmediate(resolve));
  teardownDom();
});

const rangeReads = () => calls.filter((c) => c === 'calendar:range').length;

it('reads the schedule while the screen’s code is on its way, once', async () => {
  const testing = await import('@testing-library/react');
  const render: typeof Render = testing.render;
  cleanup = testing.cleanup;
  // jsdom lays nothing out: the Day grid is given a window tall enough for the whole day.
  const unlay = layOutWindow(1280);
  const { CalendarView } = await import('../../../renderer/features/calendar/CalendarView');
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  calls.length = 0;
  render(<CalendarView />);

  // The chunk is held: the placeholder shows, and the schedule's data comes all the same.
  await waitFor(() => (useCalendarStore.getState().source !== null ? true : null));
  expect(document.querySelector('[data-testid="calendar"]')?.getAttribute('data-loading')).toBe('true');
  expect(rangeReads(), 'schedule reads sent before the screen’s code came').toBe(1);

  // The code comes: the screen shows what was read, without reading it again.
  chunk.come();
  await waitFor(() => (document.querySelector('[data-testid="calendar"][data-view]') ? true : null));
  await waitFor(() => (document.querySelectorAll('[data-testid="appointment"]').length > 0 ? true : null));
  expect(rangeReads(), 'schedule reads in all, once the screen showed').toBe(1);
  cleanup();
  unlay();
});
