/**
 * The outbox's state in memory: every op by id, and per account and record key the unfinished ops in queue order,
 * so "only the oldest unfinished op of a record may go" is a look at each queue's head.
 */
import { TouchIndex } from './touch-index';
import type { AccountCounts, LogRecord, OpState, OutboxOp } from './types';

type Queues = Map<string, OutboxOp[]>;

const bySeq = (a: OutboxOp, b: OutboxOp) => a.seq - b.seq;

/** Ops by id plus per-record queues. */
export class OpTable {
  readonly ops = new Map<string, OutboxOp>();
  private readonly queues = new Map<string, Queues>();
  /** Unfinished ops per account and status, kept as ops change (the status bar reads it on every change). */
  private readonly tallies = new Map<string, AccountCounts>();
  /** Per account, its unfinished ops and its done ones: reads cost O(that account's ops), not O(outbox). */
  private readonly byAccount = new Map<string, { open: Map<string, OutboxOp>; done: Map<string, OutboxOp> }>();
  /** Per account, the ops by what they touch (touch-index.ts): what reads lay over what they show. */
  readonly touches = new TouchIndex();

  /** Replays one log record. */
  apply(record: LogRecord): void {
    if (record.t === 'put') this.insert(record.op);
    else if (record.t === 'upd') this.patch(record.id, record.s);
    else this.remove(record.id);
  }

  /** Adds an op, or replaces one with the same id (edit), keeping queue order by `seq`. */
  insert(op: OutboxOp): void {
    this.remove(op.id);
    this.ops.set(op.id, op);
    this.tally(op, 1);
    this.file(op);
    this.touches.put(op);
    if (op.status !== 'done') this.enqueue(op);
  }

  /** Changes an op's state in place; a done op leaves its queues. */
  patch(id: string, state: Partial<OpState>): OutboxOp | undefined {
    const op = this.ops.get(id);
    if (!op) return undefined;
    this.tally(op, -1);
    Object.assign(op, state);
    this.tally(op, 1);
    if (op.status === 'done') this.dequeue(op);
    if (state.status !== undefined) {
      this.file(op);
      this.touches.put(op);
    }
    return op;
  }

  /** Forgets an op. */
  remove(id: string): OutboxOp | undefined {
    const op = this.ops.get(id);
    if (!op) return undefined;
    this.dequeue(op);
    this.tally(op, -1);
    this.ops.delete(id);
    this.touches.drop(id);
    const mine = this.byAccount.get(op.accountKey);
    mine?.open.delete(id);
    mine?.done.delete(id);
    if (mine && mine.open.size === 0 && mine.done.size === 0) this.byAccount.delete(op.accountKey);
    return op;
  }

  /** Queued ops of `account` that head every queue they are in, oldest first. */
  heads(account: string): OutboxOp[] {
    const queues = this.queues.get(account);
    if (!queues) return [];
    const seen = new Set<OutboxOp>();
    for (const queue of queues.values()) {
      const first = queue[0];
      if (
        first &&
        first.status === 'queued' &&
        !seen.has(first) &&
        first.recordKeys.every((k) => queues.get(k)?.[0] === first)
      )
        seen.add(first);
    }
    return [...seen].sort((a, b) => a.seq - b.seq);
  }

  /** Unfinished ops per account (accounts with none are left out). */
  counts(): Record<string, AccountCounts> {
    const out: Record<string, AccountCounts> = {};
    for (const [account, c] of this.tallies) if (c.queued + c.sending + c.needsAttention > 0) out[account] = { ...c };
    return out;
  }

  /** Ops in queue order (optionally one account's). */
  list(account?: string): OutboxOp[] {
    if (account === undefined) return [...this.ops.values()].sort(bySeq);
    return [...this.unfinished(account), ...this.done(account)].sort(bySeq);
  }

  /** An account's unfinished ops in queue order. */
  unfinished(account: string): OutboxOp[] {
    const open = this.byAccount.get(account)?.open;
    return open ? [...open.values()].sort(bySeq) : [];
  }

  /** An account's done ops still kept (until compaction drops them after their retention). */
  done(account: string): OutboxOp[] {
    const done = this.byAccount.get(account)?.done;
    return done ? [...done.values()] : [];
  }

  /** The highest seq in use. */
  maxSeq(): number {
    let max = 0;
    for (const op of this.ops.values()) max = Math.max(max, op.seq);
    return max;
  }

  private tally(op: OutboxOp, by: 1 | -1): void {
    if (op.status === 'done') return;
    let c = this.tallies.get(op.accountKey);
    if (!c) this.tallies.set(op.accountKey, (c = { queued: 0, sending: 0, needsAttention: 0 }));
    if (op.status === 'queued') c.queued += by;
    else if (op.status === 'sending') c.sending += by;
    else c.needsAttention += by;
    if (c.queued + c.sending + c.needsAttention === 0) this.tallies.delete(op.accountKey);
  }

  /** Files an op under its account as unfinished or done. */
  private file(op: OutboxOp): void {
    let mine = this.byAccount.get(op.accountKey);
    if (!mine) this.byAccount.set(op.accountKey, (mine = { open: new Map(), done: new Map() }));
    if (op.status === 'done') {
      mine.open.delete(op.id);
      mine.done.set(op.id, op);
    } else {
      mine.done.delete(op.id);
      mine.open.set(op.id, op);
    }
  }

  private enqueue(op: OutboxOp): void {
    let queues = this.queues.get(op.accountKey);
    if (!queues) this.queues.set(op.accountKey, (queues = new Map()));
    for (const key of op.recordKeys) {
      const queue = queues.get(key) ?? [];
      let at = queue.length;
      while (at > 0 && (queue[at - 1]?.seq ?? 0) > op.seq) at--;
      queue.splice(at, 0, op);
      queues.set(key, queue);
    }
  }

  private dequeue(op: OutboxOp): void {
    const queues = this.queues.get(op.accountKey);
    if (!queues) return;
    for (const key of op.recordKeys) {
      const queue = queues.get(key);
      const at = queue?.indexOf(op) ?? -1;
      if (!queue || at === -1) continue;
      queue.splice(at, 1);
      if (queue.length === 0) queues.delete(key);
    }
    if (queues.size === 0) this.queues.delete(op.accountKey);
  }
}
