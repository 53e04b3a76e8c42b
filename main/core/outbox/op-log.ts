/**
 * The append-only, encrypted operation log. Appends are group-committed (one write + fsync for all waiting records)
 * and a caller's promise resolves only after its record is on disk. Compaction writes a snapshot to a temp file,
 * fsyncs it, renames it over the log and fsyncs the folder, so a crash leaves either the old log or the new one.
 */
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NO_FOLLOW } from '../no-follow';
import type { Logger } from '../platform';
import { type KeptAside, type UnreadablePiece } from './kept-aside';
import { fsyncDir, keyFingerprint, readLog, removeStaleTemp, rewriteFile } from './log-file';
import { sealLine } from './record-codec';
import type { LogRecord } from './types';

interface AppendJob {
  type: 'append';
  line: string;
  /** Runs synchronously once the record is durable, before any later job (so memory never runs ahead of disk). */
  onDurable: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface CompactJob {
  type: 'compact';
  snapshot: () => LogRecord[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The log file of one data folder. */
export class OpLog {
  private jobs: Array<AppendJob | CompactJob> = [];
  private draining: Promise<void> | null = null;

  private constructor(
    private readonly path: string,
    private readonly key: Buffer,
    private readonly log: Logger,
    private fh: FileHandle,
    private size: number,
    /** Records in the file (compaction compares it with the live ops). */
    public recordCount: number,
  ) {}

  /**
   * Opens (or creates) `<dir>/outbox.log` and returns the records to replay. Nothing unreadable is dropped: damaged
   * records, an unfinished last write, or a whole log sealed with a key that is gone are copied to `kept` byte for
   * byte (and counted for the user, except the unfinished write, which was never confirmed as saved), then the log is
   * rewritten with the readable records only. A log that cannot be written to is rewritten the same way.
   */
  static async open(
    dir: string,
    key: Buffer,
    log: Logger,
    kept: KeptAside,
    now: number,
  ): Promise<{ opLog: OpLog; records: LogRecord[] }> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, 'outbox.log');
    const keyIdFile = join(dir, 'outbox.key-id');
    await removeStaleTemp(path);
    await kept.load();
    let read = await readLog(path, key);
    const keyId = keyFingerprint(key);
    const storedId = (await readFile(keyIdFile, { encoding: 'utf8', flag: NO_FOLLOW.read }).catch(() => '')).trim();
    const anotherKey =
      read.totalBytes > 0 &&
      (storedId !== '' ? storedId !== keyId : read.records.length === 0 && read.damaged.length > 0);
    let rewrite = false;
    if (anotherKey) {
      // Sealed with a key that is gone (settings lost or replaced): keep the whole file, start afresh.
      const whole = await readFile(path, { flag: NO_FOLLOW.read });
      const count = read.records.length + read.damaged.length;
      await kept.keep('outbox.log', [{ offset: 0, bytes: whole, reason: 'sealed with another key' }], count, now);
      log.error('the outbox log was sealed with another key; kept aside', { records: count, file: kept.file });
      read = { records: [], goodLines: [], damaged: [], torn: null, totalBytes: 0 };
      rewrite = true;
    } else if (read.damaged.length > 0 || read.torn) {
      const pieces: UnreadablePiece[] = [...read.damaged, ...(read.torn ? [read.torn] : [])];
      await kept.keep('outbox.log', pieces, read.damaged.length, now);
      if (read.damaged.length > 0)
        log.error('damaged outbox records were kept aside', { records: read.damaged.length, file: kept.file });
      if (read.torn) log.warn('an unfinished last write (crash during a write) was kept aside', { file: kept.file });
      rewrite = true;
    }
    if (rewrite) await rewriteFile(path, read.goodLines);
    if (storedId !== keyId) {
      await writeFile(keyIdFile, `${keyId}\n`, { mode: 0o600, flag: NO_FOLLOW.replace });
      fsyncDir(dir);
    }
    const fh = await OpLog.openForAppend(path, read.goodLines, log);
    fsyncDir(dir);
    const size = read.goodLines.reduce((n, l) => n + l.length, 0);
    return { opLog: new OpLog(path, key, log, fh, size, read.records.length), records: read.records };
  }

  /** Opens the log for appending; a log that cannot be written to (read-only) is replaced by a copy first. */
  private static async openForAppend(path: string, lines: Buffer[], log: Logger): Promise<FileHandle> {
    try {
      // Never through a link planted at the log's name: the open fails instead (ELOOP).
      return await open(path, NO_FOLLOW.append, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EPERM') throw error;
      log.warn('the outbox log could not be written to; it was replaced by a copy of its readable records', {
        code,
      });
      await rewriteFile(path, lines);
      return open(path, NO_FOLLOW.append, 0o600);
    }
  }

  /** Appends a record; resolves once it is fsynced. `onDurable` runs right after the fsync. */
  append(record: LogRecord, onDurable: () => void = () => undefined): Promise<void> {
    const line = sealLine(this.key, record);
    return new Promise((resolve, reject) => {
      this.jobs.push({ type: 'append', line, onDurable, resolve, reject });
      this.kick();
    });
  }

  /** Replaces the log with `snapshot()` (called when every earlier append is durable). */
  compact(snapshot: () => LogRecord[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ type: 'compact', snapshot, resolve, reject });
      this.kick();
    });
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    while (this.draining) await this.draining;
    await this.fh.close();
  }

  private kick(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
      if (this.jobs.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.jobs.length > 0) {
      const first = this.jobs[0];
      if (first?.type === 'compact') {
        this.jobs.shift();
        await this.runCompaction(first);
        continue;
      }
      const end = this.jobs.findIndex((job) => job.type === 'compact');
      const batch = this.jobs.splice(0, end === -1 ? this.jobs.length : end) as AppendJob[];
      await this.writeBatch(batch);
    }
  }

  private async writeBatch(batch: AppendJob[]): Promise<void> {
    const data = batch.map((job) => job.line).join('');
    try {
      await this.fh.appendFile(data);
      await this.fh.sync();
    } catch (error) {
      // Cut a partial write off so later records start on a clean line.
      await this.fh.truncate(this.size).catch(() => undefined);
      for (const job of batch) job.reject(error);
      return;
    }
    this.size += Buffer.byteLength(data);
    this.recordCount += batch.length;
    for (const job of batch) {
      try {
        job.onDurable();
      } catch (error) {
        this.log.error('outbox state update failed after a durable write', { reason: (error as Error).message });
      }
      job.resolve();
    }
  }

  private async runCompaction(job: CompactJob): Promise<void> {
    const temp = `${this.path}.tmp`;
    try {
      const records = job.snapshot();
      const data = records.map((record) => sealLine(this.key, record)).join('');
      const out = await open(temp, NO_FOLLOW.replace, 0o600);
      try {
        await out.writeFile(data);
        await out.sync();
      } finally {
        await out.close();
      }
      await this.swapIn(temp);
      this.size = Buffer.byteLength(data);
      this.recordCount = records.length;
      job.resolve();
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      this.log.error('outbox compaction failed; the log is unchanged', { reason: (error as Error).message });
      job.reject(error);
    }
  }

  /** Renames the snapshot over the log (the handle is closed first: Windows cannot replace an open file). */
  private async swapIn(temp: string): Promise<void> {
    await this.fh.close();
    try {
      await rename(temp, this.path);
      fsyncDir(dirname(this.path));
    } finally {
      this.fh = await open(this.path, NO_FOLLOW.append, 0o600);
    }
  }
}
