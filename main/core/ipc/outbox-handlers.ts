/** `outbox:*` handlers: the signed-in account's queued changes and the work held for others. */
import type { ChangesService } from '../changes/changes-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the outbox handlers. */
export function outboxHandlers(deps: { changes: ChangesService; retryNow(): void }) {
  const { changes } = deps;
  return {
    'outbox:list': () => serviceResult(async () => changes.list()),
    'outbox:summary': () => serviceResult(async () => changes.summary()),
    'outbox:retry': ({ id }) => serviceResult(() => changes.retry(id)),
    'outbox:retry-now': () =>
      serviceResult(async () => {
        deps.retryNow();
        return changes.summary();
      }),
    'outbox:send-anyway': ({ id }) => serviceResult(() => changes.sendAnyway(id)),
    'outbox:discard': ({ id }) => serviceResult(() => changes.discard(id)),
    'outbox:discard-held': ({ account }) => serviceResult(() => changes.discardHeld(account)),
    'outbox:acknowledge-kept-aside': () => serviceResult(() => changes.acknowledgeKeptAside()),
  } satisfies DomainHandlers<'outbox'>;
}
