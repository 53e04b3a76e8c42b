/**
 * What the page starts before React's code runs (most of the entry's JS): the link to core opens, and the app's code
 * is asked for, so both come while React is being run instead of after it. renderer/main.tsx imports this first.
 */
import '../lib/frontdesk';

/**
 * The app's code. Then the schedule's, once the app's is in: the calendar is the first screen, and its code (~50 ms of
 * work on a quiet machine) is then fetched and run while the app's first calls wait for core, instead of after the
 * sign-in check answered. Asked together with the app's, its work ran first and the app's calls waited for it.
 */
export const app = import('../App').then((m) => {
  void import('../features/calendar/CalendarView').then((v) => v.loadScheduleScreen()).catch(() => undefined);
  return m.App;
});
