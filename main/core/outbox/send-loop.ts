/**
 * Sends queued ops of the active account: oldest unfinished op per record only, a bounded number at once, backoff
 * with full jitter and Retry-After on retryable failures, reconciliation before resending anything ambiguous, and
 * `sending` made durable before each request so a crash mid-request is known to be ambiguous on restart.
 */
import type { ServiceRequester } from '../api/service-client';
import type { Clock, Logger } from '../platform';
import { backoffWait, RetryTimer, type Backoff } from '../../../common/retry-timer';
import { classify, type Outcome, type Phase } from './failure';
import type { ReconcileContext } from './kinds/spec';
import { KINDS } from './kinds';
import type { OpStore } from './op-store';
import type { OpError, OpResult, OutboxOp, WakeReason } from './types';

/** What the sender needs. */
export interface SenderDeps {
  store: OpStore;
  service: ServiceRequester;
  clock: Clock;
  log: Logger;
  random: () => number;
  isOnline(): boolean;
  activeAccount(): string | null;
  concurrency: number;
  /** Each op's own backoff (its attempts are its failures), with full jitter from `random`. */
  backoff: Omit<Backoff, 'random'>;
  reconcile: ReconcileContext;
}

/** Wait after a failed durable write before trying that op again. */
const STORAGE_RETRY_MS = 30_000;

/** The send loop. */
export class Sender {
  private readonly inflight = new Map<string, Promise<void>>();
  /**
   * Ops in flight whose request is over and whose answer is being made durable: they keep their op (not picked again,
   * not editable) but not a request slot, so the next change goes out while the answer is written (in the same group
   * commit as other records, op-log.ts). A record's next change still waits for the answer on disk (op-table.ts).
   */
  private readonly answered = new Set<string>();
  /** Ops a user action (edit, retry, discard) is changing: not picked until released. */
  private readonly held = new Set<string>();
  /** Ops in flight whose request may be out right now (between the durable `sending` and its answer). */
  private readonly out = new Set<string>();
  private readonly notBefore = new Map<string, number>();
  /** Wakes the loop when the next op's wait is over (each op keeps its own failures, so none are counted here). */
  private readonly timer: RetryTimer;
  private running = false;
  private pumpQueued = false;
  private pausedFor: string | null = null;

  constructor(private readonly d: SenderDeps) {
    this.timer = new RetryTimer(d.clock, () => this.schedule(), d.backoff);
  }

  /** Starts sending. */
  start(): void {
    this.running = true;
    this.schedule();
  }

