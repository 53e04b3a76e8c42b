/** Calendar reads with the cache: fresh when possible, the last good answer when offline. */
import type { Agenda, MarkState, OutboxItem } from '../../../preload/contract';
import { toItem } from '../changes/outbox-items';
import type { ServiceClient } from '../api/service-client';
import { ServiceError } from '../api/service-error';
import { SignedOutError } from '../auth/errors';
import type { ReadCache } from '../cache/read-cache';
import type { OpView, Outbox } from '../outbox';
import type { Clock } from '../platform';
import { agendaCacheKey, readAgenda } from './agenda';
import { pendingAgendaItems } from './pending-items';

/** What calendar reads need. */
export interface CalendarDeps {
  service: ServiceClient;
  cache: ReadCache;
  clock: Clock;
  account(): string | null;
  /** Unfinished changes of the signed-in account (optimistic rows). */
  pendingChanges(): readonly OpView[];
}

/** Adds the not-yet-confirmed bookings of the range (in time order) and marks made here. */
function withPending(deps: CalendarDeps, agenda: Agenda, begin: string, end: string): Agenda {
  const changes = deps.pendingChanges();
  const marks = new Map<number, string>();
  for (const op of changes)
    if (op.kind === 'event.mark' && typeof op.payload.id === 'number')
      marks.set(op.payload.id, String(op.payload.state));
  const pending = pendingAgendaItems(changes, begin, end);
  if (pending.length === 0 && marks.size === 0) return agenda;
  const items = [...agenda.items, ...pending]
    .map((item) => (marks.has(item.id) ? { ...item, pendingMark: marks.get(item.id)! } : item))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return { ...agenda, items };
}

/** Queues a mark of every participant of an appointment. */
export async function markAppointment(
  deps: CalendarDeps & { outbox(): Outbox },
  eventId: number,
  state: MarkState,
  startsAt: string,
): Promise<OutboxItem> {
  if (!deps.account()) throw new SignedOutError();
  return toItem(await deps.outbox().enqueue('event.mark', { id: eventId, state }, { startsAt }));
}

/** The cached answer for a range, or null. */
export async function cachedAgenda(deps: CalendarDeps, begin: string, end: string): Promise<Agenda | null> {
  const account = deps.account();
  if (!account) throw new SignedOutError();
  const hit = await deps.cache.get<Agenda>(account, agendaCacheKey(begin, end));
  return hit ? withPending(deps, { ...hit.value, fetchedAt: hit.fetchedAt, source: 'cache' }, begin, end) : null;
}

/** Fresh from the service (and cached); when the service cannot be reached, the cached answer. */
export async function liveAgenda(deps: CalendarDeps, begin: string, end: string): Promise<Agenda> {
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
