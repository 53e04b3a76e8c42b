/**
 * The schedule from the keyboard: which appointment the arrow keys go to next, which one is the next patient due
 * (where focus starts), and what the single keys on a focused appointment do (Arrived, Late, No-show, each with
 * Undo). The keys themselves are named once in the shortcuts registry (features/shell/shortcuts.ts), which the "?"
 * list is made from; this file only decides and acts.
 */
import { isNotComing, type AgendaItem, type MarkState } from '../../../common/contract';
import { matchesKeys, type KeyPress } from '../../lib/actions';
import { appointmentStepKeys, checkInKeys, registerScheduleUndo } from '../shell';
import { canMark } from './appointment-actions';
import { undoLast } from './schedule-sync';

/** Ctrl+Z (⌘Z) does what the toast's Undo button does. */
export const scheduleUndoKeys = registerScheduleUndo(() => void undoLast());

/** An appointment, or a column's "+N more", as the keys see it: where it sits. */
export interface KeySpot {
  /** `spotOf(id)` for an appointment; another key for a "+N more" (grid-keys does not look inside). */
  id: string;
  /** Index of its column, left to right. */
  column: number;
  /** Minutes from the column day's midnight. */
  top: number;
  /** Its lane among overlapping ones (left to right). */
  lane: number;
}

/** Which way an arrow key goes. */
export type Step = 'up' | 'down' | 'left' | 'right';

const STEP_OF: Record<string, Step> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** The step an arrow key press asks for, or null for another key (or with a modifier). */
export function stepOf(e: KeyPress): Step | null {
  if (!matchesKeys(appointmentStepKeys, e)) return null;
  return STEP_OF[e.key] ?? null;
}

const byPlace = (a: KeySpot, b: KeySpot) => a.top - b.top || a.lane - b.lane || a.id.localeCompare(b.id);

/** The key of an appointment's spot. */
export const spotOf = (id: number): string => `a${id}`;
/** The appointment a spot is, or null for a "+N more". */
export const idOfSpot = (key: string): number | null => (key.startsWith('a') ? Number(key.slice(1)) : null);

/**
 * The appointment an arrow key goes to from `fromId`: up and down, the one before or after it in its column by time;
 * left and right, in the nearest column that has appointments, the one closest in time. Null at an edge.
 */
export function neighbour(spots: readonly KeySpot[], fromId: string, step: Step): string | null {
  const from = spots.find((s) => s.id === fromId);
  if (!from) return null;
  if (step === 'up' || step === 'down') {
    const column = spots.filter((s) => s.column === from.column).sort(byPlace);
    const at = column.findIndex((s) => s.id === fromId);
    return column[step === 'up' ? at - 1 : at + 1]?.id ?? null;
  }
  const ahead = spots.filter((s) => (step === 'left' ? s.column < from.column : s.column > from.column));
  if (ahead.length === 0) return null;
  const nearest = step === 'left' ? Math.max(...ahead.map((s) => s.column)) : Math.min(...ahead.map((s) => s.column));
  const column = ahead.filter((s) => s.column === nearest);
  return column.reduce((best, s) =>
    Math.abs(s.top - from.top) < Math.abs(best.top - from.top) ||
    (Math.abs(s.top - from.top) === Math.abs(best.top - from.top) && byPlace(s, best) < 0)
      ? s
      : best,
  ).id;
}

/**
 * Where focus goes when the focused appointment leaves the grid (marked no-show or cancelled, hidden): the nearest in
 * time in its column, else the nearest in the nearest column; null on an empty grid.
 */
export function stayNear(spots: readonly KeySpot[], gone: KeySpot): string | null {
  let best: KeySpot | null = null;
  const cost = (s: KeySpot) => Math.abs(s.column - gone.column) * 24 * 60 + Math.abs(s.top - gone.top);
  for (const s of spots) if (!best || cost(s) < cost(best)) best = s;
  return best?.id ?? null;
}

/** Marks after which the appointment no longer expects its patient (checked in, no-show, cancelled). */
const SETTLED_MARKS: readonly string[] = ['arrived', 'ontime', 'late', 'noshow', 'cancelled', 'needs_reschedule'];

/** True when the appointment still expects its patient: not cancelled, not marked in or no-show. */
function stillExpected(item: AgendaItem): boolean {
  if (item.free || item.pending?.change === 'delete') return false;
  if (item.pendingMark) return !SETTLED_MARKS.includes(item.pendingMark);
  const person = item.people[0];
  return person !== undefined && !person.checkIn && !isNotComing(person.state) && person.state !== 'declined';
}

/**
 * The next patient due at `now`: of the appointments still expecting their patient, the first whose end has not
 * passed (someone 10 minutes late for a 9:00 is still the one to check in); else the first still to start; else
 * null. Shown items only (a hidden calendar's are not the desk's to check in here).
 */
export function nextDue(items: readonly AgendaItem[], now: number): AgendaItem | null {
  let best: AgendaItem | null = null;
  for (const item of items) {
    if (!stillExpected(item) || Date.parse(item.end) <= now) continue;
    if (!best || Date.parse(item.start) < Date.parse(best.start)) best = item;
  }
  return best;
}

/** The check-in a single key on a focused appointment makes, or null for another key. */
export function checkInOf(e: KeyPress, item: AgendaItem): MarkState | null {
  // Nobody to check in on a hold or a meeting.
  if (!canMark(item) || item.people.length === 0) return null;
  for (const [state, action] of Object.entries(checkInKeys) as [MarkState, typeof checkInKeys.arrived][])
    if (matchesKeys(action, e)) return state;
  return null;
}
