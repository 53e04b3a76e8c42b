/**
 * The renderer's side of the one clock (common/practice-time.ts): the practice's zone as core pushes it with the
 * session (`AuthStatus.account.zone`), the hooks that re-render when it becomes known, and zoned dates for date-fns
 * where a screen formats with it. Every other rule — days, wall times, labels — is the common module's, shared with
 * core, so core's "N days" and the screens' days are the same practice days.
 */
import { create } from 'zustand';
import * as common from '../../common/practice-time';
import { hostZone } from '../../common/practice-time';

export {
  addDaysToKey,
  dateTimeInZone,
  dayInZone,
  dayKey,
  hostZone,
  isoInZone,
  minutesIntoDay,
  timeInZone,
  timeParts,
  wallClock,
  wallTimeToInstant,
  zoneLabel,
} from '../../common/practice-time';
export { dayStart, inZone } from './zoned-date';

interface PracticeClock {
  /** The practice's IANA zone as core last told it; null until core knows it (the workstation's is used meanwhile). */
  zone: string | null;
  setZone(zone: string | null): void;
}

/** Where the practice's zone is kept: set only from core's session status (renderer/stores/auth-store.ts). */
export const usePracticeClock = create<PracticeClock>()((set) => ({
  zone: null,
  setZone: (zone) => set({ zone: common.isZone(zone) ? zone : null }),
}));

/** The zone to show times in: the practice's, or the workstation's when unknown. */
export function practiceZone(): string {
  return usePracticeClock.getState().zone ?? hostZone();
}

/** Hook form of practiceZone() that re-renders when the zone becomes known. */
export function usePracticeZone(): string {
  return usePracticeClock((s) => s.zone) ?? hostZone();
}

/** " MST" where a time told in `zone` must name it (it is not the practice's clock, or not this computer's). */
export function zoneSuffix(zone: string | null | undefined, at: number | string = Date.now()): string {
  return common.zoneSuffix(zone, at, usePracticeClock.getState().zone);
}

/** True when `zone` shows a different clock time than the workstation at that instant. */
export function differsFromWorkstation(zone: string, at: number = Date.now()): boolean {
  return common.clocksDiffer(zone, hostZone(), at);
}

/** "9:30 AM", or "9:30 AM MST" where `zone` must be named (zoneSuffix). */
export function labelledTime(at: number | string, zone: string): string {
  return `${common.timeInZone(at, zone)}${zoneSuffix(zone, at)}`;
}

/** "Mon 23 Nov 2026, 9:30 AM", labelled where `zone` must be named ("…, 10:00 AM MST"). */
export function dateTimeLabelled(at: number | string, zone: string): string {
  return `${common.dateTimeInZone(at, zone)}${zoneSuffix(zone, at)}`;
}

/**
 * The zone an appointment or booking is told in: its own (a satellite office's calendar or booking page, as core
 * says) or else the practice's. One rule, so it reads the same on every screen.
 */
export function zoneOfItem(item: { zone?: string | null | undefined }, practice: string): string {
  return common.isZone(item.zone) ? item.zone : practice;
}
