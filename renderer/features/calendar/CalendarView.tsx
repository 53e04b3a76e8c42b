/**
 * The calendar screen. The schedule's code is a chunk of its own, out of the app's first one, fetched when the
 * screen first shows; until it is here the screen says it is loading. That placeholder is plain state, not a
 * `<Suspense>` fallback: React holds back what a boundary reveals until 300 ms after its fallback was shown, so a lazy
 * screen behind `<Suspense>` painted the saved schedule a fixed 300 ms late at every start. Here the screen replaces
 * the placeholder in the render after its chunk arrives.
 *
 * The schedule is read here, not by the screen: the read goes when this placeholder shows, while the screen's code
 * is fetched and run, so the screen's first render already has the saved schedule (reading it from the screen's
 * mount put a whole round trip after the chunk's ~50 ms of work). At a start with a session kept, that read was sent
 * from the page's start already (lib/first-read.ts) and the store's first load takes it.
 */
import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { useCalendarStore } from '../../stores/calendar-store';

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
  const scopes = useAuthStore((s) => s.status?.grantedScopes.join(' '));
  // (Re)load when the screen shows and when the granted permissions change (after "Grant access"). A layout effect:
  // the read goes as this render is committed, not after the browser has painted it (a frame or more later), and
  // before the effect below asks for the screen's code, which then runs while core answers.
  useLayoutEffect(() => void useCalendarStore.getState().open(), [scopes]);
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
