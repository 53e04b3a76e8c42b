/** `outbox:*` handlers: the signed-in account's queued changes and the work held for others. */
import type { OutboxHost } from '../outbox';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';

/** Builds the outbox handlers. */
export function outboxHandlers(deps: { outbox: OutboxHost }) {
  const { outbox } = deps;
  return {
    'outbox:list': () => serviceResult(async () => outbox.list()),
    'outbox:summary': () => serviceResult(async () => outbox.summary()),
    'outbox:retry': ({ id }) => serviceResult(() => outbox.retry(id)),
    'outbox:retry-now': () =>
      serviceResult(async () => {
        outbox.retryNow();
        return outbox.summary();
      }),
    'outbox:send-anyway': ({ id }) => serviceResult(() => outbox.sendAnyway(id)),
    'outbox:discard': ({ id }) => serviceResult(() => outbox.discard(id)),
    'outbox:discard-held': ({ account }) => serviceResult(() => outbox.discardHeld(account)),
    'outbox:acknowledge-kept-aside': () => serviceResult(() => outbox.acknowledgeKeptAside()),
    'outbox:start-afresh': () => serviceResult(() => outbox.startAfresh()),
  } satisfies DomainHandlers<'outbox'>;
}
