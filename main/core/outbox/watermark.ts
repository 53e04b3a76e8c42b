/**
 * The watermark: the last record of the outbox log known to be on disk (file id and place), in `outbox.mark` beside
 * the log. It is written only after the log's fsync that made that record durable, so it never claims more than the
 * log holds, and on start every place up to it must be there: a cut or a deleted record below it is a change lost,
 * not an unfinished write. Two fixed slots are written in turn (each with a generation and a MAC), so a torn write
 * of one leaves the other; a write is a small pwrite and a datasync, no rename, cheap enough for every group commit.
 * Each slot also carries two counts as of the marked record (kept in memory as records become durable, so the write
 * costs nothing more): the changes the file has held and those not yet confirmed sent. When records below the mark
 * are lost they bound the notice by change ("Up to 5 changes"), where one lost record each would say 14.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { shortMac, type LogKeys } from './record-codec';
import type { LogRecord } from './types';

/** A place in a log file. */
export interface Mark {
  file: string;
  seq: number;
  /**
   * As of that record: how many changes this file has held (every op put in it, once each) and how many of the live
   * ones were not yet confirmed sent. They bound the notice by change, not record, when records below the mark are
   * lost (absent in a mark written by an older version).
   */
  total?: number;
  waiting?: number;
}

/** Counts, record by record, what a mark carries: the changes a file has held and those not yet confirmed sent. */
export class ChangeTally {
  private readonly held = new Set<string>();
  private readonly live = new Map<string, boolean>();
  /** How many of `live` are not yet confirmed sent, kept as records come (every group commit asks). */
  private waiting = 0;

  /** The tally of a file written with `records`. */
  static of(records: readonly LogRecord[]): ChangeTally {
    const tally = new ChangeTally();
    for (const record of records) tally.apply(record);
    return tally;
  }

  apply(record: LogRecord): void {
    const id = record.t === 'put' ? record.op.id : record.id;
    if (this.live.get(id) === true) this.waiting--;
    if (record.t === 'put') {
      this.held.add(record.op.id);
      this.live.set(record.op.id, record.op.status !== 'done');
    } else if (record.t === 'del') this.live.delete(record.id);
    else if (record.s.status !== undefined && this.live.has(record.id))
      this.live.set(record.id, record.s.status !== 'done');
    if (this.live.get(id) === true) this.waiting++;
  }

  counts(): { total: number; waiting: number } {
    return { total: this.held.size, waiting: this.waiting };
  }
}

const SLOT_BYTES = 512;
const SLOT_RE = /^m2\.(\d{1,15})\.([0-9a-f]{1,64})\.(\d{1,15})\.([0-9a-f]{16})\n/;
const SLOT3_RE = /^m3\.((\d{1,15})\.([0-9a-f]{1,64})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15}))\.([0-9a-f]{16})\n/;
// Never follow a link planted at the file's name (O_NOFOLLOW is undefined on Windows).
const FLAGS = constants.O_RDWR | constants.O_CREAT | ((constants as Partial<typeof constants>).O_NOFOLLOW ?? 0);

/** The watermark file of one outbox folder. */
export class Watermark {
  private constructor(
    private readonly fh: FileHandle,
    private readonly keys: LogKeys,
    private generation: number,
    /** What the file says now (null when nothing readable). */
    public current: Mark | null,
  ) {}

  /** Opens (or creates) the file and reads the newest readable slot. */
  static async open(path: string, keys: LogKeys): Promise<Watermark> {
    const fh = await open(path, FLAGS, 0o600);
    try {
      const buf = Buffer.alloc(SLOT_BYTES * 2);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      let best: { gen: number; mark: Mark } | null = null;
      for (const at of [0, SLOT_BYTES]) {
        if (bytesRead <= at) continue;
        const slot = readSlot(keys, buf.subarray(at, Math.min(bytesRead, at + SLOT_BYTES)).toString('latin1'));
        if (slot && (!best || slot.gen > best.gen)) best = slot;
      }
      return new Watermark(fh, keys, best?.gen ?? 0, best?.mark ?? null);
    } catch (error) {
      await fh.close();
      throw error;
    }
  }

  /** Records `mark` durably (call only once the log's records up to it are fsynced). */
  async write(mark: Mark): Promise<void> {
    const gen = this.generation + 1;
    const fields = `${gen}.${mark.file}.${mark.seq}.${mark.total ?? 0}.${mark.waiting ?? 0}`;
    const text = `m3.${fields}.${shortMac(this.keys, `mark3\0${fields}`)}\n`;
    await this.fh.write(Buffer.from(text.padEnd(SLOT_BYTES, ' '), 'latin1'), 0, SLOT_BYTES, (gen % 2) * SLOT_BYTES);
    await this.fh.datasync();
    this.generation = gen;
    this.current = { ...mark };
  }

  /** Closes the file. */
  close(): Promise<void> {
    return this.fh.close();
  }
}

function readSlot(keys: LogKeys, text: string): { gen: number; mark: Mark } | null {
  const m3 = SLOT3_RE.exec(text);
  if (m3) {
    const [, fields, gen, file, seq, total, waiting, mac] = m3 as unknown as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (mac !== shortMac(keys, `mark3\0${fields}`)) return null;
    const mark = { file, seq: Number(seq), total: Number(total), waiting: Number(waiting) };
    return { gen: Number(gen), mark };
  }
  const m = SLOT_RE.exec(text);
  if (!m) return null;
  const [, gen, file, seq, mac] = m as unknown as [string, string, string, string, string];
  if (mac !== shortMac(keys, `mark\0${gen}.${file}.${seq}`)) return null;
  return { gen: Number(gen), mark: { file, seq: Number(seq) } };
}
