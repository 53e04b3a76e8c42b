/** The calendar view's state: which day, its appointments, and why they could not be read. */
import { addDays, endOfDay, formatISO, startOfDay } from 'date-fns';
import { create } from 'zustand';
import type { Agenda, AgendaItem, IpcError, MarkState } from '../../preload/contract';
import { frontdesk } from '../lib/frontdesk';

/** State and actions of the calendar store. */
export interface CalendarState {
  /** Local midnight of the day shown, epoch ms. */
  day: number;
  agenda: Agenda | null;
  loading: boolean;
  error: IpcError | null;
  load(): Promise<void>;
  moveDays(delta: number): Promise<void>;
  today(): Promise<void>;
  /** Marks an appointment (arrived, no-show, …); it goes through the outbox. */
  mark(item: AgendaItem, state: MarkState): Promise<void>;
}

/** One store for the calendar view. */
export const useCalendarStore = create<CalendarState>()((set, get) => ({
  day: startOfDay(Date.now()).getTime(),
  agenda: null,
  loading: false,
  error: null,
  async load() {
    const day = get().day;
    const range = { begin: formatISO(startOfDay(day)), end: formatISO(endOfDay(day)) };
    set({ loading: true });
    if (!get().agenda) {
      // Paint the last good answer at once, then revalidate.
      const cached = await frontdesk.invoke['calendar:cached'](range);
      if (get().day === day && cached.ok && cached.value && !get().agenda) set({ agenda: cached.value });
    }
    const result = await frontdesk.invoke['calendar:range'](range);
    if (get().day !== day) return; // the user moved on meanwhile
    set(result.ok ? { loading: false, agenda: result.value, error: null } : { loading: false, error: result.error });
  },
  async moveDays(delta) {
    set({ day: startOfDay(addDays(get().day, delta)).getTime(), agenda: null, error: null });
    await get().load();
  },
  async mark(item, state) {
    const result = await frontdesk.invoke['calendar:mark']({ eventId: item.id, state, startsAt: item.start });
    if (!result.ok) return set({ error: result.error });
    await get().load();
  },
  async today() {
    set({ day: startOfDay(Date.now()).getTime(), agenda: null, error: null });
    await get().load();
  },
}));
