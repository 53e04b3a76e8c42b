/** "Find a patient" (Ctrl/Cmd+K, or a phone number pasted anywhere): what was typed, the matches and their next visit. */
import { create } from 'zustand';
import type { ContactView, IpcError, NextAppointment } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { lookupsOf } from './contact-details-store';
import { onAccountReset } from './session-reset';

/** Matches shown (and asked about for a next appointment). */
const FINDER_RESULTS = 8;
const DELAY_MS = 150;

/** State and actions of the finder. */
export interface FinderState {
  isOpen: boolean;
  query: string;
  /** The query the results are for. */
  shownFor: string | null;
  results: ContactView[];
  next: Record<string, NextAppointment['next']>;
  loading: boolean;
  error: IpcError | null;
  show(query?: string): void;
  hide(): void;
  type(query: string): void;
  clear(): void;
}

/** The matches for what was typed, then their next visits: a newer search (or hiding) drops the answers of the last. */
const matches = query((args: { query: string }) => frontdesk.invoke['contacts:search'](args));
const nextVisits = query((people: { key: string; phones: string[]; emails: string[] }[]) =>
  frontdesk.invoke['contacts:next-appointments']({ people }),
);

/** The finder closed with nothing typed (at start, when hidden, and for each account). */
export const getEmptyState = (): StoreData<FinderState> => ({
  isOpen: false,
  query: '',
  shownFor: null,
  results: [],
  next: {},
  loading: false,
  error: null,
});

/** One store for the finder. */
export const useFinderStore = create<FinderState>()((set, get) => {
  /** The search waiting for the typing to pause. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = async (typed: string) => {
    if (!typed.trim()) {
      matches.cancel();
      return set({ results: [], next: {}, shownFor: typed, loading: false, error: null });
    }
    set({ loading: true });
    const asked = matches.run({ query: typed });
    const newest = matches.turn();
    const r = await asked;
    if (r === null) return;
    if (!r.ok) return set({ loading: false, error: r.error, shownFor: typed });
    const results = r.value.items.filter((c) => !c.deleted).slice(0, FINDER_RESULTS);
    set({ results, shownFor: typed, loading: false, error: null, next: {} });
    const people = results
      .map((c) => ({ key: c.key, ...lookupsOf(c) }))
      .filter((p) => p.phones.length + p.emails.length > 0);
    if (people.length === 0) return;
    const next = await nextVisits.run(people);
    if (!newest() || !next?.ok) return;
    set({ next: Object.fromEntries(next.value.map((n) => [n.key, n.next])) });
  };
  return {
    ...getEmptyState(),
    show(query) {
      set({ isOpen: true });
      if (query !== undefined) get().type(query);
    },
    hide() {
      clearTimeout(timer);
      matches.cancel();
      set(getEmptyState());
    },
    type(query) {
      set({ query });
      clearTimeout(timer);
      timer = setTimeout(() => void search(query), DELAY_MS);
    },
    clear() {
      get().hide();
    },
  };
});

onAccountReset('finder', () => useFinderStore.getState().clear());
