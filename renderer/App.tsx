/** The window's layout: header, the current screen, and the status bar. */
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { HostLinkBanner } from './components/HostLinkBanner';
import { StatusBar } from './components/StatusBar';
import { StorageBanner } from './components/StorageBanner';
import { CalendarView } from './features/calendar/CalendarView';
import { HeldWorkBanner } from './features/outbox/HeldWorkBanner';
import { ServiceCard } from './features/service/ServiceCard';
import { AppHeader } from './features/shell/AppHeader';
import { NavBar } from './features/shell/NavBar';
import { wireShortcuts } from './features/shell/shortcuts';
import { SignInScreen } from './features/sign-in/SignInScreen';
import { ScreenBoundary } from './components/ScreenBoundary';
import { lazyPart } from './lib/lazy-part';
import { dropFirstScreen, firstScreenAccount } from './lib/first-screen-cover';
import { frontdesk } from './lib/frontdesk';
import { afterFirstScreen } from './lib/perf-marks';
import { usePracticeClock } from './lib/practice-time';
import './features/messages/register-slots';
import { takeAppAnswers, useAppStore, wireAppEvents } from './stores/app-store';
import { useAuthStore, wireAuthEvents } from './stores/auth-store';
import { takeFirstRead, useCalendarStore } from './stores/calendar-store';
import { wireBookingEvents } from './stores/booking-store';
import { loadFollowed, wireSettlingEvents } from './stores/settling-store';
import { wireStoreEvents } from './stores/store-events';
import { wireContactEvents } from './stores/contacts-store';
import { wireKeptContacts } from './stores/kept-contacts-store';
import { wireConsentEvents } from './stores/consent-store';
import { wireMessageEvents } from './stores/messages-events';
import { useFinderStore } from './stores/finder-store';
import { useMessagesStore } from './stores/messages-store';
import { useNavStore } from './stores/nav-store';
import { useOutboxStore, wireOutboxEvents } from './stores/outbox-store';
import { useShellStore } from './stores/shell-store';
import { wireWaitlistEvents } from './stores/waitlist-store';
import { forgetAccount, startSession, wireSessionReset } from './stores/session-reset';
import type { FirstAnswers } from './main/first-answers';