  /** Stops starting new sends and waits for the ones in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.timer.stop();
    await Promise.allSettled([...this.inflight.values()]);
  }

  /**
   * Resolves once the loop has looked at the queue (no pass pending) and no request is in flight: what it decided
   * is then visible (sent and recorded, or waiting on a timer). Used where "nothing was sent" must be shown.
   */
  async settled(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.pumpQueued) continue;
      if (this.inflight.size === 0) return;
      await Promise.allSettled([...this.inflight.values()]);
    }
  }

  /** Whether a request for this op may be under way (it cannot be edited or discarded then). */
  isInFlight(id: string): boolean {
    return this.inflight.has(id);
  }

  /** Keeps the op from being sent while a user action changes it; false if it is being sent right now. */
  hold(id: string): boolean {
    if (this.inflight.has(id) || this.held.has(id)) return false;
    this.held.add(id);
    return true;
  }

  /**
   * Holds the op for a user action, first waiting for the loop if it is only looking at the op (checking that it
   * may still go, looking up a lost answer, recording an answer): a click on "Send" or "Discard" at that moment is
   * carried out, not refused. False while the op's request may be out, or another user action holds it.
   */
  async holdSoon(id: string): Promise<boolean> {
    for (let looks = 0; looks < 3; looks++) {
      if (this.hold(id)) return true;
      const run = this.inflight.get(id);
      if (!run || this.out.has(id)) return false;
      await run.catch(() => undefined);
    }
    return false;
  }

  /** Ends a hold. */
  release(id: string): void {
    this.held.delete(id);
    this.schedule();
  }

  /** Connectivity back, resume, sign-in, account switch or "Retry now": look again (clearing backoff waits except on resume). */
  wake(reason: WakeReason): void {
    if (reason !== 'online' && reason !== 'resume') this.pausedFor = null;
    if (reason !== 'resume') this.clearWaits();
    this.schedule();
  }

  /** Runs the pump soon (coalesced). */
  schedule(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    queueMicrotask(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  private clearWaits(): void {
    const account = this.d.activeAccount();
    if (!account) return;
    const now = this.d.clock.now();
    for (const op of this.d.store.table.unfinished(account)) {
      if (op.status === 'queued' && op.nextAttemptAt > now) {
        op.nextAttemptAt = now;
        this.d.store.touched(op);
      }
    }
  }

  private pump(): void {
    this.timer.stop();
    const account = this.d.activeAccount();
    if (!this.running || !account || !this.d.isOnline() || this.pausedFor === account) return;
    this.pausedFor = null;
    const now = this.d.clock.now();
    const floor = this.notBefore.get(account) ?? 0;
    if (floor > now) return this.timer.after(floor - now);
    let next = Infinity;
    for (const op of this.d.store.table.heads(account)) {
      if (this.inflight.size - this.answered.size >= this.d.concurrency) return;
      if (this.inflight.has(op.id) || this.held.has(op.id)) continue;
      if (op.nextAttemptAt > now) next = Math.min(next, op.nextAttemptAt);
      else this.launch(op);
    }
    if (next < Infinity) this.timer.after(next - now);
  }

  private launch(op: OutboxOp): void {
    const run = this.run(op).finally(() => {
      this.inflight.delete(op.id);
      this.out.delete(op.id);
      this.answered.delete(op.id);
      this.schedule();
    });
    this.inflight.set(op.id, run);
  }

  private async run(op: OutboxOp): Promise<void> {
    const phase: { at: Phase } = { at: 'reconcile' };
    try {
      await this.attempt(op, phase);
    } catch (error) {
      this.requestOver(op);
      try {
        const now = this.d.clock.now();
        await this.settle(op, classify(error, phase.at, op, KINDS[op.kind], now), now);
      } catch (storageError) {
        this.storageFailed(op, phase.at === 'send', storageError);
      }
    }
  }

  /** One try: reconcile if in doubt, check it may still go, log `sending` durably, send, record the answer. */
  private async attempt(op: OutboxOp, phase: { at: Phase }): Promise<void> {
    const spec = KINDS[op.kind];
    if (op.ambiguous && spec.reconcile) {
      const found = await spec.reconcile(this.d.service, op, this.d.reconcile);
      if (found) return this.finish(op, { ...found, reconciled: true });
      // Memory only: on disk it stays ambiguous until a definite answer, so a crash reconciles again.
      op.ambiguous = false;
    }
    const now = this.d.clock.now();
    if (op.kind === 'booking.book_now' && op.appointmentAt !== null && op.appointmentAt <= now) {
      return this.settle(
        op,
        {
          type: 'attention',
          error: { kind: 'time_passed', message: 'The appointment time has passed.', at: now },
          ambiguous: false,
        },
        now,
      );
    }
    const held = spec.stale?.(op, now) ?? null;
    if (held !== null) {
      return this.settle(
        op,
        { type: 'attention', error: { kind: 'held', message: held, at: now }, ambiguous: false },
        now,
      );
    }
    if (!this.mayAct(op)) return;
    const sentBefore = op.firstSentAt !== null || op.ambiguous;
    await this.d.store.update(op.id, { status: 'sending', firstSentAt: op.firstSentAt ?? now, updatedAt: now });
    if (!this.mayAct(op)) {
      await this.d.store.update(op.id, { status: 'queued', updatedAt: this.d.clock.now() });
      return;
    }
    phase.at = 'send';
    this.out.add(op.id);
    const result = spec.resume
      ? await spec.resume(this.d.service, op, { sentBefore, progress: (step) => this.progress(op, step) })
      : await spec.send(this.d.service, op.payload);
    this.requestOver(op);
    await this.finish(op, result);
  }

  /** The op's request is over: its slot is free while its answer is recorded. */
  private requestOver(op: OutboxOp): void {
    if (!this.inflight.has(op.id) || this.answered.has(op.id)) return;
    this.out.delete(op.id);
    this.answered.add(op.id);
    this.schedule();
  }

  /** Checked right before the request: the op's account must still be the one whose token the client will use. */
  private mayAct(op: OutboxOp): boolean {
    return (
      this.running &&
      this.d.isOnline() &&
      this.d.activeAccount() === op.accountKey &&
      this.d.store.table.ops.get(op.id) === op
    );
  }

  /** A step of a write of several requests is done: recorded on disk before the next step goes out. */
  private async progress(op: OutboxOp, result: OpResult): Promise<void> {
    await this.d.store.update(op.id, { result, updatedAt: this.d.clock.now() });
  }

  private async finish(op: OutboxOp, result: OpResult): Promise<void> {
    const now = this.d.clock.now();
    await this.d.store.update(op.id, {
      status: 'done',
      result,
      lastError: null,
      ambiguous: false,
      finishedAt: now,
      nextAttemptAt: now,
      updatedAt: now,
    });
  }

  private async settle(op: OutboxOp, outcome: Outcome, now: number): Promise<void> {
    if (outcome.type === 'gone') return this.finish(op, { id: null });
    this.note(op, outcome.error);
    if (outcome.type === 'pause') {
      this.pausedFor = op.accountKey;
      await this.d.store.update(op.id, { status: 'queued', lastError: outcome.error, updatedAt: now });
      return;
    }
    const attempts = op.attempts + 1;
    if (outcome.type === 'attention') {
      await this.d.store.update(op.id, {
        status: 'needs_attention',
        attempts,
        lastError: outcome.error,
        ambiguous: outcome.ambiguous,
        updatedAt: now,
      });
      return;
    }
    const { retryAfterMs } = outcome;
    if (retryAfterMs !== undefined)
      this.notBefore.set(op.accountKey, Math.max(this.notBefore.get(op.accountKey) ?? 0, now + retryAfterMs));
    const wait = backoffWait(attempts, { ...this.d.backoff, random: this.d.random });
    const nextAttemptAt = now + Math.max(wait, retryAfterMs ?? 0);
    await this.d.store.update(op.id, {
      status: 'queued',
      attempts,
      nextAttemptAt,
      lastError: outcome.error,
      ambiguous: outcome.ambiguous,
      updatedAt: now,
    });
  }

  private note(op: OutboxOp, error: OpError): void {
    this.d.log.warn('an outbox write did not go through', {
      op: op.id,
      kind: op.kind,
      reason: error.kind,
      status: error.status ?? null,
    });
  }

  /** The log could not be written: keep the op in memory, in doubt, and try later (disk state reconciles on restart). */
  private storageFailed(op: OutboxOp, sent: boolean, error: unknown): void {
    this.d.log.error('the outbox could not record a change of state', { op: op.id, reason: (error as Error).message });
    this.d.store.table.patch(op.id, {
      status: 'queued',
      ambiguous: op.ambiguous || sent,
      nextAttemptAt: this.d.clock.now() + STORAGE_RETRY_MS,
    });
  }
}
