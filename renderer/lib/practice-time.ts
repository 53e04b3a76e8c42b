/**
 * One clock for the whole app: every time staff see or type is in the practice's time zone (from its calendars or
 * booking pages; the workstation's when unknown), computed with date-fns + @date-fns/tz — never hand-made offsets.
 * The calendar sets the zone once it knows it; booking and any other screen read it from here.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, formatISO, startOfDay } from 'date-fns';
import { create } from 'zustand';
import { z } from 'zod';
import { parseJson } from '../../common/parse-unknown';

/** The workstation's own zone. */
function workstationZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

interface PracticeClock {
  /** The practice's IANA zone; null until known (the workstation's is used meanwhile). */
  zone: string | null;
  /** The account (opaque key) the zone belongs to. */
  account: string | null;
  setZone(zone: string | null): void;
  /** Switches to an account: its zone as last learned on this workstation, or unknown. */
  forAccount(account: string | null): void;
}

/** Where the practice's zone is kept (set by the calendar from the account's calendars). */
export const usePracticeClock = create<PracticeClock>()((set, get) => ({
  zone: null,
  account: null,
  setZone: (zone) => {
    rememberZone(get().account, zone);
    set({ zone });
  },
  forAccount: (account) => set({ account, zone: savedZone(account) }),
}));

/** The zone to show times in: the practice's, or the workstation's when unknown. */
export function practiceZone(): string {
  return usePracticeClock.getState().zone ?? workstationZone();
}

/** Hook form of practiceZone() that re-renders when the zone becomes known. */
export function usePracticeZone(): string {
  return usePracticeClock((s) => s.zone) ?? workstationZone();
}

/** An instant as a date in `zone` (date-fns functions then work in that zone). */
export function inZone(at: number | string | Date, zone: string): TZDate {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new TZDate(ms, zone);
}

/** `yyyy-MM-dd` of an instant in `zone`. */
export function dayKey(at: number | string | Date, zone: string): string {
  return format(inZone(at, zone), 'yyyy-MM-dd');
}

/** Midnight of a `yyyy-MM-dd` day in `zone`, as a zoned date. */
export function dayStart(key: string, zone: string): TZDate {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, zone);
}

/** The `yyyy-MM-dd` day `delta` days from `key`. */
export function addDaysToKey(key: string, delta: number, zone: string): string {
  return format(addDays(dayStart(key, zone), delta), 'yyyy-MM-dd');
}

/** ISO 8601 with the zone's offset ("2030-01-08T09:00:00-06:00"), as the service wants times. */
export function isoInZone(at: number | Date, zone: string): string {
  return formatISO(inZone(at, zone));
}

/** The instant of a wall time (`yyyy-MM-dd`, `HH:mm`) in `zone`; null when not a real time. */
export function wallTimeToInstant(key: string, hhmm: string, zone: string): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  const time = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!date || !time) return null;
  const [h, mi] = [Number(time[1]), Number(time[2])];
  if (h > 23 || mi > 59) return null;
  const at = new TZDate(Number(date[1]), Number(date[2]) - 1, Number(date[3]), h, mi, zone);
  return Number.isNaN(at.getTime()) ? null : at.getTime();
}

/** `HH:mm` (24 h) of an instant in `zone`, for time inputs. */
export function wallClock(at: number | string, zone: string): string {
  return format(inZone(at, zone), 'HH:mm');
}

/** Minutes since the zone's midnight of that day (daylight-saving days included). */
export function minutesIntoDay(at: number | string, zone: string): number {
  const z = inZone(at, zone);
  return Math.round((z.getTime() - startOfDay(z).getTime()) / 60_000);
}

/** "Mon 23 Nov 2026" of an instant in `zone`. */
export function dayInZone(at: number | string, zone: string): string {
  return format(inZone(at, zone), 'EEE d MMM yyyy');
}

/** "Mon 23 Nov 2026, 9:30 AM" (the user's locale) of an instant in `zone`. */
export function dateTimeInZone(at: number | string, zone: string): string {
  return `${dayInZone(at, zone)}, ${timeInZone(at, zone)}`;
}

