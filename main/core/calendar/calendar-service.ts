/** Calendar reads with the cache: fresh when possible, the last good answer when offline. */
import type { Agenda, AgendaChanges, AgendaItem, MarkState, OutboxItem } from '../../../preload/contract';
import { getEvent, listEventsInRange } from '../api/calendar-api';
import { toItem } from '../outbox/outbox-items';
import { ServiceError } from '../api/service-error';
import { SignedOutError } from '../auth/errors';
import type { CoreContext } from '../core-context';
import { agendaCacheKey, readAgenda, toItem as toAgendaItem } from './agenda';
import { knownPracticeZone } from './calendar-list';
import { applyPending, applyPendingAll, withPendingChanges } from './pending-items';
import { savedScheduleDays } from './saved-days';

/** Adds the changes made here that the service has not confirmed yet. */
function withPending(deps: CoreContext, agenda: Agenda, begin: string, end: string): Agenda {
  return withPendingChanges(deps.outbox.pending(), agenda, begin, end);
}

/** Queues a mark of every participant of an appointment. */
export async function markAppointment(
  deps: CoreContext,
  eventId: number,
  state: MarkState,
  startsAt: string,
  who?: string,
): Promise<OutboxItem> {
  if (!deps.account()) throw new SignedOutError();
  const label = who?.trim() ? { who: who.trim() } : {};
  const zone = await knownPracticeZone(deps);
  return toItem(await deps.outbox.get().enqueue('event.mark', { id: eventId, state, ...label }, { startsAt, zone }));
}

/** The cached answer for a range (or the days saved for offline work, when newer), or null. */
export async function cachedAgenda(deps: CoreContext, begin: string, end: string): Promise<Agenda | null> {
  const account = deps.account();
  if (!account) throw new SignedOutError();
  const hit = await deps.cache.get<Agenda>(account, agendaCacheKey(begin, end));
  const asked: Agenda | null = hit ? { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' } : null;
  const saved = await savedScheduleDays(deps.cache, account, begin, end);
  const newest = saved && (!asked || saved.fetchedAt > asked.fetchedAt) ? saved : asked;
  return newest ? withPending(deps, newest, begin, end) : null;
}

/** Fresh from the service (and cached); when the service cannot be reached, the cached answer. */
export async function liveAgenda(deps: CoreContext, begin: string, end: string): Promise<Agenda> {
  const account = deps.account();
  if (!account) throw new SignedOutError();
  try {
    const agenda = await readAgenda(deps.service, begin, end, deps.clock.now());
    await deps.cache.put(account, agendaCacheKey(begin, end), agenda, agenda.fetchedAt);
    return withPending(deps, agenda, begin, end);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'retryable') {
      const cached = await cachedAgenda(deps, begin, end);
      if (cached) return cached;
      const waiting = withPending(deps, { items: [], fetchedAt: deps.clock.now(), source: 'unavailable' }, begin, end);
      if (waiting.items.length > 0) return waiting;
    }
    throw error;
  }
}

/**
 * What changed in the range since `since`: changed and new appointments (with changes made here laid over them)
 * and the ids deleted. A service that refuses `updated_since` gets a full read of the range instead (`full`).
 */
export async function agendaChanges(
  deps: CoreContext,
  args: { begin: string; end: string; since: string },
): Promise<AgendaChanges> {
  if (!deps.account()) throw new SignedOutError();
  const now = deps.clock.now();
  let events;
  try {
    events = await listEventsInRange(deps.service, args.begin, args.end, {
      updatedSince: args.since,
      includeDeleted: true,
    });
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind !== 'permanent') throw error;
    const agenda = await liveAgenda(deps, args.begin, args.end);
    return { items: agenda.items, removedIds: [], full: true, fetchedAt: now };
  }
  const removedIds = events.filter((e) => e.is_deleted).map((e) => e.id);
  const live = events.filter((e) => !e.is_deleted).map((e) => toAgendaItem(e, new Map()));
  const ops = deps.outbox.pending();
  return { items: applyPendingAll(live, ops), removedIds, full: false, fetchedAt: now };
}

/** One appointment, fresh, with recent messages when the service includes them. */
export async function appointmentDetail(deps: CoreContext, id: number): Promise<AgendaItem> {
  if (!deps.account()) throw new SignedOutError();
  return applyPending(toAgendaItem(await getEvent(deps.service, id), new Map()), deps.outbox.pending());
}
