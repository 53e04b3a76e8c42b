/**
 * Renderer entry (run by boot.ts). The first paint waits for React, the link to core and this file only: the window's frame says
 * Frontdesk is starting while the app (a chunk of its own) and the schedule's code (another) are fetched and run beside
 * the link opening, instead of one after another. The app replaces the frame in the render after its chunk arrives:
 * plain state, not a `<Suspense>` fallback, which React would hold for 300 ms (features/calendar/CalendarView.tsx).
 */
// First: the link to core and the app's code are asked for before React's code runs.
import { app } from './main/start';
import { StrictMode, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { dropFirstScreen } from './lib/first-screen-cover';
// The page's own stylesheets (tokens and shared controls, which each feature's own refines) are boot.ts's, so they are
// linked by the page itself: the first screen a host draws into it is drawn with them.

/** The window until the app's code is here: what the app itself shows before it is ready. */
function Start() {
  const [App, setApp] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let shown = true;
    void app.then(
      (loaded) => shown && setApp(() => loaded),
      () => {
        // The words saying so show, never the first screen a host drew over them.
        dropFirstScreen();
        if (shown) setFailed(true);
      },
    );
    return () => {
      shown = false;
    };
  }, []);
  if (App) return <App />;
  return (
    <div className="app">
      <main className="content">
        {failed ? (
          <p role="alert">Frontdesk could not start. Please restart Frontdesk.</p>
        ) : (
          <p className="muted">Starting Frontdesk…</p>
        )}
      </main>
    </div>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Start />
    </StrictMode>,
  );
}
