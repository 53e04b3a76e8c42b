/**
 * Durable state changes: each change is appended to the log and applied to memory only once it is fsynced, so
 * memory never shows a state a crash could take back. Triggers compaction when the log outgrows the live state.
 */
import type { Clock } from '../platform';
import type { OpLog } from './op-log';
import type { OpTable } from './op-table';
import type { LogRecord, OpState, OutboxOp } from './types';

/** When to compact and which done ops to keep. */
export interface CompactionPolicy {
  minRecords: number;
  factor: number;
  doneRetentionMs: number;
}

/** Called after every applied change: the op as it is now, or the op that was removed. */
export type StoreListener = (change: { op: OutboxOp; removed: boolean }) => void;

/** The log plus the in-memory table. */
export class OpStore {
  private compacting = false;

  constructor(
    readonly table: OpTable,
    private readonly opLog: OpLog,
    private readonly clock: Clock,
    private readonly policy: CompactionPolicy,
    private readonly listener: StoreListener,
  ) {}

  /** Adds (or replaces, for edit) an op; resolves once it is on disk and in memory. */
  async put(op: OutboxOp): Promise<void> {
    await this.opLog.append({ t: 'put', op }, () => {
      this.table.insert(op);
      this.listener({ op, removed: false });
    });
    this.maybeCompact();
  }

  /** Changes an op's state durably; returns the op as changed. */
  async update(id: string, state: Partial<OpState>): Promise<OutboxOp | undefined> {
    let changed: OutboxOp | undefined;
    await this.opLog.append({ t: 'upd', id, s: state }, () => {
      changed = this.table.patch(id, state);
      if (changed) this.listener({ op: changed, removed: false });
    });
    this.maybeCompact();
    return changed;
  }

  /** Removes an op durably. */
  async remove(id: string): Promise<void> {
    await this.opLog.append({ t: 'del', id }, () => {
      const gone = this.table.remove(id);
      if (gone) this.listener({ op: gone, removed: true });
    });
    this.maybeCompact();
  }

  /** Reports a memory-only change (e.g. a wait cleared by "Retry now"). */
  touched(op: OutboxOp): void {
    this.listener({ op, removed: false });
  }

  /** Compacts now when the log holds more than max(minRecords, factor × live ops) records. */
  maybeCompact(): void {
    const { minRecords, factor } = this.policy;
    if (this.compacting || this.opLog.recordCount <= Math.max(minRecords, factor * this.table.ops.size)) return;
    this.compacting = true;
    this.opLog
      .compact(() => this.snapshot())
      .catch(() => undefined)
      .finally(() => {
        this.compacting = false;
      });
  }

  /** Closes the log after pending writes. */
  close(): Promise<void> {
    return this.opLog.close();
  }

  /** Every live op as a `put`; done ops past their retention are dropped here (memory and disk together). */
  private snapshot(): LogRecord[] {
    const cutoff = this.clock.now() - this.policy.doneRetentionMs;
    for (const op of [...this.table.ops.values()]) {
      if (op.status === 'done' && (op.finishedAt ?? 0) < cutoff) {
        this.table.remove(op.id);
        this.listener({ op, removed: true });
      }
    }
    return this.table.list().map((op) => ({ t: 'put', op }));
  }
}
