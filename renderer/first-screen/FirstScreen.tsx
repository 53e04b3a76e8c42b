/**
 * The window as the app's first paint shows it at a start with a session kept (App.tsx): the header, the tabs, the
 * schedule screen and the status bar, each the app's own component reading the stores the drawing filled. The
 * schedule's chunk is imported here directly (the app loads it lazily, features/calendar/CalendarView.tsx).
 */
import { HostLinkBanner } from '../components/HostLinkBanner';
import { StatusBar } from '../components/StatusBar';
import { StorageBanner } from '../components/StorageBanner';
import ScheduleScreen from '../features/calendar/ScheduleScreen';
import { HeldWorkBanner } from '../features/outbox/HeldWorkBanner';
import { AppHeader } from '../features/shell/AppHeader';
import { NavBar } from '../features/shell/NavBar';

/**
 * The app's window with the schedule open, as App renders it signed in and ready; `account` names whose it is, for the
 * page to tell whether the app's first screen is this one (lib/first-screen-cover.ts).
 */
export function FirstScreen({ account }: { account: string }) {
  return (
    <div className="app" data-account={account}>
      <AppHeader />
      <HostLinkBanner />
      <StorageBanner />
      <HeldWorkBanner />
      <NavBar />
      <main className="content">
        <ScheduleScreen />
      </main>
      <StatusBar />
    </div>
  );
}
