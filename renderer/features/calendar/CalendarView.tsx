/**
 * The calendar screen. The schedule's code is a chunk of its own, out of the app's first one, fetched when the
 * screen first shows; until it is here the screen says it is loading. That placeholder is plain state, not a
 * `<Suspense>` fallback: React holds back what a boundary reveals until 300 ms after its fallback was shown, so a lazy
 * screen behind `<Suspense>` painted the saved schedule a fixed 300 ms late at every start. Here the screen replaces
 * the placeholder in the render after its chunk arrives, and its first read goes at once.
 */
import { useEffect, useState, type ComponentType } from 'react';

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** The schedule screen's component: its chunk fetched once (again after a fetch that failed). */
function loadScheduleScreen(): Promise<ComponentType> {
  loading ??= import('./ScheduleScreen').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The calendar screen. */
export function CalendarView() {
  const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Screen || failed) return;
    let shown = true;
    void loadScheduleScreen().then(
      (screen) => shown && setScreen(() => screen),
      () => shown && setFailed(true),
    );
    return () => {
      shown = false;
    };
  }, [Screen, failed]);
  if (Screen) return <Screen />;
  return (
    <section
      className="card calendar"
      data-testid="calendar"
      data-loading={failed ? 'false' : 'true'}
      aria-busy={!failed}
    >
      {failed ? (
        <p role="alert">Frontdesk could not open the schedule. Please restart Frontdesk.</p>
      ) : (
        <p className="muted">Loading the schedule…</p>
      )}
    </section>
  );
}
