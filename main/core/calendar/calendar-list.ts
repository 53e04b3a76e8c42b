/** The account's calendars and the practice's time zone, cached for offline use. */
import type { BookingPageView, CalendarInfo, CalendarList } from '../../../common/contract';
// The remembered check: a new Intl.DateTimeFormat per calendar at every list read cost the host ~15 ms of each start.
import { isZone } from '../../../common/practice-time';
import { listCalendars } from '../api/calendar-api';
import { listBookingPages } from '../api/booking-pages-api';
import { WAITLIST_CALENDAR } from '../api/waitlist-records';
import { signedInAccount, type CoreContext } from '../core-context';
import { cacheSlot } from '../cache/read-cache';
import { readThrough } from '../cache/read-through';
import { calendarListSchema } from '../cache/model-schemas';

const CACHE_KEY = 'calendar:calendars';
const listSlot = cacheSlot('the calendars', calendarListSchema);

/** How long the range reads reuse a list just read for its calendar names (the list itself is always read fresh). */
const NAMES_REUSE_MS = 60_000;

type ServiceCalendars = Awaited<ReturnType<typeof listCalendars>>;

/** A list read: whose, when it was answered (null while in flight), and its answer. */
interface ListRead {
  account: string;
  at: number | null;
  read: Promise<ServiceCalendars>;
}

/**
 * One read of the account's calendar list for whoever asks meanwhile: the schedule's list (for the practice's zone)
 * and the range's calendar names share a read in flight, and a range read just after the list reuses its answer for
 * the names, so the first paint asks the service for the list once (bench row 11 counts it).
 */
export class SharedCalendarRead {
  private last: ListRead | null = null;

  constructor(private readonly deps: Pick<CoreContext, 'service' | 'clock'>) {}

  /** The list for `account`: the read in flight, or one answered less than `maxAgeMs` ago, or a new read. */
  read(account: string, maxAgeMs: number): Promise<ServiceCalendars> {
    const last = this.last;
    if (last && last.account === account) {
      if (last.at === null || this.deps.clock.now() - last.at < maxAgeMs) return last.read;
    }
    const entry: ListRead = { account, at: null, read: listCalendars(this.deps.service) };
    this.last = entry;
    entry.read.then(
      () => {
        entry.at = this.deps.clock.now();
      },
      () => {
        if (this.last === entry) this.last = null; // a failed read is never reused
      },
    );
    return entry.read;
  }

  /** Calendar names by id for the range reads (a list read in flight or just read is reused). */
  async names(account: string): Promise<Map<number, string>> {
    return new Map((await this.read(account, NAMES_REUSE_MS)).map((c) => [c.id, c.name]));
  }
}

/** The zone most of `zones` name (first seen wins a tie); null when none. */
function mostCommonZone(zones: readonly (string | null | undefined)[]): string | null {
  const counts = new Map<string, number>();
  for (const z of zones) if (z && isZone(z)) counts.set(z, (counts.get(z) ?? 0) + 1);
  let best: string | null = null;
  for (const [zone, n] of counts) if (best === null || n > counts.get(best)!) best = zone;
  return best;
}

/** A page's zone as a hint: pages that name none are read as UTC by the booking code, so UTC is not taken from them. */
const pageZone = (page: BookingPageView): string | null => (page.timeZone === 'UTC' ? null : page.timeZone);

/** The booking pages, as a hint only (bookings:read may not be granted): none when they cannot be read. */
async function pagesHint(deps: CoreContext): Promise<BookingPageView[]> {
  try {
    return await listBookingPages(deps.service);
  } catch {
    return [];
  }
}

/**
 * Each calendar's zone: the one the list names; else, the service naming none (the documents do not show a calendar's
 * `time_zone`), the one every booking page that books it is in, when they agree; else none.
 */
function withPageZones(calendars: CalendarInfo[], pages: readonly BookingPageView[]): CalendarInfo[] {
  return calendars.map((c) => {
    if (c.timeZone !== null) return c;
    const zones = new Set(pages.filter((p) => p.types.some((t) => t.calendarIds.includes(c.id))).map(pageZone));
    const [only] = zones;
    return zones.size === 1 && only ? { ...c, timeZone: only } : c;
  });
}

/**
 * The practice's zone: the one most of its calendars are in (as the list names them); else the one most of its
 * booking pages are in; else null.
 */
function practiceZone(calendars: CalendarInfo[], pages: readonly BookingPageView[]): string | null {
  return mostCommonZone(calendars.map((c) => c.timeZone)) ?? mostCommonZone(pages.map(pageZone));
}

/** Fresh from the service (and cached); the cached list when the service cannot be reached. */
export async function calendarList(deps: CoreContext, shared: SharedCalendarRead): Promise<CalendarList> {
  const account = signedInAccount(deps);
  const read = await readThrough(deps, account, listSlot, CACHE_KEY, async () => {
    // The waitlist's own calendar holds no visits: no screen lists it as a provider (api/waitlist-records.ts).
    const calendars = (await shared.read(account, 0))
      .filter((c) => c.name !== WAITLIST_CALENDAR)
      .map((c) => ({
        id: c.id,
        name: c.name,
        timeZone: c.time_zone && isZone(c.time_zone) ? c.time_zone : null,
      }));
    // The pages are read only when a calendar's zone is not named.
    const pages = calendars.some((c) => c.timeZone === null) ? await pagesHint(deps) : [];
    const list: CalendarList = {
      calendars: withPageZones(calendars, pages),
      practiceZone: practiceZone(calendars, pages),
      fetchedAt: deps.clock.now(),
      source: 'service',
    };
    return list;
  });
  deps.store.putPractice({ zone: read.value.practiceZone, calendars: read.value.calendars });
  return { ...read.value, fetchedAt: read.fetchedAt, source: read.source };
}

/**
 * The list as saved by its last read, with no service read (the first screen a host writes into its page draws from
 * it); null when none is saved.
 */
export async function savedCalendarList(
  deps: Pick<CoreContext, 'cache'>,
  account: string,
): Promise<CalendarList | null> {
  const hit = await deps.cache.get(account, listSlot, CACHE_KEY);
  return hit ? { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' } : null;
}

/**
 * The practice's zone as last learned (this run, else the saved list of an earlier one, which core then holds and
 * tells the screens), for telling queued changes' times and reckoning practice days; null when unknown.
 */
export async function knownPracticeZone(
  deps: Pick<CoreContext, 'account' | 'cache' | 'practiceZone'>,
): Promise<string | null> {
  const account = deps.account();
  if (!account) return null;
  const known = deps.practiceZone.get(account);
  if (known) return known;
  const saved = (await deps.cache.get(account, listSlot, CACHE_KEY))?.value.practiceZone ?? null;
  if (saved && deps.account() === account) deps.practiceZone.set(account, saved);
  return deps.practiceZone.get(account);
}
