/**
 * The outbox's state in memory: every op by id, and per account and record key the unfinished ops in queue order,
 * so "only the oldest unfinished op of a record may go" is a look at each queue's head. The queued ops that head
 * every queue they are in are kept as queues change (`heads`), so the send loop, which asks on every pass, does not
 * walk every queue each time: a drain of n changes would otherwise cost n² looks.
 */
import { TouchIndex } from './touch-index';
import type { AccountCounts, LogRecord, OpState, OutboxOp } from './types';

type Queues = Map<string, OutboxOp[]>;

const bySeq = (a: OutboxOp, b: OutboxOp) => a.seq - b.seq;

const NONE: readonly OutboxOp[] = [];

/** The first place in `list` (sorted by seq) whose op's seq is `seq` or more. */
function firstAtOrAfter(list: readonly OutboxOp[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.seq ?? Infinity) < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ops by id plus per-record queues. */
export class OpTable {
  readonly ops = new Map<string, OutboxOp>();
  private readonly queues = new Map<string, Queues>();
  /** Per account, the queued ops that head every queue they are in, by seq (what `heads` gives). */
  private readonly ready = new Map<string, OutboxOp[]>();
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
      this.reconsider(op);
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

  /**
   * Queued ops of `account` that head every queue they are in, oldest first. A live view, kept as the table changes:
   * read it before the next change (the send loop reads it in one synchronous pass and stops once its slots are full).
   */
  heads(account: string): readonly OutboxOp[] {
    return this.ready.get(account) ?? NONE;
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
    const before: OutboxOp[] = [];
    for (const key of op.recordKeys) {
      const queue = queues.get(key) ?? [];
      if (queue[0]) before.push(queue[0]);
      let at = queue.length;
      while (at > 0 && (queue[at - 1]?.seq ?? 0) > op.seq) at--;
      queue.splice(at, 0, op);
      queues.set(key, queue);
    }
    // Only the op and the heads it may have gone in front of (replay, edit) can have changed.
    this.reconsider(op);
    for (const other of before) if (other !== op) this.reconsider(other);
  }

  private dequeue(op: OutboxOp): void {
    const queues = this.queues.get(op.accountKey);
    if (!queues) return;
    const after: OutboxOp[] = [];
    for (const key of op.recordKeys) {
      const queue = queues.get(key);
      const at = queue?.indexOf(op) ?? -1;
      if (!queue || at === -1) continue;
      queue.splice(at, 1);
      if (queue.length === 0) queues.delete(key);
      else if (at === 0 && queue[0]) after.push(queue[0]);
    }
    if (queues.size === 0) this.queues.delete(op.accountKey);
    // Only the op and the ops that now head its queues can have changed.
    this.reconsider(op);
    for (const next of after) this.reconsider(next);
  }

  /** Puts `op` in its account's heads or takes it out, as it now stands (queued, first in each of its queues). */
  private reconsider(op: OutboxOp): void {
    const queues = this.queues.get(op.accountKey);
    const heads =
      op.status === 'queued' &&
      this.ops.get(op.id) === op &&
      op.recordKeys.length > 0 &&
      op.recordKeys.every((k) => queues?.get(k)?.[0] === op);
    let list = this.ready.get(op.accountKey);
    let at = list ? firstAtOrAfter(list, op.seq) : 0;
    while (list && list[at] !== undefined && list[at] !== op && list[at]?.seq === op.seq) at++;
    const there = list?.[at] === op;
    if (heads && !there) {
      if (!list) this.ready.set(op.accountKey, (list = []));
      list.splice(at, 0, op);
    } else if (!heads && there && list) {
      list.splice(at, 1);
      if (list.length === 0) this.ready.delete(op.accountKey);
    }
  }
}
