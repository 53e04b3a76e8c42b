/** The shell's own dialogs (the shortcut list) and "Print day sheet" (asked for here, done by the schedule). */
import { create } from 'zustand';
import type { StoreData } from '../lib/store-shape';

/** State of the shell's dialogs. */
export interface ShellState {
  shortcutsOpen: boolean;
  /** "Print day sheet" was asked for and the print dialog has not closed yet. */
  printRequested: boolean;
  /** Not shown: a print dialog is open (a refresh re-running the print effect meanwhile must not open a second one). */
  printing: boolean;
  showShortcuts(open: boolean): void;
  requestPrint(): void;
  printDone(): void;
}

/** The shell's dialogs closed (no account's data: never reset). */
export const getEmptyState = (): StoreData<ShellState> => ({
  shortcutsOpen: false,
  printRequested: false,
  printing: false,
});

/** One store for the shell. */
export const useShellStore = create<ShellState>()((set) => ({
  ...getEmptyState(),
  showShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
  requestPrint: () => set({ printRequested: true }),
  printDone: () => set({ printRequested: false }),
}));
