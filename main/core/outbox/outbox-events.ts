/** Views and notifications of the outbox: op updates as they happen, counts coalesced to one per tick. */
import type { OpTable } from './op-table';
import type { AccountCounts, OpView, OutboxCounts, OutboxEvent, OutboxOp } from './types';

const EMPTY: AccountCounts = { queued: 0, sending: 0, needsAttention: 0 };

/** Listener registry plus the view/count helpers. */
export class OutboxEvents {
  private readonly listeners = new Set<(event: OutboxEvent) => void>();
  private countsQueued = false;
  /** Per op, its frozen copy and the two views made of it (before and after its appointment time). */
  private readonly copies = new WeakMap<OutboxOp, { frozen: OutboxOp; views: [OpView | null, OpView | null] }>();
  /** Each op's last logged status, so the log gets one line per transition (ids, kinds and counts only). */
  private readonly loggedStatus = new Map<string, string>();

  constructor(
    private readonly table: OpTable,
    private readonly deps: {
      activeAccount(): string | null;
      log: { info(m: string, f?: Record<string, unknown>): void; error(m: string, f?: Record<string, unknown>): void };
    },
    private readonly now: () => number,
  ) {}

  /**
   * An op as the UI sees it: a frozen copy (listeners cannot change the queue), made once per change of the op and
   * shared by every read until the op changes again.
   */
  view(op: OutboxOp): OpView {
    const timePassed = op.appointmentAt !== null && op.appointmentAt <= this.now();
    let copy = this.copies.get(op);
    if (!copy) this.copies.set(op, (copy = { frozen: frozenCopy(op), views: [null, null] }));
    const at = timePassed ? 1 : 0;
    return (copy.views[at] ??= Object.freeze({ ...copy.frozen, timePassed }));
  }

  /** Counts of the active account and of every account holding work. */
  counts(): OutboxCounts {
    const byAccount = this.table.counts();
    const activeAccount = this.deps.activeAccount();
    return { activeAccount, active: (activeAccount && byAccount[activeAccount]) || { ...EMPTY }, byAccount };
  }

  /** Adds a listener; returns its removal. */
  subscribe(listener: (event: OutboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** An op changed or was removed. */
  changed(op: OutboxOp, removed: boolean): void {
    this.copies.delete(op);
    this.logTransition(op, removed);
    if (this.listeners.size === 0) return;
    this.emit(removed ? { type: 'removed', id: op.id, accountKey: op.accountKey } : { type: 'op', op: this.view(op) });
    this.countsChanged();
  }

  private logTransition(op: OutboxOp, removed: boolean): void {
    const status = removed ? 'removed' : op.status;
    if (this.loggedStatus.get(op.id) === status) return;
    if (removed) this.loggedStatus.delete(op.id);
    else this.loggedStatus.set(op.id, status);
    this.deps.log.info('outbox change', {
      op: op.id,
      kind: op.kind,
      now: status,
      attempts: op.attempts,
      ...(op.lastError ? { problem: op.lastError.kind } : {}),
    });
  }

  /** Counts may have changed (coalesced: one event per tick). */
  countsChanged(): void {
    if (this.countsQueued || this.listeners.size === 0) return;
    this.countsQueued = true;
    queueMicrotask(() => {
      this.countsQueued = false;
      this.emit({ type: 'counts', counts: this.counts() });
    });
  }

  private emit(event: OutboxEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.deps.log.error('an outbox listener failed', { reason: (error as Error).message });
      }
    }
  }
}

/**
 * A frozen copy of a plain JSON-like value (an op is what its log record holds), all the way down, in one pass:
 * every change of every op is copied for the listeners, and structuredClone then a freeze cost several times more.
 */
function frozenCopy<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(out) as T;
}
