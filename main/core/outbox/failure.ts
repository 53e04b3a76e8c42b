/**
 * What a failed attempt means for the op: wait and retry, wait for sign-in, ask the user, or (a delete that finds
 * nothing) done. Also whether the write may have reached the service, which decides reconciliation.
 */
import { SignedOutError } from '../auth/errors';
import { ServiceError } from '../api/service-error';
import type { KindSpec } from './kinds/spec';
import type { OpError, OutboxOp } from './types';

/** Where the failure happened: the reconciling lookup, or the write itself. */
export type Phase = 'reconcile' | 'send';

/** The decision. */
export type Outcome =
  | { type: 'retry'; error: OpError; ambiguous: boolean; retryAfterMs?: number }
  | { type: 'pause'; error: OpError }
  | { type: 'attention'; error: OpError; ambiguous: boolean }
  | { type: 'gone' };

/** Answers that say the request was not processed; any other retryable failure of a write may have applied it. */
const NOT_APPLIED = new Set([408, 425, 429]);

function opErrorOf(error: ServiceError, now: number, phase: Phase): OpError {
  const { status, serviceMessage, requiredScope } = error.details;
  const prefix =
    phase === 'reconcile' && error.kind !== 'retryable'
      ? 'Frontdesk could not check whether this change already reached the service: '
      : '';
  return {
    kind: error.kind,
    message: `${prefix}${error.message}`,
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(requiredScope !== undefined ? { requiredScope } : {}),
    at: now,
  };
}

/** Classifies `error` from `phase` of an attempt on `op`. */
export function classify(error: unknown, phase: Phase, op: OutboxOp, spec: KindSpec, now: number): Outcome {
  const sent = phase === 'send';
  if (error instanceof SignedOutError)
    return { type: 'pause', error: { kind: 'needs_auth', message: error.message, at: now } };
  if (!(error instanceof ServiceError)) {
    const message = 'Frontdesk hit an unexpected problem with this change. It was kept; try again or discard it.';
    return { type: 'attention', error: { kind: 'unexpected', message, at: now }, ambiguous: op.ambiguous || sent };
  }
  const opError = opErrorOf(error, now, phase);
  switch (error.kind) {
    case 'needs_auth':
      return { type: 'pause', error: opError };
    case 'retryable': {
      const applied = sent && !NOT_APPLIED.has(error.details.status ?? 0);
      const { retryAfterMs } = error.details;
      return {
        type: 'retry',
        error: opError,
        ambiguous: op.ambiguous || applied,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    }
    case 'invalid_response':
      // A 2xx we cannot read: the write probably happened. Ask rather than loop; a retry reconciles first.
      return { type: 'attention', error: opError, ambiguous: op.ambiguous || sent };
    case 'permanent':
      if (sent && spec.goneIsDone && error.details.status === 404) return { type: 'gone' };
      return { type: 'attention', error: opError, ambiguous: sent ? false : op.ambiguous };
    case 'scope':
      return { type: 'attention', error: opError, ambiguous: op.ambiguous };
  }
}
