/** The window's layout: header, the current screen, and the status bar. */
import { useEffect } from 'react';
import { AppHeader } from './components/AppHeader';
import { HostLinkBanner } from './components/HostLinkBanner';
import { StatusBar } from './components/StatusBar';
import { StorageBanner } from './components/StorageBanner';
import { CalendarView } from './features/calendar/CalendarView';
import { ServiceCard } from './features/service/ServiceCard';
import { SignInScreen } from './features/sign-in/SignInScreen';
import { useAppStore, wireAppEvents } from './stores/app-store';
import { useAuthStore, wireAuthEvents } from './stores/auth-store';

/** Root component. */
export function App() {
  const error = useAppStore((s) => s.error);
  const info = useAppStore((s) => s.info);
  const auth = useAuthStore((s) => s.status);
  useEffect(() => {
    const unwire = [wireAppEvents(), wireAuthEvents()];
    void useAppStore.getState().load();
    void useAuthStore.getState().load();
    return () => unwire.forEach((u) => u());
  }, []);
  const ready = Boolean(info && auth);
  return (
    <div className="app" data-testid="app" data-ready={ready ? 'true' : 'false'} data-auth={auth?.state ?? 'unknown'}>
      <AppHeader />
      <HostLinkBanner />
      <StorageBanner />
      <main className="content">
        {error && (
          <div className="banner banner-error" role="alert">
            {error.message}
          </div>
        )}
        {!ready && !error && <p className="muted">Starting Frontdesk…</p>}
        {ready && auth?.state !== 'signed_in' && <SignInScreen />}
        {ready && auth?.state === 'signed_in' && <CalendarView />}
        {ready && auth?.state !== 'signed_in' && <ServiceCard />}
      </main>
      <StatusBar />
    </div>
  );
}
