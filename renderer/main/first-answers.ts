/**
 * What the app's first render needs from core, asked for as the page starts (the page's first script imports this file,
 * renderer/boot.ts, before a first screen a host drew is painted): the session's status (it names the
 * practice's zone, which the schedule's read needs) and the install facts (the app shows nothing before them). Asked
 * for beside the app's code, they are answered while that code comes and runs, so the app's first render is already
 * the signed-in screen (App.tsx `startWith`), and the schedule's read goes as soon as the status is here
 * (lib/first-read.ts), answered while the app's code comes and runs. Asked for from the app's first effects, as
 * before, a reload sent its read only after that render, those answers and a second render.
 *
 * The app's effects still ask again once they listen to core's events (a change in between is not missed): these
 * answers only let the first render be the right one.
 */
import type { AppInfo, AuthStatus, Connectivity, Result, ThemeChoice } from '../../common/contract';
import type { FirstRead } from '../lib/first-read';
import { frontdesk, onHostLink } from '../lib/frontdesk';
import { firstFrame } from './first-frame';

/** Core's answers at the page's start. */
export interface FirstAnswers {
  status: Result<AuthStatus>;
  info: Result<AppInfo>;
  connectivity: Result<Connectivity>;
  theme: Result<ThemeChoice>;
  /** The schedule's read, sent once the status named the practice's zone (null when it did not). */
  firstRead: FirstRead | null;
}

/** The answers, or null when the link to core dropped before they came (the app then starts without them). */
export const firstAnswers: Promise<FirstAnswers | null> = new Promise((resolve) => {
  const offLink = onHostLink((up) => {
    if (up) return;
    offLink();
    resolve(null);
  });
  const status = frontdesk.invoke['auth:status']();
  // The schedule's read goes as soon as the status is here (its code is a small chunk fetched meanwhile), not once
  // the app's code has come and rendered: core answers it while that code comes and runs.
  // A first screen's frame is painted first: the read's answer (a day, and core's own read of it) is the page's and
  // the host's largest start work, which held that frame back when sent before it.
  const firstRead = Promise.all([status, firstFrame.then(() => import('../lib/first-read'))]).then(
    ([answer, m]) => (answer.ok ? m.readFirstRange(answer.value) : null),
    () => null,
  );
  void Promise.all([
    status,
    frontdesk.invoke['app:info'](),
    frontdesk.invoke['app:connectivity'](),
    frontdesk.invoke['app:theme'](),
    firstRead,
  ]).then(([status, info, connectivity, theme, firstRead]) => {
    offLink();
    resolve({ status, info, connectivity, theme, firstRead });
  });
});
