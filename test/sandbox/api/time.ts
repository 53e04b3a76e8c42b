/** Time-zone work for the sandbox, all through date-fns + @date-fns/tz (no offset arithmetic). */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, formatISO, parseISO, startOfDay } from 'date-fns';

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Earliest instant the sandbox accepts anywhere. */
const MIN_MS = Date.UTC(1970, 0, 1);
/** Latest instant the sandbox accepts anywhere (keeps huge years out). */
const MAX_MS = Date.UTC(2199, 11, 31);

const zoneCache = new Map<string, boolean>();

/** True when `zone` is an IANA zone the runtime knows. */
export function isValidZone(zone: string): boolean {
  const hit = zoneCache.get(zone);
  if (hit !== undefined) return hit;
  let ok = zone.length > 0 && zone.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(zone);
  if (ok) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
    } catch {
      ok = false;
    }
  }
  if (zoneCache.size < 1000) zoneCache.set(zone, ok);
  return ok;
}

/**
 * Parses ISO-8601 (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]`, optional `Z`/offset).
 * Without an offset the wall time is read in `zone`. Returns epoch ms, or null when invalid.
 */
export function parseTimeInput(input: string, zone: string): number | null {
  const text = input.trim();
  const m = ISO_RE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return null;
  // Reject dates like 2025-02-30, which would otherwise roll over into March.
  if (new Date(Date.UTC(Number(y), month - 1, day)).getUTCDate() !== day) return null;
  const date = parseISO(text.replace(' ', 'T').replace(/z$/, 'Z'), { in: tz(zone) });
  const ms = date.getTime();
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) return null;
  return ms;
}

/** `2025-06-21T08:00:00-07:00`: the instant as wall time in `zone` with its offset. */
export function formatInZone(ms: number, zone: string): string {
  return formatISO(new TZDate(ms, zone));
}

/** `2025-06-21T15:00:00Z` (or with milliseconds): the instant in UTC. */
export function isoUtc(ms: number, withMs = false): string {
  const s = new Date(ms).toISOString();
  return withMs ? s : s.replace(/\.\d{3}Z$/, 'Z');
}

/** Epoch ms of a wall-clock time in `zone` (month is 1-based). */
export function wallClock(zone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  return new TZDate(year, month - 1, day, hour, minute, 0, zone).getTime();
}

/** Epoch ms of local midnight of the day containing `ms` in `zone`. */
export function dayStart(ms: number, zone: string): number {
  return startOfDay(new TZDate(ms, zone)).getTime();
}

/** Local midnight `n` days after the local day containing `ms` (DST-safe). */
export function addLocalDays(ms: number, n: number, zone: string): number {
  return startOfDay(addDays(new TZDate(ms, zone), n)).getTime();
}

/** Local parts of an instant in `zone`: year, month (1-based), day, weekday (0=Sunday), hour, minute. */
export function localParts(
  ms: number,
  zone: string,
): { year: number; month: number; day: number; weekday: number; hour: number; minute: number } {
  const d = new TZDate(ms, zone);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    weekday: d.getDay(),
    hour: d.getHours(),
    minute: d.getMinutes(),
  };
}

/** `YYYY-MM-DDTHH:MM:SS` wall time in `zone` (the shape book_now's `time` takes). */
export function localDateTime(ms: number, zone: string): string {
  return format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ss");
}

/** Minutes → ms. */
export const MINUTE = 60_000;
/** Hours → ms. */
export const HOUR = 3_600_000;

/** One local calendar day in a zone. */
export interface LocalDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** Epoch ms of local midnight. */
  midnight: number;
  /** True when the day lasts exactly 24 h (no offset change), so wall time = midnight + elapsed minutes. */
  plain: boolean;
}

/**
 * The local days `fromOff`..`toOff` relative to the day containing `ms` in `zone`
 * (calendar dates by plain date math; each midnight resolved by @date-fns/tz).
 */
export function localDays(ms: number, zone: string, fromOff: number, toOff: number): LocalDay[] {
  const p = localParts(ms, zone);
  const midnights: number[] = [];
  const dates: Date[] = [];
  for (let k = fromOff; k <= toOff + 1; k++) {
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + k));
    dates.push(d);
    midnights.push(wallClock(zone, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()));
  }
  const out: LocalDay[] = [];
  for (let i = 0; i < dates.length - 1; i++) {
    const d = dates[i];
    const m = midnights[i];
    const next = midnights[i + 1];
    if (!d || m === undefined || next === undefined) continue;
    out.push({
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      weekday: d.getUTCDay(),
      midnight: m,
      plain: next - m === 24 * HOUR,
    });
  }
  return out;
}

/** Epoch ms of `minutes` after local midnight of `day` (DST-safe). */
export function atMinutes(day: LocalDay, zone: string, minutes: number): number {
  return day.plain
    ? day.midnight + minutes * MINUTE
    : wallClock(zone, day.year, day.month, day.day, Math.floor(minutes / 60), minutes % 60);
}
