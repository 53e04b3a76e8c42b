/** What the outbox knows about each kind of write: payload check, record keys, how to send and how to reconcile. */
import { z } from 'zod';
import type { PayloadFormat } from './stored-format';
import type { ServiceRequester } from '../../api/service-client';
import type { OpResult, OutboxOp } from '../types';

/** Settings reconciliation needs. */
export interface ReconcileContext {
  /** Clock-skew margin when asking for records made since the first attempt. */
  lookbackMs: number;
  /** The same margin for texts (narrower: the same words may well be sent to a thread twice in one morning). */
  textLookbackMs: number;
}

/** An op as a kind sees it: its payload already passed the kind's schema (at enqueue or edit, and read from disk). */
export type QueuedOp<P> = Omit<OutboxOp, 'payload'> & { payload: P };

/**
 * One kind of write, typed by its payload `P` (what its format's schema outputs). The table in index.ts holds them
 * as `KindSpec` (any payload): the outbox only hands a kind payloads its own format accepted.
 */
export interface KindSpec<P extends Record<string, unknown> = Record<string, unknown>> {
  /** The payload as it is stored: today's schema, its version and the migrations from older ones. */
  format: PayloadFormat<P>;
  /** Creates get the op's UUID as external_id unless the caller gave one. */
  create: boolean;
  /** A 404 means the goal is already reached (deletes). */
  goneIsDone: boolean;
  /** Keys of the records this write touches (ordering). */
  recordKeys(payload: P): string[];
  /** Start of the appointment, epoch ms, or null. `hint` is the caller's startsAt. */
  appointmentAt(payload: P, hint: number | null): number | null;
  send(service: ServiceRequester, payload: P): Promise<OpResult>;
  /** For non-idempotent writes: the record an ambiguous attempt made, or null if it did not reach the service. */
  reconcile?(service: ServiceRequester, op: QueuedOp<P>, ctx: ReconcileContext): Promise<OpResult | null>;
  /**
   * For a write of more than one request (a move to another calendar), in place of `send`: `progress` records a step's
   * outcome durably (as the op's result) before the next step, and `op.result` holds what earlier attempts finished, so
   * an attempt resumes after the last step done. `sentBefore`: an earlier attempt went out (its answer may be lost).
   */
  resume?(
    service: ServiceRequester,
    op: QueuedOp<P>,
    steps: { sentBefore: boolean; progress(result: OpResult): Promise<void> },
  ): Promise<OpResult>;
  /**
   * For writes that must not go out late (texts): why the op is held instead of sent now, or null to send. Checked
   * after any reconciliation, right before each attempt; a held op waits for the user (needs attention).
   */
  stale?(op: QueuedOp<P>, now: number): string | null;
}

/** A positive id as the app holds it. */
export const refId = z.number().int().positive();
/** An external id (sandbox bound: 200 characters). */
export const refExternalId = z.string().min(1).max(200);

/** `{id?, external_id?}` with at least one, other fields passed through. */
export const recordRef = z
  .looseObject({ id: refId.optional(), external_id: refExternalId.optional() })
  .refine((r) => r.id !== undefined || r.external_id !== undefined, 'id or external_id is required');

/** `contact:x:<external_id>` when known (stable from creation on), else `contact:i:<id>`; same for events. */
export function recordKeyOf(type: 'contact' | 'event', ref: { id?: unknown; external_id?: unknown }): string {
  return typeof ref.external_id === 'string' && ref.external_id !== ''
    ? `${type}:x:${ref.external_id}`
    : `${type}:i:${String(ref.id)}`;
}

/** Epoch ms of an ISO-8601 time that carries Z or an offset; null for a bare wall time (its zone is unknown here). */
export function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value.trim())) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The id of a record the service returned (the app's ids are integers). */
export function done(record: { id: number } | null, extra: Partial<OpResult> = {}): OpResult {
  return { id: record ? record.id : null, ...extra };
}
