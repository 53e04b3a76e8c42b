/** The window's layout: header, the current screen, and the status bar. */
import { useEffect } from 'react';
import { AppHeader } from './components/AppHeader';
import { HostLinkBanner } from './components/HostLinkBanner';
import { StatusBar } from './components/StatusBar';
import { ServiceCard } from './features/service/ServiceCard';
import { useAppStore, wireAppEvents } from './stores/app-store';

/** Root component. */
export function App() {
  const error = useAppStore((s) => s.error);
  const info = useAppStore((s) => s.info);
  useEffect(() => {
    const unwire = wireAppEvents();
    void useAppStore.getState().load();
    return unwire;
  }, []);
  return (
    <div className="app" data-testid="app" data-ready={info ? 'true' : 'false'}>
      <AppHeader />
      <HostLinkBanner />
      <main className="content">
        {error && (
          <div className="banner banner-error" role="alert">
            {error.message}
          </div>
        )}
        {!info && !error && <p className="muted">Starting Frontdesk…</p>}
        <ServiceCard />
      </main>
      <StatusBar />
    </div>
  );
}
