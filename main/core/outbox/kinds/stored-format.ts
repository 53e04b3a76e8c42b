/**
 * How a kind's payload is kept on disk, and read back after an update. A payload carries the version of its
 * format (`payloadVersion` beside it in the op); reading runs the migrations from that version up to today's, in
 * order, then checks the result with today's schema. A payload that does not come out as today's shape is never
 * sent or shown: the outbox keeps its record aside and reports it (see stored-record.ts).
 *
 * A format changes only by adding a migration: `{ version: n + 1, up(payload of version n) → payload of n + 1 }`,
 * with today's schema describing version n + 1. Every kind's shape stored before payloads carried a version is
 * version 1; a kind that stored an older shape still (booking: version 0) starts from it and tells the two apart
 * in `unmarked`.
 */
import type { z } from 'zod';
import { parseUnknown } from '../../../../common/parse-unknown';

/** What the op keeps beside its payload that a migration may need. */
export interface StoredFacts {
  /** The appointment's start, epoch ms, as it was stored with the payload. */
  appointmentAt: number | null;
}

/** One step: turns a payload of `version - 1` into one of `version`. */
export interface Migration {
  version: number;
  up(old: Record<string, unknown>, facts: StoredFacts): Record<string, unknown>;
}

/** A kind's stored payload: today's schema and version, and the steps that lead to it. */
export interface PayloadFormat<P extends Record<string, unknown> = Record<string, unknown>> {
  /** The oldest version this app reads. */
  readonly first: number;
  /** Today's version: what a payload queued now is stored as. */
  readonly version: number;
  /** Today's shape (extra fields pass through where the service may accept more than the app knows). */
  readonly schema: z.ZodType<P>;
  readonly migrations: readonly Migration[];
  /** The version of a payload stored without one (before payloads carried it). */
  unmarked(payload: Record<string, unknown>): number;
}

/** Builds a format; the migrations must run first + 1, first + 2, … in order (`first` defaults to 1). */
export function payloadFormat<P extends Record<string, unknown>>(spec: {
  schema: z.ZodType<P>;
  first?: number;
  migrations?: readonly Migration[];
  unmarked?: (payload: Record<string, unknown>) => number;
}): PayloadFormat<P> {
  const first = spec.first ?? 1;
  const migrations = spec.migrations ?? [];
  migrations.forEach((m, i) => {
    if (m.version !== first + i + 1) throw new Error(`migration ${i} is to version ${m.version}, not ${first + i + 1}`);
  });
  return {
    first,
    version: first + migrations.length,
    schema: spec.schema,
    migrations,
    unmarked: spec.unmarked ?? (() => 1),
  };
}

/** A payload read from disk in today's shape; throws when it is of a newer version or does not fit. */
export function readPayload<P extends Record<string, unknown>>(
  format: PayloadFormat<P>,
  payload: Record<string, unknown>,
  version: number | undefined,
  facts: StoredFacts,
): P {
  const from = version ?? format.unmarked(payload);
  if (!Number.isInteger(from) || from < format.first) throw new Error(`payload version ${from} is not known`);
  if (from > format.version) throw new Error(`payload version ${from} is newer than this app's ${format.version}`);
  let current = payload;
  for (const step of format.migrations) if (step.version > from) current = step.up(current, facts);
  return parseUnknown(format.schema, current);
}
