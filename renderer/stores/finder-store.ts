/** "Find a patient" (Ctrl/Cmd+K, or a phone number pasted anywhere): what was typed, the matches and their next visit. */
import { create } from 'zustand';
import type { StoreData } from '../lib/store-shape';
import { useKeptContactsStore } from './kept-contacts-store';
import { emptySearch, patientSearch, type PatientSearch } from './patient-search';
import { onAccountReset } from './session-reset';

/** State and actions of the finder. */
export interface FinderState extends PatientSearch {
  isOpen: boolean;
  show(query?: string): void;
  hide(): void;
  clear(): void;
}

/** The finder closed with nothing typed (at start, when hidden, and for each account). */
export const getEmptyState = (): StoreData<FinderState> => ({ isOpen: false, ...emptySearch() });

/** One store for the finder. */
export const useFinderStore = create<FinderState>()((set, get) => {
  const search = patientSearch(set);
  return {
    ...getEmptyState(),
    type: search.type,
    show(query) {
      set({ isOpen: true });
      useKeptContactsStore.getState().want();
      if (query !== undefined) get().type(query);
    },
    hide() {
      search.stop();
      set(getEmptyState());
    },
    clear() {
      get().hide();
    },
  };
});

onAccountReset('finder', () => useFinderStore.getState().clear());
