/**
 * The page's clock for the retrying timer (common/retry-timer.ts): the page's own timers, looked up at each call so
 * that fake timers in tests (and Playwright's clock in the e2e runs) drive it.
 */
import type { TimerClock } from '../../common/retry-timer';

export const pageClock: TimerClock = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};
