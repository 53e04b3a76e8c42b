/** The shell's own dialogs (the shortcut list). */
import { create } from 'zustand';

/** State of the shell's dialogs. */
export interface ShellState {
  shortcutsOpen: boolean;
  showShortcuts(open: boolean): void;
}

/** One store for the shell. */
export const useShellStore = create<ShellState>()((set) => ({
  shortcutsOpen: false,
  showShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
}));
