/** The patient picker of a new appointment: the same search as Find a patient, kept apart from it. */
import { create } from 'zustand';
import type { StoreData } from '../lib/store-shape';
import { emptySearch, patientSearch, type PatientSearch } from './patient-search';
import { onAccountReset } from './session-reset';

/** State and actions of the picker. */
export interface PatientPickerState extends PatientSearch {
  /** Forgets what was typed and found (a patient picked, the editor closed, another account). */
  clear(): void;
}

/** Nothing typed (at start, after a pick, and for each account). */
export const getEmptyState = (): StoreData<PatientPickerState> => emptySearch();

/** One store for the picker. */
export const usePatientPickerStore = create<PatientPickerState>()((set) => {
  const search = patientSearch(set);
  return {
    ...getEmptyState(),
    type: search.type,
    clear() {
      search.stop();
      set(getEmptyState());
    },
  };
});

onAccountReset('patient-picker', () => usePatientPickerStore.getState().clear());
