/**
 * What the schedule's sync (features/calendar/schedule-sync.ts) keeps between its calls; nothing here is shown: the
 * schedule's own writes until the outbox settles them, item events that came before a write's answer, the timer that
 * takes the Undo offer down, and whether live updates are on and a poll is in flight. No account's data: never reset
 * (a write from before an account change is settled as before, or its event never comes).
 */
import { create } from 'zustand';
import type { OutboxItem } from '../../common/contract';
import type { StoreData } from '../lib/store-shape';

/** A change made from the schedule and the appointment it touches. */
export interface ScheduleWrite {
  /** 'move': to another calendar (made there, the old one cancelled); `id` is the old one. */
  change: 'create' | 'update' | 'delete' | 'mark' | 'move';
  id: number;
}

/** State of the schedule's sync. */
export interface ScheduleSyncState {
  /** Changes made from the schedule, by outbox item id, until the outbox settles them. */
  targets: Map<string, ScheduleWrite>;
  /** Item events that arrived before the write's answer (a fast service), by item id, for a few seconds. */
  early: Map<string, OutboxItem>;
  /** Takes the Undo offer down when its time is up. */
  undoTimer: ReturnType<typeof setTimeout> | undefined;
  /** Live updates are on (the schedule is open). */
  running: boolean;
  /** A poll of what changed is in flight. */
  polling: boolean;
  /** When the shown range was last read whole or polled (epoch ms, workstation clock; 0: not yet): polls ask from here. */
  syncedAt: number;
}

/** Nothing written, no Undo offered, live updates off. */
export const getEmptyState = (): StoreData<ScheduleSyncState> => ({
  targets: new Map(),
  early: new Map(),
  undoTimer: undefined,
  running: false,
  polling: false,
  syncedAt: 0,
});

/** One store for the schedule's sync (its actions are schedule-sync.ts's functions). */
export const useScheduleSyncStore = create<ScheduleSyncState>()(() => getEmptyState());
