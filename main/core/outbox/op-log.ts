/**
 * The append-only, encrypted operation log. Appends are group-committed (one write + fsync for all waiting records)
 * and a caller's promise resolves only after its record is on disk. Every record is sealed to its place (file id and
 * number, see record-codec.ts), and the watermark beside the log (watermark.ts) follows the last durable record, so
 * on start a deleted or cut record is told apart from an unfinished write. Compaction writes a snapshot to a temp
 * file, fsyncs it, renames it over the log and fsyncs the folder, so a crash leaves either the old log or the new one.
 */
import { lstat, mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NO_FOLLOW } from '../no-follow';
import type { Logger } from '../platform';
import type { KeptAside } from './kept-aside';
import {
  changesIn,
  fsyncDir,
  KEY_ID_FILE,
  keyFingerprint,
  readLog,
  removeStaleTemp,
  type ReadResult,
} from './log-file';
import { boundByMark, recover, type Recovery } from './log-recovery';
import { logKeys, newFileId, sealLine, type LogKeys } from './record-codec';
import type { LogRecord } from './types';
import { ChangeTally, Watermark, type Mark } from './watermark';

interface AppendJob {
  type: 'append';
  record: LogRecord;
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

/** Where the log stands: its file id, its last durable place, its size in bytes and its changes (see Mark). */
interface FileState {
  fileId: string;
  seq: number;
  size: number;
  total: number;
  waiting: number;
}

/** The log file of one data folder. */
export class OpLog {
  private jobs: Array<AppendJob | CompactJob> = [];
  private draining: Promise<void> | null = null;
  /** Watermark writes, one at a time, in order. */
  private marking: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly keys: LogKeys,
    private readonly log: Logger,
    private fh: FileHandle,
    private readonly mark: Watermark,
    private state: FileState,
    /** The changes of the file's durable records, as the watermark carries them. */
    private tally: ChangeTally,
    /** Records in the file (compaction compares it with the live ops). */
    public recordCount: number,
  ) {}

