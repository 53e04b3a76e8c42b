/** The calendar screen: the schedule is loaded lazily so it stays out of the app's first chunk. */
import { lazy, Suspense } from 'react';

const ScheduleScreen = lazy(() => import('./ScheduleScreen'));

/** The calendar screen. */
export function CalendarView() {
  return (
    <Suspense
      fallback={
        <section className="card calendar" data-testid="calendar" data-loading="true" aria-busy="true">
          <p className="muted">Loading the schedule…</p>
        </section>
      }
    >
      <ScheduleScreen />
    </Suspense>
  );
}
