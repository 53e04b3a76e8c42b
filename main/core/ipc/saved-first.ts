/**
 * A read answered in one bridge call: with the saved answer at once when there is one, and the fresh answer after
 * it as `store:changed` (its `fresh`), so a screen paints what it showed last time and then puts the service's
 * answer in place without asking twice. With nothing saved, the call waits for the fresh answer itself.
 */
import type { FreshRead, Result, ToldAnswer } from '../../../common/contract';
import type { EventBus } from '../events';
import type { Logger } from '../platform';
import { fail, ok, serviceResult } from './result';

/** What a saved-first read needs of core. */
export interface SavedFirstDeps {
  events: EventBus;
  log: Logger;
}

/**
 * The saved answer at once when there is one, else the fresh answer (or its failure). Either way the fresh answer
 * is also told through `tell` when it lands, so the screen waits for that one event alone: after a saved answer it
 * brings the service's, after a fresh one it repeats it. A saved copy that cannot be read counts as none.
 */
export async function savedFirst<T>(
  deps: SavedFirstDeps,
  saved: () => Promise<T | null>,
  fresh: () => Promise<T>,
  tell: (answer: ToldAnswer<T>) => FreshRead,
): Promise<Result<T>> {
  const told = serviceResult(fresh)
    .catch((error: Error): Result<T> => {
      deps.log.warn('a fresh read failed after its saved answer', { reason: error.message });
      return fail('internal', 'Something went wrong inside Frontdesk. Nothing you entered was lost; please try again.');
    })
    .then((answer) => {
      const told: ToldAnswer<T> = answer.ok
        ? answer
        : { ok: false, kind: answer.error.code, message: answer.error.message };
      deps.events.emit('store:changed', { appointments: [], removedAppointments: [], bookings: [], fresh: tell(told) });
      return answer;
    });
  const kept = await saved().catch(() => null);
  return kept === null ? told : ok(kept);
}
