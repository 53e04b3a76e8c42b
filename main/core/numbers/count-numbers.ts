/**
 * The practice's numbers counted from appointments, bookings and texts as core's store has them: per provider
 * (calendar) the visits, arrivals, late arrivals, no-shows and cancellations, and how full its working hours were;
 * bookings by booking page; texts sent and replies. Plain counting, no reads: numbers-service.ts gathers the records.
 */
import type {
  AgendaItem,
  BookingPageView,
  BookingSummary,
  CalendarInfo,
  PageNumbers,
  ProviderNumbers,
} from '../../../common/contract';
import { isNotComing, withMarkSent } from '../../../common/contract';
import { WORKING_HOURS } from '../../../common/model/series';
import { addDaysToKey, startOfDayKey, wallTimeToInstant } from '../../../common/practice-time';

/** Check-in marks that say the patient came (on time or not). */
const ARRIVED = new Set(['arrived', 'ontime', 'late']);

/** The instants of a range of practice days: [begin, end). */
export interface DayRange {
  from: string;
  to: string;
  zone: string;
}

/** The first instant of `from` and the first after `to`, on the zone's clock. */
export function rangeInstants(range: DayRange): { begin: number; end: number } {
  return { begin: startOfDayKey(range.from, range.zone), end: startOfDayKey(addDaysToKey(range.to, 1), range.zone) };
}

/** A practice day's working window, as instants. */
type Window = [number, number];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The working windows of the range's days (WORKING_HOURS: its weekdays, its opening and closing on the clock). */
function workingWindows(range: DayRange): Window[] {
  const out: Window[] = [];
  for (let key = range.from; key <= range.to; key = addDaysToKey(key, 1)) {
    const weekday = new Date(`${key}T12:00:00Z`).getUTCDay();
    if (!(WORKING_HOURS.days as readonly number[]).includes(weekday)) continue;
    const open = wallTimeToInstant(key, hhmm(WORKING_HOURS.openMin), range.zone);
    const close = wallTimeToInstant(key, hhmm(WORKING_HOURS.closeMin), range.zone);
    if (open !== null && close !== null && close > open) out.push([open, close]);
  }
  return out;
}

/** Minutes of [start, end) inside the windows. */
function minutesInside(start: number, end: number, windows: readonly Window[]): number {
  let ms = 0;
  for (const [open, close] of windows) ms += Math.max(0, Math.min(end, close) - Math.max(start, open));
  return Math.round(ms / 60_000);
}

/** An appointment with a person on it that is not shown as free: a visit. */
const isVisit = (item: AgendaItem): boolean => !item.free && item.people.length > 0;

/** What became of a visit that stands: every person said they are not coming, arrived (late or not), or no-show. */
function outcome(item: AgendaItem): { notComing: boolean; arrived: boolean; late: boolean; noShow: boolean } {
  // A mark made here and not yet sent counts as the service will have it.
  const shown = item.pendingMark ? withMarkSent(item, item.pendingMark) : item;
  const marks = shown.people.map((p) => p.checkIn ?? '');
  const arrived = marks.some((m) => ARRIVED.has(m));
  return {
    notComing: shown.people.every((p) => isNotComing(p.state)),
    arrived,
    late: marks.includes('late'),
    noShow: !arrived && marks.includes('noshow'),
  };
}

/** What the counting needs. */
export interface CountInput extends DayRange {
  calendars: readonly CalendarInfo[];
  /** Appointments that stand, as the store shows them now (changes made here laid over). */
  standing: readonly AgendaItem[];
  /** Appointments of the range the service deleted, or being cancelled here. */
  cancelled: readonly AgendaItem[];
  /** Texts by the calendar of the appointment their thread is about; null when texts cannot be read. */
  texts: ReadonlyMap<number, { sent: number; replies: number }> | null;
}

/** Per provider: every calendar of the practice (in its order), then any other an appointment names. */
export function countProviders(input: CountInput): ProviderNumbers[] {
  const { begin, end } = rangeInstants(input);
  const windows = workingWindows(input);
  const working = windows.reduce((sum, [open, close]) => sum + Math.round((close - open) / 60_000), 0);
  const rows = new Map<number, ProviderNumbers>();
  const row = (id: number, name: string): ProviderNumbers => {
    let r = rows.get(id);
    if (!r) {
      r = {
        calendarId: id,
        name,
        visits: 0,
        arrivals: 0,
        lateArrivals: 0,
        noShows: 0,
        cancellations: 0,
        bookedMinutes: 0,
        workingMinutes: working,
        texts: input.texts && { sent: 0, replies: 0 },
      };
      rows.set(id, r);
    }
    return r;
  };
  for (const c of input.calendars) row(c.id, c.name);
  const inRange = (item: AgendaItem) => {
    const at = Date.parse(item.start);
    return at >= begin && at < end && isVisit(item) && typeof item.calendarId === 'number';
  };
  for (const item of input.cancelled)
    if (inRange(item)) row(item.calendarId as number, item.calendarName).cancellations++;
  for (const item of input.standing) {
    if (!inRange(item)) continue;
    const r = row(item.calendarId as number, item.calendarName);
    const o = outcome(item);
    if (o.notComing) {
      r.cancellations++;
      continue;
    }
    r.visits++;
    if (o.arrived) r.arrivals++;
    if (o.late) r.lateArrivals++;
    if (o.noShow) r.noShows++;
    r.bookedMinutes += minutesInside(Date.parse(item.start), Date.parse(item.end), windows);
  }
  for (const [id, t] of input.texts ?? []) row(id, '').texts = { ...t };
  return [...rows.values()];
}

/** Bookings whose time falls in the range, by booking page (failed ones left out), the practice's pages first. */
export function countPages(
  range: DayRange,
  bookings: readonly BookingSummary[],
  pages: readonly BookingPageView[],
): PageNumbers[] {
  const { begin, end } = rangeInstants(range);
  const rows = new Map<string, PageNumbers>(
    pages.map((p) => [p.slug, { page: p.slug, name: p.name, bookings: 0, cancelled: 0 }]),
  );
  for (const b of bookings) {
    const at = Date.parse(b.start ?? '');
    if (b.state === 'failed' || !(at >= begin && at < end)) continue;
    const r = rows.get(b.page) ?? { page: b.page, name: '', bookings: 0, cancelled: 0 };
    rows.set(b.page, r);
    r.bookings++;
    if (b.appointment?.state === 'cancelled' || b.appointment?.state === 'cancelling') r.cancelled++;
  }
  return [...rows.values()];
}
