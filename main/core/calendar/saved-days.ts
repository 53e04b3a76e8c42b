/**
 * The next days of the schedule kept for offline work: read once after sign-in and at start, so a day never opened
 * while online still shows its appointments (to check patients in) when the network drops.
 */
import type { Agenda } from '../../../common/contract';
import type { ServiceRequester } from '../api/service-client';
import { cacheSlot, type ReadCache } from '../cache/read-cache';
import { agendaSchema } from '../cache/model-schemas';
import { readAgenda } from '../model/agenda';
import { z } from 'zod';

/** How many days from today the saved schedule covers. */
const SAVED_SCHEDULE_DAYS = 7;

const DAY_MS = 86_400_000;
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
 * Reads and saves today and the next days, plus the past week (so the Week view holding today is whole too) and a
 * day more at the end (so the last day is whole in any zone).
 */
export async function saveScheduleDays(
  service: ServiceRequester,
  cache: ReadCache,
  account: string,
  now: number,
): Promise<void> {
  const begin = new Date(now - 7 * DAY_MS).toISOString();
  const end = new Date(now + (SAVED_SCHEDULE_DAYS + 1) * DAY_MS).toISOString();
  const agenda = await readAgenda(service, begin, end, now);
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
