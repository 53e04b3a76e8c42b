/**
 * The Bookings screen: recent bookings with filters (page, appointment dates, state). While any shown booking is still
 * being confirmed by the practice's own calendar system, the list reads itself again until each is final, then says
 * so with a desktop notification ("Booking confirmed" / "Booking failed").
 */
import { create } from 'zustand';
import type { BookingKind, BookingList, BookingSummary, IpcError } from '../../preload/contract';
import { frontdesk } from '../lib/frontdesk';
import { practiceZone, wallTimeToInstant } from '../lib/practice-time';
import { notifyDesktop } from '../lib/desktop-notify';
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
  clear(): void;
}

const blankFilters = (): BookingFilters => ({ page: 1, from: '', to: '', state: '' });
let seq = 0;
/** Bookings seen pending, so their settling is announced once. */
const pendingSeen = new Set<number>();

const iso = (day: string, time: string) => {
  const at = day ? wallTimeToInstant(day, time, practiceZone()) : null;
  return at === null ? undefined : new Date(at).toISOString();
};

/** Announces bookings that were pending and are now final. */
function announceSettled(items: BookingSummary[]): void {
  for (const b of items) {
    if (b.state === 'pending') {
      pendingSeen.add(b.id);
      continue;
    }
    if (!pendingSeen.delete(b.id)) continue;
    const who = b.name || 'the caller';
    notifyDesktop(
      b.state === 'confirmed' ? 'Booking confirmed' : 'Booking failed',
      b.state === 'confirmed'
        ? `The practice's calendar confirmed the booking for ${who}.`
        : `The practice's calendar could not take the booking for ${who}. Book another time.`,
    );
  }
}

/** One store for the Bookings screen. */
export const useBookingsListStore = create<BookingsListState>()((set, get) => ({
  filters: blankFilters(),
  list: null,
  loading: false,
  error: null,
  setFilters(patch) {
    const page = 'page' in patch ? (patch.page ?? 1) : 1;
    set({ filters: { ...get().filters, ...patch, page } });
    void get().load();
  },
  async load() {
    const mine = ++seq;
    const { page, from, to, state } = get().filters;
    set({ loading: true });
    const begin = iso(from, '00:00');
    const end = iso(to, '23:59');
    const r = await frontdesk.invoke['bookings:list']({
      page,
      ...(begin ? { begin } : {}),
      ...(end ? { end } : {}),
      ...(state ? { state } : {}),
    });
    if (mine !== seq) return;
    if (!r.ok) return set({ loading: false, error: r.error });
    announceSettled(r.value.items);
    set({ loading: false, error: null, list: r.value });
  },
  clear() {
    seq++;
    pendingSeen.clear();
    set({ filters: blankFilters(), list: null, loading: false, error: null });
  },
}));

onAccountReset('bookings-list', () => useBookingsListStore.getState().clear());
