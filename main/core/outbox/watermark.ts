/**
 * The watermark: the last record of the outbox log known to be on disk (file id and place), in `outbox.mark` beside
 * the log. It is written only after the log's fsync that made that record durable, so it never claims more than the
 * log holds, and on start every place up to it must be there: a cut or a deleted record below it is a change lost,
 * not an unfinished write. Two fixed slots are written in turn (each with a generation and a MAC), so a torn write
 * of one leaves the other; a write is a small pwrite and a datasync, no rename, cheap enough for every group commit.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { shortMac, type LogKeys } from './record-codec';

/** A place in a log file. */
export interface Mark {
  file: string;
  seq: number;
}

const SLOT_BYTES = 512;
const SLOT_RE = /^m2\.(\d{1,15})\.([0-9a-f]{1,64})\.(\d{1,15})\.([0-9a-f]{16})\n/;
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
    const fields = `${gen}.${mark.file}.${mark.seq}`;
    const text = `m2.${fields}.${shortMac(this.keys, `mark\0${fields}`)}\n`;
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
  const m = SLOT_RE.exec(text);
  if (!m) return null;
  const [, gen, file, seq, mac] = m as unknown as [string, string, string, string, string];
  if (mac !== shortMac(keys, `mark\0${gen}.${file}.${seq}`)) return null;
  return { gen: Number(gen), mark: { file, seq: Number(seq) } };
}
