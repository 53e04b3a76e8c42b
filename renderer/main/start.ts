/**
 * What the page starts before React's code runs (most of the entry's JS): the link to core opens, core is asked for
 * what the app's first render needs (first-answers.ts), and the app's code is asked for, so all come while React is
 * being run instead of after it. renderer/main.tsx imports this first.
 *
 * The schedule's code is not asked for here. Asked for as soon as the app's code came, its run (~50 ms on a quiet
 * machine) fell where the sign-in check's answer landed and held back the schedule's read behind it. The read goes
 * from the page's start (first-answers.ts) or, without a session kept, from the calendar screen, which then asks for
 * the code (features/calendar/CalendarView.tsx), so the code runs in the page while core answers the read.
 */
import { firstAnswers } from './first-answers';

/** The app's code, with core's first answers in its stores once they are here (or the link to core dropped). */
export const app = Promise.all([import('../App'), firstAnswers]).then(([m, answers]) => {
  if (answers) m.startWith(answers);
  return m.App;
});