  /**
   * Opens (or creates) `<dir>/outbox.log` and returns the records to replay. Nothing unreadable is dropped: damaged
   * records, records missing below the watermark, an unfinished last write, or a whole log sealed with a key that is
   * gone are copied to `kept` byte for byte and the changes they may have held are counted for the user (not the
   * unfinished write past the watermark, which was never confirmed as saved); then the log is rewritten with the
   * readable records only. A log of the format before records were bound to their place is rewritten in the new one.
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
    await removeStaleTemp(path);
    await kept.load();
    const keys = logKeys(key);
    const markPath = join(dir, 'outbox.mark');
    const markWasThere = await exists(markPath);
    // The key's fingerprint is written at the first start after the mark is made (and by versions before the mark,
    // always beside a log file): with it there, a log and a mark both gone were deleted, not never written.
    const bothGone = !markWasThere && !(await exists(path)) && (await exists(join(dir, KEY_ID_FILE)));
    const mark = await Watermark.open(markPath, keys);
    // The mark's name is made durable before any log is written under it, so no crash leaves a log without it.
    if (!markWasThere) fsyncDir(dir);
    try {
      const read = await readLog(path, keys, mark.current);
      // No readable mark beside a log of today's format is not a state a crash leaves: the mark's name is durable
      // before any log is written (above), and the first log of a folder is followed by its first mark write (below).
      // The one crash state alike, a crash between them, leaves the mark file with no slot yet and a log written from
      // no mark (`from` null). Anything else (the mark deleted, or emptied beside a log written from an earlier mark)
      // means a cut at a line end could not be found: the user is told the log cannot be checked as whole.
      const unsure =
        bothGone ||
        (!mark.current &&
          read.format === 'bound' &&
          read.totalBytes > 0 &&
          (!markWasThere || read.head?.from !== null));
      const recovery = await OpLog.recover(dir, path, read, key, mark.current, { log, kept, now, unsure });
      // Every start writes the log afresh under a new file id, even when nothing was wrong with it: a copy of this
      // folder (same key, same file id) started on its own then writes under an id of its own, so a line pasted from
      // one into the other never opens as a record of ours (nor replaces one unseen).
      let state: FileState;
      try {
        state = await replaceLog(path, keys, recovery.records, mark.current);
      } catch (error) {
        // A log with nothing wrong in it that cannot be written afresh (a full disk) is opened as it is: its queue is
        // readable, and "cannot read the changes waiting" would not be true.
        const whole = !recovery.anotherKey && read.format === 'bound' && read.pieces.length + read.lost.length === 0;
        if (!whole || !read.head) throw error;
        await rm(`${path}.tmp`, { force: true }).catch(() => undefined);
        log.warn('the outbox log could not be written afresh; it is kept as it is', {
          reason: (error as Error).message,
        });
        const counts = ChangeTally.of(recovery.records).counts();
        state = { fileId: read.head.file, seq: read.placed.at(-1)?.seq ?? 0, size: read.totalBytes, ...counts };
      }
      const fh = await OpLog.openForAppend(path, log, async () => {
        state = await replaceLog(path, keys, recovery.records, mark.current);
      });
      fsyncDir(dir);
      const current = mark.current;
      if (!current || current.file !== state.fileId || current.seq !== state.seq || current.total !== state.total)
        await mark.write(markOf(state));
      const tally = ChangeTally.of(recovery.records);
      const opLog = new OpLog(path, keys, log, fh, mark, state, tally, recovery.records.length);
      return { opLog, records: recovery.records };
    } catch (error) {
      await mark.close().catch(() => undefined);
      throw error;
    }
  }

  /** Keeps aside and counts what could not be read, and works out what to replay. */
  private static async recover(
    dir: string,
    path: string,
    read: ReadResult,
    key: Buffer,
    mark: Mark | null,
    d: { log: Logger; kept: KeptAside; now: number; unsure: boolean },
  ): Promise<Recovery & { anotherKey: boolean }> {
    const keyIdFile = join(dir, KEY_ID_FILE);
    const keyId = keyFingerprint(key);
    const storedId = (await readFile(keyIdFile, { encoding: 'utf8', flag: NO_FOLLOW.read }).catch(() => '')).trim();
    const anotherKey =
      read.totalBytes > 0 &&
      (storedId !== '' ? storedId !== keyId : read.placed.length === 0 && read.pieces.length > 0);
    if (storedId !== keyId) {
      await writeFile(keyIdFile, `${keyId}\n`, { mode: 0o600, flag: NO_FOLLOW.replace });
      fsyncDir(dir);
    }
    if (anotherKey) {
      // Sealed with a key that is gone (settings lost or replaced): keep the whole file, start afresh.
      const whole = await readFile(path, { flag: NO_FOLLOW.read });
      const changes = changesIn(whole);
      await d.kept.keep('outbox.log', [{ offset: 0, bytes: whole, reason: 'sealed with another key' }], changes, d.now);
      d.log.error('the outbox log was sealed with another key; kept aside', { changes, file: d.kept.file });
      return { records: [], changes, inDoubt: 0, anotherKey };
    }
    const found = recover(read.placed, read.lost);
    const recovery = { ...found, changes: boundByMark(found.changes, read, mark) };
    await d.kept.keep('outbox.log', read.pieces, recovery.changes, d.now, d.unsure);
    if (d.unsure) d.log.error('the outbox watermark was missing: cannot tell whether the outbox log is whole', {});
    reportDamage(read, recovery, d.log, d.kept.file);
    return { ...recovery, anotherKey };
  }

  /** Opens the log for appending; a log that cannot be written to (read-only) is replaced by a copy first. */
  private static async openForAppend(path: string, log: Logger, replace: () => Promise<void>): Promise<FileHandle> {
    try {
      // Never through a link planted at the log's name: the open fails instead (ELOOP).
      return await open(path, NO_FOLLOW.append, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EPERM') throw error;
      log.warn('the outbox log could not be written to; it was replaced by a copy of its readable records', {
        code,
      });
      await replace();
      return open(path, NO_FOLLOW.append, 0o600);
    }
  }

  /** Appends a record; resolves once it is fsynced. `onDurable` runs right after the fsync. */
  append(record: LogRecord, onDurable: () => void = () => undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ type: 'append', record, onDurable, resolve, reject });
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

  /** Waits for pending writes (the watermark's too) and closes the files. */
  async close(): Promise<void> {
    while (this.draining) await this.draining;
    await this.marking;
    await this.fh.close();
    await this.mark.close();
  }

