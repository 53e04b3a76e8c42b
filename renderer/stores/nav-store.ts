/** Which screen is shown, and the screens in tab order (Ctrl/Cmd+1… follows it). */
import { create } from 'zustand';
import { onAccountReset } from './session-reset';

/** The app's screens. */
export type Screen = 'calendar' | 'book' | 'contacts' | 'bookings' | 'outbox' | 'messages';

/** The screens in tab order with their names. */
export const SCREENS: { screen: Screen; label: string }[] = [
  { screen: 'calendar', label: 'Calendar' },
  { screen: 'book', label: 'Book appointment' },
  { screen: 'contacts', label: 'Contacts' },
  { screen: 'bookings', label: 'Bookings' },
  { screen: 'outbox', label: 'Outbox' },
  { screen: 'messages', label: 'Messages' },
];

/** Navigation state. */
export interface NavState {
  screen: Screen;
  go(screen: Screen): void;
}

/** One store for navigation. */
export const useNavStore = create<NavState>()((set) => ({
  screen: 'calendar',
  go: (screen) => set({ screen }),
}));

onAccountReset('nav', () => useNavStore.getState().go('calendar'));
