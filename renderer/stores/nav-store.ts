/** Which screen is shown. */
import { create } from 'zustand';

/** The app's screens. */
export type Screen = 'calendar' | 'book' | 'contacts' | 'outbox';

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