  /**
   * Starts writing once the current turn's microtasks have run, so records made together join one group commit: an
   * answer's record and the next change's `sending` (send-loop.ts frees the slot when the answer is in).
   */
  private kick(): void {
    this.draining ??= Promise.resolve()
      .then(() => this.drain())
      .finally(() => {
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
    // Idle: the watermark catches up with the last batch (nobody waits for it).
    void this.markDurable();
  }

  /**
   * One group commit. Records are numbered here, in file order. The watermark of the previous batches is written
   * alongside (its fsync runs with the log's), so it lags the log by at most one batch and never runs ahead of it.
   */
  private async writeBatch(batch: AppendJob[]): Promise<void> {
    const { fileId, seq } = this.state;
    const data = batch.map((job, i) => sealLine(this.keys, fileId, seq + 1 + i, job.record)).join('');
    try {
      await Promise.all([this.appendDurably(data), this.markDurable()]);
    } catch (error) {
      // Cut a partial write off so later records start on a clean line (their places are given again).
      await this.fh.truncate(this.state.size).catch(() => undefined);
      for (const job of batch) job.reject(error);
      return;
    }
    for (const job of batch) this.tally.apply(job.record);
    const size = this.state.size + Buffer.byteLength(data);
    this.state = { fileId, seq: seq + batch.length, size, ...this.tally.counts() };
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

  private async appendDurably(data: string): Promise<void> {
    await this.fh.appendFile(data);
    await this.fh.sync();
  }

  /** Moves the watermark to the last durable record (what is durable when the write starts); never fails a caller. */
  private markDurable(): Promise<void> {
    this.marking = this.marking.then(async () => {
      const target = markOf(this.state);
      const current = this.mark.current;
      if (current && current.file === target.file && current.seq === target.seq && current.total === target.total)
        return;
      try {
        await this.mark.write(target);
      } catch (error) {
        this.log.warn('the outbox watermark could not be written', { reason: (error as Error).message });
      }
    });
    return this.marking;
  }

  private async runCompaction(job: CompactJob): Promise<void> {
    const temp = `${this.path}.tmp`;
    try {
      const records = job.snapshot();
      const from = { file: this.state.fileId, seq: this.state.seq };
      const next = await writeTemp(temp, this.keys, records, from);
      await this.swapIn(temp);
      this.state = next;
      this.tally = ChangeTally.of(records);
      this.recordCount = records.length;
      await this.markDurable();
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

/**
 * Writes `records` as a new file (a new file id, places from 1 after the header) to `temp`, fsynced. `from` is the
 * log it replaces as the watermark may still name it: until the watermark moves on, it vouches for the new file.
 */
async function writeTemp(temp: string, keys: LogKeys, records: LogRecord[], from: Mark | null): Promise<FileState> {
  const fileId = newFileId();
  const data = [
    sealLine(keys, fileId, 0, { t: 'head', file: fileId, from }),
    ...records.map((record, i) => sealLine(keys, fileId, i + 1, record)),
  ].join('');
  const out = await open(temp, NO_FOLLOW.replace, 0o600);
  try {
    await out.writeFile(data);
    await out.sync();
  } finally {
    await out.close();
  }
  return { fileId, seq: records.length, size: Buffer.byteLength(data), ...ChangeTally.of(records).counts() };
}

/** What the watermark says of a durable state. */
function markOf(state: FileState): Mark {
  return { file: state.fileId, seq: state.seq, total: state.total, waiting: state.waiting };
}

/** Replaces the log with `records` (temp file, fsync, rename, fsync the folder): a crash leaves one or the other. */
async function replaceLog(path: string, keys: LogKeys, records: LogRecord[], from: Mark | null): Promise<FileState> {
  const temp = `${path}.tmp`;
  const state = await writeTemp(temp, keys, records, from);
  await rename(temp, path);
  fsyncDir(dirname(path));
  return state;
}

/** Says in the log what was found, without patient data: counts, reasons and where the bytes are kept. */
function reportDamage(read: ReadResult, recovery: Recovery, log: Logger, file: string): void {
  const reasons = (reason: string) => read.pieces.filter((p) => p.reason === reason).length;
  if (read.lost.length > 0)
    log.error('damaged outbox records were kept aside: records confirmed as saved are missing or unreadable', {
      records: read.lost.length,
      changes: recovery.changes,
      inDoubt: recovery.inDoubt,
      cutInsideARecord: reasons('cut inside a record') > 0,
      file,
    });
  if (read.foreignMark) log.error('the outbox log does not match its watermark (replaced or restored)', {});
  if (reasons('out of order') > 0)
    log.error('outbox records were out of order; replayed in their places', { records: reasons('out of order') });
  const foreign = reasons('repeated record') + reasons('not of this log');
  if (foreign > 0) log.error('outbox lines that do not belong to this log were kept aside', { lines: foreign, file });
  const damaged = reasons('damaged record');
  if (damaged > 0 && read.lost.length === 0)
    log.error('damaged outbox lines were kept aside; no confirmed record is missing', { lines: damaged, file });
  const unknownShape = reasons('not readable by this version');
  if (unknownShape > 0)
    log.error('queued changes of a shape this version cannot read were kept aside', { records: unknownShape, file });
  if (reasons('unfinished last write') > 0)
    log.warn('an unfinished last write (crash during a write) was kept aside', { file });
}

/** Whether anything is at `path` (not following a link). */
function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
