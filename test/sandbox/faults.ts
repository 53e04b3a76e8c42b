/** Fault injection for /v1/*, /oauth/token and /oauth/revoke: latency, failures, resets, 429s, offline. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from './errors';
import { createRng, pick, type Rng } from './prng';

/** Body of POST /__sandbox/faults (strict: unknown keys are a 400). */
export const FaultConfigSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  /** A read (GET) is answered as the data stood when it arrived, and the answer reaches the client this much later. */
  answerLatencyMs: z.number().int().min(0).max(60_000).optional(),
  failRate: z.number().min(0).max(1).optional(),
  failStatus: z.array(z.number().int().min(400).max(599)).min(1).max(20).optional(),
  resetRate: z.number().min(0).max(1).optional(),
  resetAfterApply: z.boolean().optional(),
  rateLimit: z
    .strictObject({
      status: z.number().int().min(400).max(599).default(429),
      retryAfterS: z.number().int().min(0).max(86_400).default(1),
      count: z.number().int().min(1).optional(),
    })
    .optional(),
  offline: z.boolean().optional(),
  routes: z.array(z.string().startsWith('/').max(200)).max(50).optional(),
  /** Only requests of these methods (e.g. the POST of /v1/events, not its GET); every method when absent. */
  methods: z
    .array(z.enum(['GET', 'POST', 'PUT', 'DELETE']))
    .min(1)
    .max(4)
    .optional(),
  seed: z.number().int().optional(),
});
/** A validated fault configuration. */
export type FaultConfig = z.output<typeof FaultConfigSchema>;

/** How many requests each fault kind hit. */
export interface FaultCounters {
  latency: number;
  fail: number;
  reset: number;
  resetAfterApply: number;
  rateLimit: number;
  offline: number;
}

const DEFAULT_FAIL_STATUS = [500, 502, 503] as const;
const resetAfter = new WeakSet<FastifyRequest>();

/** Paths faults may touch; never /__sandbox/* nor the HTML portal. */
function faultEligible(path: string): boolean {
  return path.startsWith('/v1/') || path === '/v1' || path === '/oauth/token' || path === '/oauth/revoke';
}

/** Holds the active fault configuration and applies it from fastify hooks. */
export class FaultController {
  private config: FaultConfig | null = null;
  private rng: Rng;
  private remainingRateLimited: number | null = null;
  counters: FaultCounters = emptyCounters();

  constructor(private readonly defaultSeed: number) {
    this.rng = createRng(defaultSeed);
  }

  /** Replaces the configuration (not a merge) and reseeds the PRNG for reproducible runs. */
  set(config: FaultConfig): void {
    this.config = config;
    this.rng = createRng(config.seed ?? this.defaultSeed);
    this.remainingRateLimited = config.rateLimit?.count ?? null;
  }

  /** The active configuration plus what is left of a counted rate limit. */
  get(): { faults: FaultConfig | null; rateLimitRemaining: number | null } {
    return { faults: this.config, rateLimitRemaining: this.remainingRateLimited };
  }

  /** Clears faults (keeps counters). */
  clear(): void {
    this.config = null;
    this.remainingRateLimited = null;
  }

  /** Clears faults and counters. */
  reset(): void {
    this.clear();
    this.counters = emptyCounters();
    this.rng = createRng(this.defaultSeed);
  }

  /** onRequest hook. Order: offline → latency → rate limit → failRate → reset (before or after the handler). */
  async onRequest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const c = this.config;
    if (!c) return;
    const path = req.url.split('?')[0] ?? '';
    if (!faultEligible(path)) return;
    if (c.routes && !c.routes.some((r) => path.startsWith(r))) return;
    if (c.methods && !c.methods.some((m) => m === req.method)) return;
    if (c.offline) {
      this.counters.offline++;
      return kill(req, reply);
    }
    if (c.latencyMs) {
      this.counters.latency++;
      await new Promise((r) => setTimeout(r, c.latencyMs));
    }
    if (c.rateLimit && this.remainingRateLimited !== 0) {
      if (this.remainingRateLimited !== null) this.remainingRateLimited--;
      this.counters.rateLimit++;
      const body = errorBody('rate_limited', `too many requests (injected); retry after ${c.rateLimit.retryAfterS}s`);
      await reply.code(c.rateLimit.status).header('retry-after', String(c.rateLimit.retryAfterS)).send(body);
      return;
    }
    if (c.failRate && this.rng() < c.failRate) {
      this.counters.fail++;
      const status = pick(this.rng, c.failStatus ?? DEFAULT_FAIL_STATUS);
      await reply.code(status).send(errorBody('injected_fault', `injected failure ${status}`));
      return;
    }
    if (c.resetRate && this.rng() < c.resetRate) {
      if (c.resetAfterApply) {
        this.counters.resetAfterApply++;
        resetAfter.add(req);
      } else {
        this.counters.reset++;
        return kill(req, reply);
      }
    }
  }

  /**
   * onSend hook, first: a read's answer, already made, is held `answerLatencyMs` (what a client sees of a slow network
   * on the way back: an answer older than the writes that land meanwhile).
   */
  async holdAnswer(req: FastifyRequest): Promise<void> {
    const c = this.config;
    if (!c?.answerLatencyMs || req.method !== 'GET') return;
    const path = req.url.split('?')[0] ?? '';
    if (!faultEligible(path) || (c.routes && !c.routes.some((r) => path.startsWith(r)))) return;
    this.counters.latency++;
    await new Promise((r) => setTimeout(r, c.answerLatencyMs));
  }

  /** onSend hook: for reset-after-apply requests the handler already ran; drop the response. True if dropped. */
  onSend(req: FastifyRequest): boolean {
    if (!resetAfter.has(req)) return false;
    req.raw.socket?.destroy();
    return true;
  }

  /** Whether the connection was destroyed before the handler (offline, reset). */
  static killedEarly(req: FastifyRequest): boolean {
    return killed.has(req);
  }

  /** Whether this request's connection was (or will be) destroyed by a fault. */
  static wasKilled(req: FastifyRequest): boolean {
    return resetAfter.has(req) || killed.has(req);
  }
}

const killed = new WeakSet<FastifyRequest>();

function kill(req: FastifyRequest, reply: FastifyReply): void {
  killed.add(req);
  reply.hijack();
  req.raw.socket?.destroy();
}

function emptyCounters(): FaultCounters {
  return { latency: 0, fail: 0, reset: 0, resetAfterApply: 0, rateLimit: 0, offline: 0 };
}
