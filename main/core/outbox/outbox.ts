/**
 * The offline outbox: every write of the app is queued here durably (encrypted append-only log), sent when the
 * account is active and the service reachable, retried with backoff, reconciled after ambiguous failures, and
 * handed to the user ("needs attention") when the service refuses it. Plain Node; everything comes from deps.
 */
import { KeptAside, type KeptAsideNotice } from './kept-aside';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { loadDataKey } from './data-key';
import { OutboxEvents } from './outbox-events';
import { KINDS, MAX_HOLD_MS, OutboxInputError, prepare, type EnqueueOptions } from './kinds';
import { OpLog } from './op-log';
import { OpStore } from './op-store';
import { OpTable } from './op-table';
import { Sender } from './send-loop';
import type {
  OpKind,
  OpView,
  OutboxCounts,
  OutboxDeps,
  OutboxEvent,
  OutboxOp,
  OutboxOptions,
  WakeReason,
} from './types';

const BEING_SENT = 'this change is being sent right now; try again in a moment';
const ALREADY_DONE = 'this change is already done';

/** The outbox of one data folder. */
export class Outbox {
  private nextSeq: number;

  private constructor(
    private readonly deps: OutboxDeps,
    private readonly store: OpStore,
    private readonly sender: Sender,
    private readonly events: OutboxEvents,
    /** False when the keystore was unavailable and the log key is stored unprotected. */
    readonly keyProtected: boolean,
    private readonly doneRetentionMs: number,
    private readonly kept: KeptAside,
  ) {
    this.nextSeq = store.table.maxSeq() + 1;
  }

  /** Loads the log (recovering from any crash) and builds the outbox; call `start()` to begin sending. */
  static async open(deps: OutboxDeps, options: OutboxOptions = {}): Promise<Outbox> {
    const dir = join(deps.dataDir, 'outbox');
    const dataKey = await loadDataKey(dir, deps.settings, deps.cipher, deps.log);
    const kept = new KeptAside(dir);
    const { opLog, records } = await OpLog.open(dir, dataKey.key, deps.log, kept, deps.clock.now());
    const table = new OpTable();
    for (const record of records) table.apply(record);
    recoverAfterRestart(table, deps.clock.now());
    const events = new OutboxEvents(table, deps, () => deps.clock.now());
    const policy = {
      minRecords: options.compactMinRecords ?? 2000,
      factor: options.compactFactor ?? 4,
      doneRetentionMs: options.doneRetentionMs ?? 10 * 60_000,
    };
    const store = new OpStore(table, opLog, deps.clock, policy, (change) => events.changed(change.op, change.removed));
    const sender = new Sender({
      store,
      service: deps.service,
      clock: deps.clock,
      log: deps.log,
      random: deps.random ?? Math.random,
      isOnline: () => deps.isOnline(),
      activeAccount: () => deps.activeAccount(),
      concurrency: options.concurrency ?? 4,
      // Full jitter inside min(cap, base · 2^(attempts − 1)): base 1 s, cap 5 min unless tuned.
      backoff: { firstMs: options.baseDelayMs ?? 1000, capMs: options.maxDelayMs ?? 5 * 60_000 },
      reconcile: {
        lookbackMs: options.bookingLookbackMs ?? 10 * 60_000,
        textLookbackMs: options.textLookbackMs ?? 2 * 60_000,
      },
    });
    store.maybeCompact();
    return new Outbox(deps, store, sender, events, dataKey.wrapped, policy.doneRetentionMs, kept);
  }

  /** Begins sending. */
  start(): void {
    this.sender.start();
  }

  /** Stops sending, waits for requests in flight to be recorded, and closes the log. */
  async close(): Promise<void> {
    await this.sender.stop();
    await this.store.close();
  }

