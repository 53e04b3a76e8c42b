/** Which screen is shown, and the screens in tab order (Ctrl/Cmd+1… follows it). */
import { create } from 'zustand';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** The app's screens. */
export type Screen = 'calendar' | 'book' | 'contacts' | 'bookings' | 'outbox' | 'messages' | 'numbers' | 'waitlist';

/** The screens in tab order with their names. */
export const SCREENS: readonly { screen: Screen; label: string }[] = [
  { screen: 'calendar', label: 'Calendar' },
  { screen: 'book', label: 'Book appointment' },
  { screen: 'contacts', label: 'Contacts' },
  { screen: 'bookings', label: 'Bookings' },
  { screen: 'outbox', label: 'Outbox' },
  { screen: 'messages', label: 'Messages' },
  { screen: 'numbers', label: 'Numbers' },
  { screen: 'waitlist', label: 'Waitlist' },
];

/** Navigation state. */
export interface NavState {
  screen: Screen;
  go(screen: Screen): void;
}

/** The first screen, at start and for each account. */
export const getEmptyState = (): StoreData<NavState> => ({ screen: 'calendar' });

/** One store for navigation. */
export const useNavStore = create<NavState>()((set) => ({
  ...getEmptyState(),
  go: (screen) => set({ screen }),
}));

onAccountReset('nav', () => useNavStore.setState(getEmptyState()));
