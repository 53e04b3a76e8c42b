/**
 * What the app's first render needs from core, asked for as the page starts: the session's status (it names the
 * practice's zone, which the schedule's read needs) and the install facts (the app shows nothing before them). Asked
 * for beside the app's code, they are answered while that code comes and runs, so the app's first render is already
 * the signed-in screen and the schedule's read goes as it is committed (App.tsx `startWith`). Asked for from the app's
 * first effects, as before, a reload sent its read only after that render, those answers and a second render.
 *
 * The app's effects still ask again once they listen to core's events (a change in between is not missed): these
 * answers only let the first render be the right one.
 */
import type { AppInfo, AuthStatus, Connectivity, Result, ThemeChoice } from '../../common/contract';
import { frontdesk, onHostLink } from '../lib/frontdesk';

/** Core's answers at the page's start. */
export interface FirstAnswers {
  status: Result<AuthStatus>;
  info: Result<AppInfo>;
  connectivity: Result<Connectivity>;
  theme: Result<ThemeChoice>;
}

/** The answers, or null when the link to core dropped before they came (the app then starts without them). */
export const firstAnswers: Promise<FirstAnswers | null> = new Promise((resolve) => {
  const offLink = onHostLink((up) => {
    if (up) return;
    offLink();
    resolve(null);
  });
  void Promise.all([
    frontdesk.invoke['auth:status'](),
    frontdesk.invoke['app:info'](),
    frontdesk.invoke['app:connectivity'](),
    frontdesk.invoke['app:theme'](),
  ]).then(([status, info, connectivity, theme]) => {
    offLink();
    resolve({ status, info, connectivity, theme });
  });
});
