/**
 * The Bookings screen: recent bookings with filters (page, appointment dates, state). A shown booking still being
 * confirmed by the practice's own calendar system is followed by core until it settles (settling-store.ts: the row's
 * state and the desktop notification come from there).
 */
import { create } from 'zustand';
import type { BookingKind, BookingList, IpcError, StoreChange } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { practiceZone, wallTimeToInstant } from '../lib/practice-time';
import { onAccountReset } from './session-reset';

/** The screen's filters; dates are `yyyy-MM-dd` in the practice's zone ('' = open). */
export interface BookingFilters {
  page: number;
  from: string;
  to: string;
  state: BookingKind | '';
}

/** State and actions of the Bookings screen. */
export interface BookingsListState {
  filters: BookingFilters;
  list: BookingList | null;
  loading: boolean;
  error: IpcError | null;
  setFilters(patch: Partial<BookingFilters>): void;
  load(): Promise<void>;
  /** Bookings core's store changed (moved, cancelled or settled with their appointments): put in place. */
  applyStore(change: StoreChange): void;
  clear(): void;
}

const blankFilters = (): BookingFilters => ({ page: 1, from: '', to: '', state: '' });
const listQuery = query((args: Parameters<(typeof frontdesk.invoke)['bookings:list']>[0]) =>
  frontdesk.invoke['bookings:list'](args),
);
const iso = (day: string, time: string) => {
  const at = day ? wallTimeToInstant(day, time, practiceZone()) : null;
  return at === null ? undefined : new Date(at).toISOString();
};

/** No filters and nothing read (at start and for each account). */
export const getEmptyState = (): StoreData<BookingsListState> => ({
  filters: blankFilters(),
  list: null,
  loading: false,
  error: null,
});

/** One store for the Bookings screen. */
export const useBookingsListStore = create<BookingsListState>()((set, get) => ({
  ...getEmptyState(),
  setFilters(patch) {
    const page = 'page' in patch ? (patch.page ?? 1) : 1;
    set({ filters: { ...get().filters, ...patch, page } });
    void get().load();
  },
  async load() {
    const { page, from, to, state } = get().filters;
    set({ loading: true });
    const begin = iso(from, '00:00');
    const end = iso(to, '23:59');
    const r = await listQuery.run({
      page,
      ...(begin ? { begin } : {}),
      ...(end ? { end } : {}),
      ...(state ? { state } : {}),
    });
    if (r === null) return; // asked again meanwhile
    if (!r.ok) return set({ loading: false, error: r.error });
    set({ loading: false, error: null, list: r.value });
  },
  applyStore(change) {
    const list = get().list;
    if (!list || change.bookings.length === 0) return;
    const byId = new Map(change.bookings.map((b) => [b.id, b]));
    if (!list.items.some((b) => byId.has(b.id))) return;
    set({ list: { ...list, items: list.items.map((b) => byId.get(b.id) ?? b) } });
  },
  clear() {
    listQuery.cancel();
    set(getEmptyState());
  },
}));

onAccountReset('bookings-list', () => useBookingsListStore.getState().clear());
