/**
 * One clock for core and the renderer: days, wall times and shown times in a named IANA zone (the practice's, or a
 * calendar's or booking page's), computed from the runtime's own zone data (Intl) — never from the computer's zone
 * and never with a fixed 24-hour day. A practice day runs from its midnight to the next, so it is 23 or 25 hours
 * long on the days the clocks change.
 *
 * Plain functions of (instant, zone): core reckons its "N days" windows with them, and the renderer tells times with
 * them (renderer/lib/practice-time.ts adds the zone core pushed and the React glue).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const fieldFormats = new Map<string, Intl.DateTimeFormat>();

function fieldFormat(zone: string): Intl.DateTimeFormat {
  let f = fieldFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    fieldFormats.set(zone, f);
  }
  return f;
}

/** An instant as epoch ms: a number as is, an ISO string parsed (NaN when not a time), a Date's time. */
export function instantOf(at: number | string | Date): number {
  return typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
}

/** The wall clock of an instant in `zone`. */
interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall clocks already read, by zone and instant (bounded as `told` below): the grid asks each block's day. */
const walls = new Map<string, Readonly<WallTime>>();

/** The wall clock of an instant in `zone` (seconds included; milliseconds dropped). */
function wallTimeOf(at: number | string | Date, zone: string): Readonly<WallTime> {
  const ms = instantOf(at);
  const key = `${zone}|${ms}`;
  const known = walls.get(key);
  if (known) return known;
  const parts = fieldFormat(zone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const wall = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
  if (walls.size >= 20_000) walls.clear();
  walls.set(key, wall);
  return wall;
}

/** How far `zone`'s clock is ahead of UTC at that instant, in ms (Chicago in winter: −6 h). */
export function zoneOffsetMs(at: number, zone: string): number {
  const w = wallTimeOf(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd` of an instant in `zone`. */
export function dayKey(at: number | string | Date, zone: string): string {
  const w = wallTimeOf(at, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

const KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The `yyyy-MM-dd` day `delta` calendar days from `key` (a calendar count: no zone, no 24-hour steps). */
export function addDaysToKey(key: string, delta: number): string {
  const m = KEY.exec(key);
  if (!m) throw new Error(`not a day: ${key}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + delta));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * The instant of a wall time in `zone`. A time the clocks skip (02:30 on the spring change) is read as the same
 * time after the change (03:30); a time that happens twice (01:30 on the autumn change) is its first occurrence.
 */
function instantOfWall(y: number, mo: number, d: number, h: number, mi: number, zone: string): number {
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const before = zoneOffsetMs(local - DAY_MS, zone);
  const after = zoneOffsetMs(local + DAY_MS, zone);
  const fits = [local - before, local - after].filter((t) => zoneOffsetMs(t, zone) === local - t);
  if (fits.length > 0) return Math.min(...fits);
  return local - before; // skipped: the clock read on with the offset it had before the change
}

/** The instant of a wall time (`yyyy-MM-dd`, `HH:mm`) in `zone`; null when not a real day and time. */
export function wallTimeToInstant(key: string, hhmm: string, zone: string): number | null {
  const date = KEY.exec(key);
  const time = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!date || !time) return null;
  const [y, mo, d, h, mi] = [Number(date[1]), Number(date[2]), Number(date[3]), Number(time[1]), Number(time[2])];
  if (h > 23 || mi > 59 || mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  return instantOfWall(y, mo, d, h, mi, zone);
}

/** The first instant of the day `key` in `zone` (its midnight, or the first minute after a change skips it). */
export function startOfDayKey(key: string, zone: string): number {
  const at = wallTimeToInstant(key, '00:00', zone);
  if (at === null) throw new Error(`not a day: ${key}`);
  return at;
}

/**
 * The first instant of the practice day `days` days from the one `at` falls on, in `zone`: "N practice days from
 * now" is `startOfPracticeDay(now, zone, N)`, whatever the clocks do meanwhile.
 */
export function startOfPracticeDay(at: number, zone: string, days = 0): number {
  return startOfDayKey(addDaysToKey(dayKey(at, zone), days), zone);
}

/**
 * A window of whole practice days around `now`, as ISO instants for the service: from the start of the day `back`
 * days before today to the end of the day `ahead` days after it (the start of the day after that).
 */
export function practiceDays(now: number, zone: string, back: number, ahead: number): { begin: string; end: string } {
  return {
    begin: new Date(startOfPracticeDay(now, zone, -back)).toISOString(),
    end: new Date(startOfPracticeDay(now, zone, ahead + 1)).toISOString(),
  };
}

/** Minutes since the zone's midnight of that day (on a change day 09:00 is 480 or 600 minutes in). */
export function minutesIntoDay(at: number | string, zone: string): number {
  const ms = instantOf(at);
  return Math.round((ms - startOfDayKey(dayKey(ms, zone), zone)) / 60_000);
}

/** ISO 8601 with the zone's offset ("2030-01-08T09:00:00-06:00"; "Z" at offset 0), as the service wants times. */
export function isoInZone(at: number | Date, zone: string): string {
  const ms = instantOf(at);
  const w = wallTimeOf(ms, zone);
  const offset = Math.round(zoneOffsetMs(ms, zone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const tail = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${tail}`;
}

/** `HH:mm` (24 h) of an instant in `zone`, for time inputs. */
export function wallClock(at: number | string, zone: string): string {
  const w = wallTimeOf(at, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 23 Nov 2026" of an instant in `zone`. */
export function dayInZone(at: number | string, zone: string): string {
  const w = wallTimeOf(at, zone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${w.day} ${MONTHS[w.month - 1]} ${w.year}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(zone: string, seconds = false): Intl.DateTimeFormat {
  const key = `${zone}|${seconds ? 's' : ''}`;
  let f = timeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      timeZone: zone,
    });
    timeFormats.set(key, f);
  }
  return f;
}

/**
 * Times already told, by zone and instant: a busy day tells the same few dozen times in hundreds of blocks (each
 * block its start, its hover text its start and end), and Intl's formatting is the grid's costliest call. Bounded:
 * emptied when it grows past TOLD_MAX.
 */
const told = new Map<string, { text: string; clock: string; period: string }>();
const TOLD_MAX = 20_000;

/** An instant told on `zone`'s clock: the whole ("9:30 AM") and its parts (timeParts), computed once. */
function tell(at: number | string, zone: string): { text: string; clock: string; period: string } {
  const ms = instantOf(at);
  const key = `${zone}|${ms}`;
  let t = told.get(key);
  if (!t) {
    // format's spaces are not always formatToParts' (a narrow no-break space before "AM" in some runtimes): each its own.
    const parts = timeFormat(zone).formatToParts(ms);
    t = {
      text: timeFormat(zone).format(ms),
      clock: parts
        .filter((p) => p.type !== 'dayPeriod')
        .map((p) => p.value)
        .join('')
        .trim(),
      period: parts.find((p) => p.type === 'dayPeriod')?.value ?? '',
    };
    if (told.size >= TOLD_MAX) told.clear();
    told.set(key, t);
  }
  return t;
}

/** "9:30 AM" (the user's locale) of an instant in `zone`. */
export function timeInZone(at: number | string, zone: string): string {
  return tell(at, zone).text;
}

/** "Mon 23 Nov 2026, 9:30 AM" (the clock in the user's locale) of an instant in `zone`. */
export function dateTimeInZone(at: number | string, zone: string): string {
  return `${dayInZone(at, zone)}, ${timeInZone(at, zone)}`;
}

/** "9:30 AM" split into the clock ("9:30") and the day period ("AM"; '' in 24-hour locales), for narrow places. */
export function timeParts(at: number | string, zone: string): { clock: string; period: string } {
  const { clock, period } = tell(at, zone);
  return { clock, period };
}

/** The computer's zone as read in the task running now (hostZone), or null until it is read again. */
let hostZoneNow: string | null = null;

/**
 * This runtime's own zone (the computer's): what a time is read in when no zone is known. Read once a task: Intl makes
 * a whole formatter in the user's locale to say it (tenths of a millisecond), and a render of the schedule asks for
 * each column; the next task reads it afresh, so a zone changed meanwhile is seen.
 */
export function hostZone(): string {
  if (hostZoneNow === null) {
    hostZoneNow = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    void Promise.resolve().then(() => (hostZoneNow = null));
  }
  return hostZoneNow;
}

/** Zones asked about, and whether this runtime knows them (every block asks of its calendar's zone). */
const zonesKnown = new Map<string, boolean>();

/** True for an IANA zone this runtime knows. */
export function isZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let known = zonesKnown.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (zonesKnown.size >= 1_000) zonesKnown.clear();
    zonesKnown.set(zone, known);
  }
  return known;
}

/** True when two zones' clocks read differently at that instant (Chicago and Denver do; Chicago and Winnipeg not). */
export function clocksDiffer(a: string, b: string, at: number): boolean {
  return a !== b && zoneOffsetMs(at, a) !== zoneOffsetMs(at, b);
}

const nameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant ("CST", "MST"; "GMT-6" where the locale has none). */
function zoneAbbreviation(zone: string, at: number | string = Date.now()): string {
  let f = nameFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    nameFormats.set(zone, f);
  }
  return f.formatToParts(instantOf(at)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * " MST" when a time told in `zone` must say so, else "": when `zone`'s clock differs at that instant from the
 * practice's (a satellite office's calendar or booking page) or from this computer's (a workstation elsewhere).
 * The same rule on every screen, so one appointment reads the same everywhere.
 */
export function zoneSuffix(
  zone: string | null | undefined,
  at: number | string,
  practice: string | null | undefined,
  here: string = hostZone(),
): string {
  if (!zone) return '';
  const ms = instantOf(at);
  const differs = clocksDiffer(zone, here, ms) || (isZone(practice) && clocksDiffer(zone, practice, ms));
  const short = differs ? zoneAbbreviation(zone, ms) : '';
  return short ? ` ${short}` : '';
}

/** "Times in Chicago time (CST)": a zone in plain words, for a header. */
export function zoneLabel(zone: string, at: number = Date.now()): string {
  const short = zoneAbbreviation(zone, at);
  return `Times in ${zoneCity(zone)} time${short ? ` (${short})` : ''}`;
}

/** The place a zone is named after ("Denver", "New York"). */
function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}