// Screens other than the calendar load when first opened, so the first paint needs only the shell and the calendar.
const BookingView = lazyPart(() => import('./features/bookings/BookingView').then((m) => m.BookingView));
const ContactsView = lazyPart(() => import('./features/contacts/ContactsView').then((m) => m.ContactsView));
const BookingsView = lazyPart(() => import('./features/bookings/BookingsView').then((m) => m.BookingsView));
const OutboxView = lazyPart(() => import('./features/outbox/OutboxView').then((m) => m.OutboxView));
// Dialogs load when first opened: react-aria is not in the JS the first paint needs.
const FindPatient = lazy(() => import('./features/shell/FindPatient').then((m) => ({ default: m.FindPatient })));
const ShortcutsDialog = lazy(() =>
  import('./features/shell/ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })),
);
const MessagesView = lazyPart(() => import('./features/messages/MessagesView').then((m) => m.MessagesView));
const NumbersView = lazyPart(() => import('./features/numbers/NumbersView').then((m) => m.NumbersView));
const WaitlistView = lazyPart(() => import('./features/waitlist/WaitlistView').then((m) => m.WaitlistView));

/**
 * Core's answers asked for as the page started (main/first-answers.ts), into the stores before the app's first render:
 * that render is then the screen the session shows (the schedule, whose read goes as it is committed), not "Starting
 * Frontdesk…" followed by a second render once the app's own first effects have asked and been answered.
 */
export function startWith(answers: FirstAnswers): void {
  takeAppAnswers(answers.info, answers.connectivity, answers.theme);
  if (answers.status.ok) startSession(answers.status.value);
  // After the session's start, which gives the account its stores: the schedule's first load takes this read.
  if (answers.firstRead) takeFirstRead(answers.firstRead);
}

/** Root component. */
export function App() {
  const error = useAppStore((s) => s.error);
  const info = useAppStore((s) => s.info);
  const auth = useAuthStore((s) => s.status);
  const screen = useNavStore((s) => s.screen);
  const signedIn = auth?.state === 'signed_in';
  const shortcutsOpen = useShellStore((s) => s.shortcutsOpen);
  const finderOpen = useFinderStore((s) => s.isOpen);
  const canReadTexts = signedIn && Boolean(auth?.grantedScopes.includes('messaging:read'));
  useEffect(() => {
    // The changes waiting and the bookings followed: after the schedule's first paint, so their answers (and the
    // renders they bring) do not come between the schedule's read and its paint.
    if (!signedIn) return;
    return afterFirstScreen(() => {
      void useOutboxStore.getState().load();
      void loadFollowed();
    });
  }, [signedIn]);
  useEffect(() => {
    // The unread count for the tab and the badge, and the replies the schedule labels: after the schedule's first
    // paint, so the threads (a read per thread) do not compete with the calendar's reads at sign-in.
    if (canReadTexts) return afterFirstScreen(() => void useMessagesStore.getState().load());
  }, [canReadTexts]);
  useEffect(() => {
    // The practice's zone, so every screen tells its times on the practice's clock even when the schedule (which
    // reads it first) was never opened: after the first screen, and only when still unknown.
    if (!signedIn) return;
    return afterFirstScreen(() => {
      if (usePracticeClock.getState().zone === null) void useCalendarStore.getState().loadCalendars();
    });
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn) return;
    return wireShortcuts();
  }, [signedIn]);
  useEffect(() => {
    // Core's read-ahead for offline work waits for the first screen: told the moment this sign-in's is painted (not
    // one painted before a sign-out here), or after the few seconds another screen takes.
    if (!signedIn) return;
    return afterFirstScreen(() => void frontdesk.invoke['app:first-screen'](), 3_000, 'next');
  }, [signedIn]);
  useEffect(() => {
    useAuthStore.getState().setSignOutHandler(forgetAccount);
    const unwire = [
      wireAppEvents(),
      wireAuthEvents(),
      wireOutboxEvents(),
      wireBookingEvents(),
      wireSettlingEvents(),
      wireStoreEvents(),
      wireContactEvents(),
      wireKeptContacts(),
      wireConsentEvents(),
      wireMessageEvents(),
      wireWaitlistEvents(),
      wireSessionReset(),
    ];
    const load = () => {
      void useAppStore.getState().load();
      void useAuthStore.getState().load();
      void useOutboxStore.getState().loadSummary();
    };
    // Started with core's first answers (`startWith`), the app asks again once it hears core's events, so a change
    // between those answers and now is not missed: after the first screen, which those answers already let show.
    const started = useAuthStore.getState().status !== null && useAppStore.getState().info !== null;
    if (!started) load();
    const later = started ? afterFirstScreen(load) : () => undefined;
    return () => {
      later();
      unwire.forEach((u) => u());
    };
  }, []);
  const ready = Boolean(info && auth);
  // The first screen a host drew into the page (lib/first-screen-cover.ts) stays over the app until the schedule it
  // shows is painted (or a few seconds, when it is not: an error), and goes at once when the app shows anything else.
  const account = signedIn ? (auth.account?.key ?? '') : null;
  const showsDrawn = ready && screen === 'calendar' && account !== null && account === firstScreenAccount();
  useLayoutEffect(() => (showsDrawn ? afterFirstScreen(dropFirstScreen) : dropFirstScreen()), [showsDrawn]);
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
        <ScreenBoundary key={screen}>
          {ready && signedIn && screen === 'calendar' && <CalendarView />}
          <Suspense fallback={<p className="muted">Opening…</p>}>
            {ready && signedIn && screen === 'book' && <BookingView />}
            {ready && signedIn && screen === 'contacts' && <ContactsView />}
            {ready && signedIn && screen === 'bookings' && <BookingsView />}
            {ready && signedIn && screen === 'outbox' && <OutboxView />}
            {ready && signedIn && screen === 'messages' && <MessagesView />}
            {ready && signedIn && screen === 'numbers' && <NumbersView />}
            {ready && signedIn && screen === 'waitlist' && <WaitlistView />}
          </Suspense>
        </ScreenBoundary>
        <Suspense fallback={null}>
          {ready && signedIn && finderOpen && <FindPatient />}
          {shortcutsOpen && signedIn && (
            <ShortcutsDialog isOpen onClose={() => useShellStore.getState().showShortcuts(false)} />
          )}
        </Suspense>
        {ready && auth?.state !== 'signed_in' && <ServiceCard />}
      </main>
      <StatusBar />
    </div>
  );
}
