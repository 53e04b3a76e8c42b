/**
 * With a first screen the host drew into the page (`#first-screen`), the page's first script (renderer/boot.ts) holds
 * the app's entry back until the frame that paints it, but not the link to core: it asks core for what the app's first
 * render needs (renderer/main/first-answers.ts) before that frame, so core answers while the drawn day is painted and
 * the entry runs. Asked from the entry, the link's round trips all came after the frame. The schedule's read waits for
 * that frame (renderer/main/first-frame.ts). The entry then takes the answers under way (renderer/main/start.ts): one
 * of each first call, not a second set.
 *
 * The real first script and the real core; the frame is held by the test (the page's `requestAnimationFrame`) and the
 * entry (React's, renderer/main.tsx) stands in by a module that notes when it is imported. The calls are counted, not
 * timed.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { useRendererOnCore } from '../../support/bootstrap';
import { openPage, recordCalls } from '../../support/page-dom';
import { waitFor } from '../../support/wait';

const entry = vi.hoisted(() => ({ imported: () => undefined as unknown }));
vi.mock('../../../renderer/main', () => {
  entry.imported();
  return {};
});

// The background reads wait (far longer than this file runs): only what the start asks is read.
const run = useRendererOnCore('owner@frontdesk.test', { screenFirst: { quietMs: 600_000, firstScreenMs: 600_000 } });
/** The channels the page called on core, in order, with when the frame was painted and the entry imported. */
let calls: string[] = [];
/** The channels core answered, in order. */
const answered: string[] = [];
let teardownDom: () => void = () => undefined;

beforeAll(async () => {
  // The last start read the calendar list: core knows the practice's zone and tells it with the session.
  expect((await window.frontdesk!.invoke['calendar:calendars']()).ok).toBe(true);
  calls = recordCalls(run.made.core);
  const dispatch = run.made.core.dispatch.bind(run.made.core);
  run.made.core.dispatch = async (channel, ...rest) => {
    const answer = await dispatch(channel, ...rest);
    answered.push(String(channel));
    return answer;
  };
  entry.imported = () => calls.push('the entry imported');
  // The bridge reads window.frontdesk when it loads: imported once it exists, before the page's globals.
  await import('../../../renderer/lib/frontdesk');
  teardownDom = await openPage();
}, 30_000);

afterAll(async () => {
  const { useCalendarStore } = await import('../../../renderer/stores/calendar-store');
  useCalendarStore.getState().clear();
  await new Promise((resolve) => setImmediate(resolve));
  teardownDom();
});

it('asks core its first questions before the drawn frame is painted and the entry imported, once', async () => {
  // The page as a host writes it: the drawn day, then the app's root.
  const cover = document.createElement('div');
  cover.id = 'first-screen';
  cover.textContent = 'Today, the saved day';
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(cover, root);
  // The frame the first script waits for, held until the test paints it.
  const frames: FrameRequestCallback[] = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);

  // A page out of sight paints no frame, so the wait gives up after a moment (renderer/main/first-frame.ts): that
  // moment is held too, so only the frame the test paints ends the wait.
  const setTimer = globalThis.setTimeout;
  globalThis.setTimeout = ((fn: () => void, ms?: number) =>
    ms === 100 ? 0 : setTimer(fn, ms)) as unknown as typeof setTimeout;
  try {
    await import('../../../renderer/boot');
  } finally {
    globalThis.setTimeout = setTimer;
  }
  expect(frames.length, 'frames the first script waits for').toBe(1);
  // The session told and the read's code here: the read would go now, were it not to wait for the frame.
  await waitFor(() => answered.includes('auth:status'), { what: 'the status answered' });
  await import('../../../renderer/lib/first-read');
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  calls.push('the frame painted');
  frames[0]!(performance.now());
  await waitFor(() => calls.includes('the entry imported'), { what: 'the entry imported' });
  const before = (what: string) => calls.indexOf(what);
  for (const channel of ['auth:status', 'app:info', 'app:connectivity', 'app:theme']) {
    expect(before(channel), `${channel} asked (${calls.join(', ')})`).toBeGreaterThanOrEqual(0);
    expect(before(channel), `${channel} before the frame`).toBeLessThan(before('the frame painted'));
    expect(before(channel), `${channel} before the entry`).toBeLessThan(before('the entry imported'));
  }

  // What the entry imports first takes the answers under way: the link and its first calls are not made again.
  const { app } = await import('../../../renderer/main/start');
  await app;
  const first = ['auth:status', 'app:info', 'app:connectivity', 'app:theme', 'calendar:range', 'calendar:calendars'];
  expect(
    first.map((channel) => [channel, calls.filter((c) => c === channel).length]),
    'each first call, counted once the app’s code has the answers',
  ).toEqual(first.map((channel) => [channel, 1]));
  expect(before('calendar:range'), 'the schedule’s read after the status').toBeGreaterThan(before('auth:status'));
  // The read (a day, and core's own read of it) waits for the frame: sent before it, it held that frame back.
  expect(before('calendar:range'), 'the schedule’s read after the frame').toBeGreaterThan(before('the frame painted'));
});
