/** Calendar reads with the cache: fresh when possible, the last good answer when offline. */
import type { Agenda } from '../../../preload/contract';
import type { ServiceClient } from '../api/service-client';
import { ServiceError } from '../api/service-error';
import { SignedOutError } from '../auth/errors';
import type { ReadCache } from '../cache/read-cache';
import type { Clock } from '../platform';
import { agendaCacheKey, readAgenda } from './agenda';

/** What calendar reads need. */
export interface CalendarDeps {
  service: ServiceClient;
  cache: ReadCache;
  clock: Clock;
  account(): string | null;
}

/** The cached answer for a range, or null. */
export async function cachedAgenda(deps: CalendarDeps, begin: string, end: string): Promise<Agenda | null> {
  const account = deps.account();
  if (!account) throw new SignedOutError();
  const hit = await deps.cache.get<Agenda>(account, agendaCacheKey(begin, end));
  return hit ? { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' } : null;
}

/** Fresh from the service (and cached); when the service cannot be reached, the cached answer. */
export async function liveAgenda(deps: CalendarDeps, begin: string, end: string): Promise<Agenda> {
  const account = deps.account();
  if (!account) throw new SignedOutError();
  try {
    const agenda = await readAgenda(deps.service, begin, end, deps.clock.now());
    await deps.cache.put(account, agendaCacheKey(begin, end), agenda, agenda.fetchedAt);
    return agenda;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'retryable') {
      const cached = await cachedAgenda(deps, begin, end);
      if (cached) return cached;
    }
    throw error;
  }
}
