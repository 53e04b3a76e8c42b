/** The shell's own dialogs (the shortcut list) and "Print day sheet" (asked for here, done by the schedule). */
import { create } from 'zustand';

/** State of the shell's dialogs. */
export interface ShellState {
  shortcutsOpen: boolean;
  /** "Print day sheet" was asked for and the print dialog has not closed yet. */
  printRequested: boolean;
  showShortcuts(open: boolean): void;
  requestPrint(): void;
  printDone(): void;
}

/** One store for the shell. */
export const useShellStore = create<ShellState>()((set) => ({
  shortcutsOpen: false,
  printRequested: false,
  showShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
  requestPrint: () => set({ printRequested: true }),
  printDone: () => set({ printRequested: false }),
}));
