/**
 * A log record as it is read back from disk: every field checked, never cast. A put's payload is read with its
 * kind's stored format (kinds/stored-format.ts): brought from the version it was written in to today's, then checked
 * with today's schema. A record that does not come out right is not replayed: its line is kept aside byte for byte
 * and counted as a change that could not be read, like a damaged line (log-file.ts), so it is never sent or shown.
 */
import { z } from 'zod';
import { KINDS } from './kinds';
import { readPayload } from './kinds/stored-format';
import { OP_KINDS, type HeadRecord, type LogRecord, type OpError, type OpResult, type OutboxOp } from './types';

const opError = z.object({
  kind: z.enum([
    'retryable',
    'needs_auth',
    'scope',
    'permanent',
    'invalid_response',
    'time_passed',
    'held',
    'unexpected',
  ]),
  message: z.string(),
  serviceMessage: z.string().optional(),
  status: z.number().optional(),
  requiredScope: z.string().optional(),
  at: z.number(),
}) satisfies z.ZodType<OpError>;

const opResult = z.object({
  id: z.number().nullable(),
  state: z.string().optional(),
  calendarName: z.string().optional(),
  reconciled: z.boolean().optional(),
  steps: z.number().int().nonnegative().optional(),
}) satisfies z.ZodType<OpResult>;

const opState = z.object({
  status: z.enum(['queued', 'sending', 'needs_attention', 'done']),
  attempts: z.number(),
  nextAttemptAt: z.number(),
  lastError: opError.nullable(),
  ambiguous: z.boolean(),
  firstSentAt: z.number().nullable(),
  result: opResult.nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
});

/** An op as stored, its payload not yet read with its kind's format. */
const storedOp = opState.extend({
  id: z.string().min(1),
  seq: z.number(),
  accountKey: z.string(),
  kind: z.enum(OP_KINDS),
  payload: z.record(z.string(), z.unknown()),
  payloadVersion: z.number().int().optional(),
  recordKeys: z.array(z.string()),
  appointmentAt: z.number().nullable(),
  zone: z.string().nullable().optional(),
  createdAt: z.number(),
});

/** The op with its payload in today's version, or an issue saying why the payload cannot be read. */
const readOp = storedOp.transform((op, ctx): OutboxOp => {
  const format = KINDS[op.kind].format;
  try {
    const payload = readPayload(format, op.payload, op.payloadVersion, { appointmentAt: op.appointmentAt });
    return { ...op, payload, payloadVersion: format.version };
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `the ${op.kind} payload cannot be read: ${(error as Error).message}` });
    return z.NEVER;
  }
});

const headRecord = z.object({
  t: z.literal('head'),
  file: z.string().min(1),
  from: z.object({ file: z.string(), seq: z.number() }).nullable(),
}) satisfies z.ZodType<HeadRecord>;

/** Any record a log line may hold. */
export const storedRecord: z.ZodType<LogRecord | HeadRecord> = z.discriminatedUnion('t', [
  headRecord,
  z.object({ t: z.literal('put'), op: readOp }),
  z.object({ t: z.literal('upd'), id: z.string().min(1), s: opState.partial() }),
  z.object({ t: z.literal('del'), id: z.string().min(1) }),
]);
