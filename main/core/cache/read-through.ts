/**
 * Every read of core goes through here: fresh from the service, kept in the read cache, and — only when the service
 * cannot be reached (a network failure, a timeout, a busy service) — the answer kept last time. Any other error (a
 * refused scope, a bad request, a signed-out account) is the caller's, never hidden behind an old copy. This is the
 * one place that decides what "cannot be reached" means for a read (test/unit/lint/read-through.test.ts keeps it so).
 */
import { ServiceError } from '../api/service-error';
import type { CacheSlot, ReadCache } from './read-cache';

/** An answer and where it came from. */
export interface Read<T> {
  value: T;
  /** When the service gave it (epoch ms). */
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** True when the service could not be reached: the one failure a saved answer stands in for. */
export function unreachable(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.kind === 'retryable';
}

/**
 * `fresh()`; when the service cannot be reached, `saved()` instead — and when nothing is saved (null), the error
 * that said so. For reads whose saved answer is not one cache slot (days saved for offline work, a wider search).
 */
export async function freshOrSaved<T>(fresh: () => Promise<T>, saved: () => Promise<T | null>): Promise<T> {
  try {
    return await fresh();
  } catch (error) {
    if (!unreachable(error)) throw error;
    const kept = await saved();
    if (kept === null) throw error;
    return kept;
  }
}

/** What a read through the cache needs. */
export interface ReadThroughDeps {
  cache: ReadCache;
  clock: { now(): number };
}

/** How one read goes through the cache. */
export interface ReadThroughOptions<T> {
  /**
   * What stands in when the service cannot be reached (default: the slot's copy under `key`); null means nothing
   * does, and the error is thrown.
   */
  saved?: () => Promise<Read<T> | null>;
  /** Answer before the offline copy is on disk (a failed write is logged; the answer was already shown). */
  background?: boolean;
  /** When the read began, if the caller took that time already (one read, one time); else now. */
  startedAt?: number;
}

/**
 * Fresh from the service and put in the read cache under `key`; when the service cannot be reached, the saved
 * answer (`source: 'cache'`).
 */
export function readThrough<T>(
  deps: ReadThroughDeps,
  account: string,
  slot: CacheSlot<T>,
  key: string,
  fresh: () => Promise<T>,
  options: ReadThroughOptions<T> = {},
): Promise<Read<T>> {
  return freshOrSaved<Read<T>>(
    async () => {
      const fetchedAt = options.startedAt ?? deps.clock.now();
      const value = await fresh();
      if (options.background) deps.cache.remember(account, slot, key, value, fetchedAt);
      else await deps.cache.put(account, slot, key, value, fetchedAt);
      return { value, fetchedAt, source: 'service' };
    },
    options.saved ??
      (async () => {
        const hit = await deps.cache.get(account, slot, key);
        return hit ? { ...hit, source: 'cache' } : null;
      }),
  );
}
