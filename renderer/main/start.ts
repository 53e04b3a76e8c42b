/**
 * What the page starts before React's code runs (most of the entry's JS): the link to core opens, and the app's code
 * is asked for, so both come while React is being run instead of after it. renderer/main.tsx imports this first.
 *
 * The schedule's code is not asked for here. Asked for as soon as the app's code came, its run (~50 ms on a quiet
 * machine) fell where the sign-in check's answer landed and held back the schedule's read behind it. The calendar
 * screen sends that read first and then asks for the code (features/calendar/CalendarView.tsx), so the code runs
 * in the page while core answers the read.
 */
import '../lib/frontdesk';

/** The app's code. */
export const app = import('../App').then((m) => m.App);
