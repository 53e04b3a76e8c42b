/** Shared pieces of the outbox unit tests: ops, an in-memory settings store, a keystore-less cipher, a scripted service. */
import type { z } from 'zod';
import type { ServiceRequest, ServiceRequester } from '../../../main/core/api/service-client';
import { ServiceError } from '../../../main/core/api/service-error';
import { Outbox, type OutboxOp, type OutboxOptions } from '../../../main/core/outbox';
import {
  systemClock,
  type Clock,
  type KeyValueStore,
  type Logger,
  type SecretCipher,
} from '../../../main/core/platform';

/** An op with defaults. */
export function makeOp(over: Partial<OutboxOp> = {}): OutboxOp {
  const id = over.id ?? `op-${Math.random().toString(36).slice(2)}`;
  return {
    id,
    seq: 1,
    accountKey: 'acct',
    kind: 'contact.create',
    payload: { address_book_id: 1, name: 'Zyxwvut Quixote', phone: '312-555-0199', external_id: id },
    payloadVersion: 1,
    recordKeys: [`contact:x:${id}`],
    appointmentAt: null,
    createdAt: 1,
    updatedAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    lastError: null,
    status: 'queued',
    ambiguous: false,
    firstSentAt: null,
    result: null,
    finishedAt: null,
    ...over,
  };
}

/** Settings in a Map. */
export function memorySettings(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: (k) => map.get(k), set: (k, v) => void map.set(k, v), delete: (k) => void map.delete(k) };
}

/** A cipher whose availability the test switches (reversible, obviously not secure). */
export function switchableCipher(available = true): SecretCipher & { available: boolean } {
  const c = {
    available,
    status: async () => ({ available: c.available, backend: 'test' }),
    encrypt: async (plain: string) => Buffer.from(`sealed:${Buffer.from(plain).toString('hex')}`),
    decrypt: async (data: Uint8Array) => {
      const text = Buffer.from(data).toString();
      if (!text.startsWith('sealed:')) throw new Error('not sealed');
      return Buffer.from(text.slice(7), 'hex').toString();
    },
  };
  return c;
}

/** A recorded request. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  query: Record<string, unknown> | undefined;
}

/** A ServiceRequester that answers from a script (not fetch: these are unit tests of the outbox logic). */
export class ScriptedService implements ServiceRequester {
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(public answer: (call: Call) => unknown | Promise<unknown>) {}

  async request<S extends z.ZodType>(req: ServiceRequest<S>): Promise<z.output<S>> {
    const call = { method: req.method, path: req.path, body: req.body, query: req.query };
    this.calls.push(call);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const parsed = req.schema.safeParse(await this.answer(call));
      if (parsed.success) return parsed.data;
      // As the real client does: an unexpected shape is a typed failure naming the endpoint.
      throw new ServiceError(
        'invalid_response',
        `${req.method} ${req.path}`,
        `The service sent an answer Frontdesk does not understand (${req.method} ${req.path}).`,
        { status: 200 },
      );
    } finally {
      this.inFlight--;
    }
  }
}

/** The one record of a write body (`{contacts:[x]}` / `{events:[x]}`) or the body itself. */
export function recordOf(call: Call): Record<string, unknown> {
  const body = (call.body ?? {}) as Record<string, unknown>;
  const list = (body.contacts ?? body.events) as Array<Record<string, unknown>> | undefined;
  return list?.[0] ?? body;
}

/** What a unit-test outbox is opened with. */
export interface Harness {
  dataDir: string;
  service: ScriptedService;
  settings?: KeyValueStore;
  cipher?: SecretCipher;
  clock?: Clock;
  online?: () => boolean;
  account?: () => string | null;
  options?: OutboxOptions;
  log?: Logger;
}

/** Opens an outbox on `dataDir` with in-memory settings, a test cipher and a scripted service. */
export function openTestOutbox(h: Harness): Promise<Outbox> {
  return Outbox.open(
    {
      dataDir: h.dataDir,
      cipher: h.cipher ?? switchableCipher(),
      settings: h.settings ?? memorySettings(),
      clock: h.clock ?? systemClock,
      log: h.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined },
      random: () => 0.5,
      service: h.service,
      isOnline: h.online ?? (() => true),
      activeAccount: h.account ?? (() => 'acct'),
    },
    { baseDelayMs: 1, maxDelayMs: 5, ...h.options },
  );
}

/** A 404 as the client reports it. */
export function notFound(endpoint = 'GET /v1/x'): ServiceError {
  return new ServiceError('permanent', endpoint, 'not found', { status: 404 });
}

/** A lost answer (reset / timeout) as the client reports it. */
export function lostAnswer(endpoint = 'POST /v1/x'): ServiceError {
  return new ServiceError('retryable', endpoint, 'Frontdesk cannot reach the service right now.');
}