/** dateTimeInZone, labelled ("Mon 23 Nov 2026, 9:30 AM CST") where `zone`'s clock differs from this computer's. */
export function dateTimeLabelled(at: number | string, zone: string): string {
  return `${dateTimeInZone(at, zone)}${zoneSuffix(zone, at)}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(zone: string): Intl.DateTimeFormat {
  let f = timeFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: zone });
    timeFormats.set(zone, f);
  }
  return f;
}

/** "9:30 AM" (the user's locale) of an instant in `zone`. */
export function timeInZone(at: number | string, zone: string): string {
  return timeFormat(zone).format(typeof at === 'string' ? Date.parse(at) : at);
}

const secondsFormats = new Map<string, Intl.DateTimeFormat>();

/** "9:30:05 AM" (the user's locale) of an instant in `zone`. */
function secondsInZone(at: number, zone: string): string {
  let f = secondsFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: zone });
    secondsFormats.set(zone, f);
  }
  return f.format(at);
}

/**
 * "9:30 AM", or "9:30 AM CST" where `zone`'s clock differs from this computer's: a moment told on the practice's
 * clock (when a change was made, when the connection dropped), never the computer's own.
 */
export function labelledTime(at: number | string, zone: string): string {
  return `${timeInZone(at, zone)}${zoneSuffix(zone, at)}`;
}

/** As labelledTime, with seconds ("9:30:05 AM CST"), for the connection check. */
export function labelledTimeSeconds(at: number, zone: string): string {
  return `${secondsInZone(at, zone)}${zoneSuffix(zone, at)}`;
}

/** "9:30 AM" split into the clock ("9:30") and the day period ("AM"; '' in 24-hour locales), for narrow places. */
export function timeParts(at: number | string, zone: string): { clock: string; period: string } {
  const parts = timeFormat(zone).formatToParts(typeof at === 'string' ? Date.parse(at) : at);
  return {
    clock: parts
      .filter((p) => p.type !== 'dayPeriod')
      .map((p) => p.value)
      .join('')
      .trim(),
    period: parts.find((p) => p.type === 'dayPeriod')?.value ?? '',
  };
}

/** True when `zone` shows a different clock time than the workstation at that instant. */
export function differsFromWorkstation(zone: string, at: number = Date.now()): boolean {
  const here = workstationZone();
  if (zone === here) return false;
  return format(inZone(at, zone), 'yyyy-MM-dd HH:mm') !== format(inZone(at, here), 'yyyy-MM-dd HH:mm');
}

/** The zone's short name at that instant ("CST", "MST"; "GMT-6" where the locale has none). */
function zoneAbbreviation(zone: string, at: number | string = Date.now()): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  return (
    new Intl.DateTimeFormat(undefined, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** " CST" when `zone`'s clock differs from this computer's at that instant, else "" (appended to a shown time). */
export function zoneSuffix(zone: string | null | undefined, at: number | string = Date.now()): string {
  if (!zone) return '';
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  const short = differsFromWorkstation(zone, ms) ? zoneAbbreviation(zone, ms) : '';
  return short ? ` ${short}` : '';
}

/** "Times in Chicago time (CST)": the label shown when the practice's clock differs from this computer's. */
export function zoneLabel(zone: string, at: number = Date.now()): string {
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  const short = zoneAbbreviation(zone, at);
  return `Times in ${city} time${short ? ` (${short})` : ''}`;
}

const ZONE_KEY = 'frontdesk.practiceZone';
/** As kept in the page's storage: whose zone it is, and the zone. */
const savedZoneSchema = z.object({ account: z.string(), zone: z.string() });

/** The account's zone last learned on this workstation (not personal data), so a restart paints in it before asking. */
function savedZone(account: string | null): string | null {
  if (!account) return null;
  try {
    const text = globalThis.localStorage?.getItem(ZONE_KEY);
    if (!text) return null;
    const { account: owner, zone } = parseJson(savedZoneSchema, text);
    return owner === account && isValidZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

function rememberZone(account: string | null, zone: string | null): void {
  try {
    if (zone && account) globalThis.localStorage?.setItem(ZONE_KEY, JSON.stringify({ account, zone }));
    else globalThis.localStorage?.removeItem(ZONE_KEY);
  } catch {
    // Storage unavailable: the zone is learned again from the calendars at each start.
  }
}

function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
