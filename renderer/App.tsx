/** The window's layout: header, the current screen, and the status bar. */
import { useEffect } from 'react';
import { AppHeader } from './components/AppHeader';
import { HostLinkBanner } from './components/HostLinkBanner';
import { StatusBar } from './components/StatusBar';
import { StorageBanner } from './components/StorageBanner';
import { NavBar } from './components/NavBar';
import { BookingView } from './features/bookings/BookingView';
import { CalendarView } from './features/calendar/CalendarView';
import { ContactsView } from './features/contacts/ContactsView';
import { HeldWorkBanner } from './features/outbox/HeldWorkBanner';
import { OutboxView } from './features/outbox/OutboxView';
import { ServiceCard } from './features/service/ServiceCard';
import { SignInScreen } from './features/sign-in/SignInScreen';
import { useAppStore, wireAppEvents } from './stores/app-store';
import { setSignOutHandler, useAuthStore, wireAuthEvents } from './stores/auth-store';
import { wireBookingEvents } from './stores/booking-store';
import { wireContactEvents } from './stores/contacts-store';
import { useNavStore } from './stores/nav-store';
import { useOutboxStore, wireOutboxEvents } from './stores/outbox-store';
import { forgetAccount, wireSessionReset } from './stores/session-reset';

/** Root component. */
export function App() {
  const error = useAppStore((s) => s.error);
  const info = useAppStore((s) => s.info);
  const auth = useAuthStore((s) => s.status);
  const screen = useNavStore((s) => s.screen);
  const signedIn = auth?.state === 'signed_in';
  useEffect(() => {
    if (signedIn) void useOutboxStore.getState().load();
  }, [signedIn]);
  useEffect(() => {
    setSignOutHandler(forgetAccount);
    const unwire = [
      wireAppEvents(),
      wireAuthEvents(),
      wireOutboxEvents(),
      wireBookingEvents(),
      wireContactEvents(),
      wireSessionReset(),
    ];
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
      <HeldWorkBanner />
      {ready && signedIn && <NavBar />}
      <main className="content">
        {error && (
          <div className="banner banner-error" role="alert">
            {error.message}
          </div>
        )}
        {!ready && !error && <p className="muted">Starting Frontdesk…</p>}
        {ready && auth?.state !== 'signed_in' && <SignInScreen />}
        {ready && signedIn && screen === 'calendar' && <CalendarView />}
        {ready && signedIn && screen === 'book' && <BookingView />}
        {ready && signedIn && screen === 'contacts' && <ContactsView />}
        {ready && signedIn && screen === 'outbox' && <OutboxView />}
        {ready && auth?.state !== 'signed_in' && <ServiceCard />}
      </main>
      <StatusBar />
    </div>
  );
}
