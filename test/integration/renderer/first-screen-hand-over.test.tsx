/**
 * The first screen a host wrote into the page (renderer/first-screen/, `#first-screen`) covers the window while the
 * app starts beneath it, and the app takes it away (renderer/lib/first-screen-cover.ts): when its own schedule has been
 * painted when that is the screen the copy shows, at once when its first screen is another (signed out, another
 * account's). The real renderer on the real core; the copy is planted as a host writes it.
 */
import type { render as Render, cleanup as Cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AuthStatus } from '../../../common/contract';
import { useRendererOnCore } from '../../support/bootstrap';
import { layOutWindow, openPage } from '../../support/page-dom';
import { waitFor } from '../../support/wait';

// The background reads wait (far longer than this file runs): only what the start asks is read.
useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
let teardownDom: () => void = () => undefined;
let render: typeof Render;
let cleanup: typeof Cleanup = () => undefined;
let status: AuthStatus;
let unlay: () => void = () => undefined;

beforeAll(async () => {
  // The last start read the calendar list: core knows the practice's zone and tells it with the session.
  expect((await window.frontdesk!.invoke['calendar:calendars']()).ok).toBe(true);
  const answer = await window.frontdesk!.invoke['auth:status']();
  if (!answer.ok) throw new Error(answer.error.message);
  status = answer.value;
  // The stores read window.frontdesk when they load: imported once it exists, before the page's globals.
  await import('../../../renderer/stores/calendar-store');
  await import('../../../renderer/lib/frontdesk');
  teardownDom = await openPage();
  ({ render, cleanup } = await import('@testing-library/react'));
  // jsdom lays nothing out: the Day grid is given a window wide and tall enough for the whole day.
  unlay = layOutWindow(1280);
}, 30_000);

afterEach(() => cleanup());

afterAll(async () => {
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  useCalendarStore.getState().clear();
  // React's scheduler runs what is left on the next turn (setImmediate): let it, while the page's globals are there.
  await new Promise((resolve) => setImmediate(resolve));
  unlay();
  teardownDom();
});

/** Plants the copy as a host writes it, for `account`, before the app's root. */
function plantFirstScreen(account: string): HTMLElement {
  document.body.innerHTML = '';
  const cover = document.createElement('div');
  cover.id = 'first-screen';
  cover.inert = true;
  cover.setAttribute('aria-hidden', 'true');
  const app = document.createElement('div');
  app.className = 'app';
  app.dataset.account = account;
  app.textContent = 'Today, the saved day';
  cover.append(app);
  document.body.append(cover);
  return cover;
}

const painted = () => performance.getEntriesByName('fd:schedule-painted', 'mark');

it('keeps the copy over the app until the app has painted its schedule, then takes it away', async () => {
  const cover = plantFirstScreen(status.account!.key);
  let removedAt = -1;
  new MutationObserver(() => {
    if (!cover.isConnected && removedAt < 0) removedAt = performance.now();
  }).observe(document.body, { childList: true });
  // The page starts as renderer/main.tsx does: core's first answers in the stores, then the app.
  const { app } = await import('../../../renderer/main/start');
  const App = await app;
  await import('../../../renderer/features/calendar/ScheduleScreen');
  performance.clearMarks('fd:schedule-painted');
  render(<App />);
  expect(document.querySelector('[data-testid="calendar"]'), 'the app’s schedule beneath').not.toBeNull();
  expect(cover.isConnected, 'the copy over the app before its schedule is painted').toBe(true);

  await waitFor(() => (!cover.isConnected ? true : null), { what: 'the copy taken away' });
  const mark = painted().at(-1);
  expect(mark, 'the schedule’s painted mark').toBeDefined();
  // Taken away once the app's schedule was painted: after its mark, not after the few seconds' fallback.
  expect(removedAt).toBeGreaterThanOrEqual(mark!.startTime);
  expect(removedAt - mark!.startTime).toBeLessThan(1_000);
});

it('takes the copy away at once when the app starts on another account', async () => {
  const cover = plantFirstScreen('another-account');
  const { App } = await import('../../../renderer/App');
  render(<App />);
  expect(cover.isConnected, 'the copy of another account’s day, taken away in the first render').toBe(false);
});

it('takes the copy away at once when the app starts signed out', async () => {
  const cover = plantFirstScreen(status.account!.key);
  const { useAuthStore } = await import('../../../renderer/stores/auth-store');
  useAuthStore.setState({ status: { ...status, state: 'signed_out', account: null } });
  const { App } = await import('../../../renderer/App');
  render(<App />);
  expect(document.querySelector('[data-auth="signed_out"]'), 'the app signed out').not.toBeNull();
  expect(cover.isConnected, 'the copy taken away in the first render').toBe(false);
  useAuthStore.setState({ status });
});
