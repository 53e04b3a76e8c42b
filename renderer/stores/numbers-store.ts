/**
 * The Numbers screen: the practice's numbers for a chosen range of practice days (today, this week, this month, or
 * days the desk picks), counted by core from its one store of the practice (the store the schedule shows).
 */
import { create } from 'zustand';
import { NUMBERS_MAX_DAYS, type IpcError, type PracticeNumbers } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { addDaysToKey, dayKey, practiceZone } from '../lib/practice-time';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** The ranges the screen offers. */
export type Period = 'today' | 'week' | 'month' | 'custom';

/** State and actions of the Numbers screen. */
export interface NumbersState {
  period: Period;
  /** The days counted, `yyyy-MM-dd` on the practice's clock, both included. */
  from: string;
  to: string;
  numbers: PracticeNumbers | null;
  loading: boolean;
  error: IpcError | null;
  /** Counts today, this week (Monday to Sunday) or this month, from `now`. */
  choose(period: Exclude<Period, 'custom'>, now?: number): void;
  /** Counts the days from `from` to `to` (both included). */
  chooseDays(from: string, to: string): void;
  load(): Promise<void>;
  clear(): void;
}

/** The first and last day of a period around today (`today` a practice day key). */
function periodDays(period: Exclude<Period, 'custom'>, today: string): { from: string; to: string } {
  if (period === 'today') return { from: today, to: today };
  if (period === 'week') {
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const monday = addDaysToKey(today, -((weekday + 6) % 7));
    return { from: monday, to: addDaysToKey(monday, 6) };
  }
  const first = `${today.slice(0, 8)}01`;
  return { from: first, to: addDaysToKey(`${addDaysToKey(first, 31).slice(0, 8)}01`, -1) };
}

const numbersQuery = query((args: { from: string; to: string }) => frontdesk.invoke['numbers:read'](args));

/** Nothing counted yet (at start and for each account): the screen opens on this week. */
export const getEmptyState = (): StoreData<NumbersState> => ({
  period: 'week',
  from: '',
  to: '',
  numbers: null,
  loading: false,
  error: null,
});

/** One store for the Numbers screen. */
export const useNumbersStore = create<NumbersState>()((set, get) => ({
  ...getEmptyState(),
  choose(period, now = Date.now()) {
    set({ period, ...periodDays(period, dayKey(now, practiceZone())) });
    void get().load();
  },
  chooseDays(from, to) {
    set({ period: 'custom', from, to });
    void get().load();
  },
  async load() {
    const { from, to } = get();
    if (!from || !to) return;
    set({ loading: true });
    const r = await numbersQuery.run({ from, to });
    if (r === null) return; // asked again meanwhile
    if (!r.ok) return set({ loading: false, error: r.error });
    set({ loading: false, error: null, numbers: r.value });
  },
  clear() {
    numbersQuery.cancel();
    set(getEmptyState());
  },
}));

/** The longest custom range, for the screen's words. */
export const MOST_DAYS = NUMBERS_MAX_DAYS;

onAccountReset('numbers', () => useNumbersStore.getState().clear());
