/**
 * The next days of the schedule kept for offline work: read once after sign-in and at start, so a day never opened
 * while online still shows its appointments (to check patients in) when the network drops.
 */
import type { Agenda } from '../../../common/contract';
import type { ServiceRequester } from '../api/service-client';
import { cacheSlot, type ReadCache } from '../cache/read-cache';
import { agendaSchema } from '../cache/model-schemas';
import { readAgenda } from '../model/agenda';
import { practiceDays } from '../../../common/practice-time';
import { z } from 'zod';

/** How many days from today the saved schedule covers. */
const SAVED_SCHEDULE_DAYS = 7;

const KEY = 'calendar:saved-days';

/** The saved days: the instants read and the answer then. */
interface SavedDays {
  begin: string;
  end: string;
  agenda: Agenda;
}
const savedSlot = cacheSlot(
  'saved days',
  z.object({ begin: z.string(), end: z.string(), agenda: agendaSchema }) satisfies z.ZodType<SavedDays>,
);

/**
 * Reads and saves today and the next days, plus the past week (so the Week view holding today is whole too): whole
 * practice days in `zone` (the practice's), from the first midnight to the last. `names` reads the calendar names (by
 * default a list read of its own).
 */
export async function saveScheduleDays(
  service: ServiceRequester,
  cache: ReadCache,
  account: string,
  now: number,
  zone: string,
  names?: () => Promise<Map<number, string>>,
): Promise<void> {
  const { begin, end } = practiceDays(now, zone, 7, SAVED_SCHEDULE_DAYS);
  const agenda = await readAgenda(service, begin, end, now, names);
  await cache.put(account, savedSlot, KEY, { begin, end, agenda }, now);
}

/** The saved appointments starting in [begin, end] when the saved days cover that range; null otherwise. */
export async function savedScheduleDays(
  cache: ReadCache,
  account: string,
  begin: string,
  end: string,
): Promise<Agenda | null> {
  const hit = await cache.get(account, savedSlot, KEY);
  if (!hit) return null;
  const [from, to] = [Date.parse(begin), Date.parse(end)];
  if (!(from >= Date.parse(hit.value.begin) && to <= Date.parse(hit.value.end))) return null;
  const items = hit.value.agenda.items.filter((i) => {
    const at = Date.parse(i.start);
    return at >= from && at <= to;
  });
  return { items, fetchedAt: hit.fetchedAt, source: 'cache' };
}