  /** Queues a write; resolves once it is on disk (then it is never lost). Throws OutboxInputError for a bad payload. */
  async enqueue(kind: OpKind, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<OpView> {
    const accountKey = options.accountKey ?? this.deps.activeAccount();
    if (!accountKey) throw new OutboxInputError('no account to queue the change for');
    const id = randomUUID();
    const prepared = prepare(kind, payload, id, options);
    const now = this.deps.clock.now();
    const op: OutboxOp = {
      id,
      seq: this.nextSeq++,
      accountKey,
      kind,
      ...prepared,
      createdAt: now,
      updatedAt: now,
      attempts: 0,
      nextAttemptAt: now + Math.min(MAX_HOLD_MS, Math.max(0, options.holdMs ?? 0)),
      lastError: null,
      status: 'queued',
      ambiguous: false,
      firstSentAt: null,
      result: null,
      finishedAt: null,
    };
    await this.store.put(op);
    this.sender.schedule();
    return this.events.view(op);
  }

  /** Sends a queued or needs-attention op again at once (fresh backoff; reconciled first if it may have applied). */
  retry(id: string): Promise<OpView> {
    return this.withHold(id, false, async (op) => {
      const now = this.deps.clock.now();
      await this.store.update(id, { status: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now });
      this.sender.wake('retry_now');
      return this.events.view(op);
    });
  }

  /** Replaces the payload of a queued or needs-attention op, keeping its id and place in the queue. */
  edit(
    id: string,
    payload: Record<string, unknown>,
    options: Omit<EnqueueOptions, 'accountKey'> = {},
  ): Promise<OpView> {
    return this.withHold(id, true, async (op) => {
      const prepared = prepare(op.kind, payload, op.id, options);
      const now = this.deps.clock.now();
      const next: OutboxOp = {
        ...op,
        ...prepared,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        updatedAt: now,
      };
      await this.store.put(next);
      return this.events.view(next);
    });
  }

  /**
   * "Send now anyway" for a held op (a text written more than 15 minutes ago): approved now, so it is sent at once
   * (and held again only if it stays unsent for another 15 minutes).
   */
  async sendAnyway(id: string): Promise<OpView> {
    const op = this.store.table.ops.get(id);
    if (!op || !KINDS[op.kind].stale) throw new OutboxInputError('only a held text can be sent anyway');
    return this.edit(id, { ...op.payload, send_anyway_at: this.deps.clock.now() });
  }

  /** Drops an op that is not being sent (the user's choice: nothing is dropped otherwise). */
  async discard(id: string): Promise<void> {
    const seen = this.store.table.ops.get(id);
    if (!seen) throw new OutboxInputError('no such change in the outbox');
    refuseHalfDone(seen);
    if (!(await this.sender.holdSoon(id))) throw new OutboxInputError(BEING_SENT);
    try {
      // As it is now, after any look of the send loop that was waited for.
      const op = this.store.table.ops.get(id);
      if (!op) throw new OutboxInputError('no such change in the outbox');
      if (op.status === 'done' && seen.status !== 'done') throw new OutboxInputError(ALREADY_DONE);
      refuseHalfDone(op);
      await this.store.remove(id);
    } finally {
      this.sender.release(id);
    }
  }

  /** Drops every unfinished op of an account ("Discard … queued changes"); returns how many. */
  async discardAccount(accountKey: string): Promise<number> {
    const victims = this.store.table.unfinished(accountKey).filter((op) => !halfDone(op) && this.sender.hold(op.id));
    try {
      for (const op of victims) await this.store.remove(op.id);
    } finally {
      for (const op of victims) this.sender.release(op.id);
    }
    return victims.length;
  }

  /** "Retry now": clears the backoff waits of the active account and sends. */
  retryNow(): void {
    this.sender.wake('retry_now');
  }

  /** Saved changes that could not be read and were kept aside (until the user acknowledges it), or null. */
  keptAside(): KeptAsideNotice | null {
    return this.kept.notice();
  }

  /** The user has read the kept-aside notice. */
  async acknowledgeKeptAside(): Promise<void> {
    await this.kept.acknowledge();
    this.events.countsChanged();
  }

  /** Resolves when the send loop has looked at the queue and nothing is in flight (see Sender.settled). */
  settled(): Promise<void> {
    return this.sender.settled();
  }

  /** Connectivity back, resume from sleep, signed in again, or account switched. */
  wake(reason: WakeReason): void {
    this.sender.wake(reason);
    this.events.countsChanged();
  }

  /** One op, or null. */
  get(id: string): OpView | null {
    const op = this.store.table.ops.get(id);
    return op ? this.events.view(op) : null;
  }

  /** Ops of an account (default: the active one) in queue order, with the ones done within the retention. */
  list(accountKey: string | null = this.deps.activeAccount()): OpView[] {
    if (accountKey === null) return [];
    const cutoff = this.deps.clock.now() - this.doneRetentionMs;
    const recentDone = this.store.table.done(accountKey).filter((op) => (op.finishedAt ?? 0) >= cutoff);
    const shown = recentDone.length === 0 ? this.store.table.unfinished(accountKey) : this.store.table.list(accountKey);
    return shown
      .filter((op) => op.status !== 'done' || (op.finishedAt ?? 0) >= cutoff)
      .map((op) => this.events.view(op));
  }

  /** Unfinished ops of an account (default: the active one) in queue order: what views lay over the service's data. */
  pending(accountKey: string | null = this.deps.activeAccount()): OpView[] {
    return accountKey === null ? [] : this.store.table.unfinished(accountKey).map((op) => this.events.view(op));
  }

  /**
   * Ops of one family of kinds (`contact`, `event`, …) in queue order, with the ones done within the retention, as
   * `list` gives them: a read of that family walks its own changes alone (op-table.ts, `touches`).
   */
  listFamily(family: string, accountKey: string | null = this.deps.activeAccount()): OpView[] {
    if (accountKey === null) return [];
    const cutoff = this.deps.clock.now() - this.doneRetentionMs;
    return this.store.table.touches
      .ops(accountKey, `family:${family}`)
      .filter((op) => op.status !== 'done' || (op.finishedAt ?? 0) >= cutoff)
      .map((op) => this.events.view(op));
  }

  /**
   * The unfinished changes that name an appointment (its id or external id), in queue order, its marks cut to the
   * last: what calendar/pending-items.ts lays over it, in O(its own changes).
   */
  pendingTouching(
    item: { id: number; externalId?: string | null | undefined },
    accountKey: string | null = this.deps.activeAccount(),
  ): OpView[] {
    return accountKey === null
      ? []
      : this.store.table.touches.touching(accountKey, item).map((op) => this.events.view(op));
  }

  /** The unfinished ops of one kind, in queue order (without walking the other kinds'). */
  pendingOfKind(kind: string, accountKey: string | null = this.deps.activeAccount()): OpView[] {
    return accountKey === null
      ? []
      : this.store.table.touches.ops(accountKey, `kind:${kind}`).map((op) => this.events.view(op));
  }

  /** The unfinished ops that make an appointment (a booking, a new appointment, a move's new one), in queue order. */
  pendingCreates(accountKey: string | null = this.deps.activeAccount()): OpView[] {
    return accountKey === null
      ? []
      : this.store.table.touches.ops(accountKey, 'creates').map((op) => this.events.view(op));
  }

  /** Counts for the status bar and the account prompts. */
  counts(): OutboxCounts {
    return this.events.counts();
  }

  /** Subscribes to op changes and counts; returns an unsubscribe. */
  onChange(listener: (event: OutboxEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  /** Runs a user action on an op that is held from sending meanwhile. */
  private async withHold<T>(id: string, forEdit: boolean, action: (op: OutboxOp) => Promise<T>): Promise<T> {
    const seen = this.store.table.ops.get(id);
    if (!seen) throw new OutboxInputError('no such change in the outbox');
    if (seen.status === 'done') throw new OutboxInputError(ALREADY_DONE);
    if (!(await this.sender.holdSoon(id))) throw new OutboxInputError(BEING_SENT);
    try {
      // As it is now, after any look of the send loop that was waited for.
      const op = this.store.table.ops.get(id);
      if (!op) throw new OutboxInputError('no such change in the outbox');
      if (op.status === 'done') throw new OutboxInputError(ALREADY_DONE);
      if (op.status === 'sending') throw new OutboxInputError(BEING_SENT);
      if (forEdit) refuseHalfDone(op);
      if (forEdit && op.ambiguous && KINDS[op.kind].reconcile) {
        throw new OutboxInputError(
          'this change may already have reached the service; retry it first so Frontdesk can check',
        );
      }
      return await action(op);
    } finally {
      this.sender.release(id);
    }
  }
}

/**
 * A write of several requests (a move) whose first step reached the service, or may have: dropping it now would
 * leave the new appointment and the old one both, so it can only finish (retry) — never be discarded or changed.
 */
function halfDone(op: OutboxOp): boolean {
  return Boolean(KINDS[op.kind].resume) && (op.result !== null || op.ambiguous);
}

function refuseHalfDone(op: OutboxOp): void {
  if (!halfDone(op)) return;
  if (op.kind === 'event.series')
    throw new OutboxInputError('Some of these visits may already be written, so this can only finish: retry it.');
  throw new OutboxInputError(
    'The new appointment may already be made, so this move can only finish: retry it, and it cancels the old one.',
  );
}

/** After a restart: an op that was `sending` may have reached the service (reconcile first); waits start afresh. */
function recoverAfterRestart(table: OpTable, now: number): void {
  for (const op of table.ops.values()) {
    if (op.status === 'sending') table.patch(op.id, { status: 'queued', ambiguous: true });
    if (op.status === 'queued') op.nextAttemptAt = now;
  }
}
