/** "Find a patient" (Ctrl/Cmd+K, or a phone number pasted anywhere): what was typed, the matches and their next visit. */
import { create } from 'zustand';
import type { ContactView, IpcError, NextAppointment } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
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

let timer: ReturnType<typeof setTimeout> | undefined;
let seq = 0;

async function search(query: string, set: (p: Partial<FinderState>) => void): Promise<void> {
  const mine = ++seq;
  if (!query.trim()) return set({ results: [], next: {}, shownFor: query, loading: false, error: null });
  set({ loading: true });
  const r = await frontdesk.invoke['contacts:search']({ query });
  if (mine !== seq) return;
  if (!r.ok) return set({ loading: false, error: r.error, shownFor: query });
  const results = r.value.items.filter((c) => !c.deleted).slice(0, FINDER_RESULTS);
  set({ results, shownFor: query, loading: false, error: null, next: {} });
  const people = results
    .map((c) => ({ key: c.key, ...lookupsOf(c) }))
    .filter((p) => p.phones.length + p.emails.length > 0);
  if (people.length === 0) return;
  const next = await frontdesk.invoke['contacts:next-appointments']({ people });
  if (mine !== seq || !next.ok) return;
  set({ next: Object.fromEntries(next.value.map((n) => [n.key, n.next])) });
}

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
export const useFinderStore = create<FinderState>()((set, get) => ({
  ...getEmptyState(),
  show(query) {
    set({ isOpen: true });
    if (query !== undefined) get().type(query);
  },
  hide() {
    clearTimeout(timer);
    seq++;
    set(getEmptyState());
  },
  type(query) {
    set({ query });
    clearTimeout(timer);
    timer = setTimeout(() => void search(query, set), DELAY_MS);
  },
  clear() {
    get().hide();
  },
}));

onAccountReset('finder', () => useFinderStore.getState().clear());
