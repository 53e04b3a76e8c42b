/**
 * Nothing queued is ever dropped silently. Bytes of the outbox log that cannot be read (a damaged record, a torn last
 * write, a whole log sealed with a key that is gone) are copied here byte for byte before the log is rewritten
 * without them, and the user is told how many with the place to find them. The notice stays until the user has seen
 * it (acknowledge); the kept bytes stay for support.
 */
import { appendFile, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '../../../common/parse-unknown';
import { NO_FOLLOW } from '../no-follow';

/** One piece of the log that could not be read. */
export interface UnreadablePiece {
  /** Where in the file it was. */
  offset: number;
  bytes: Buffer;
  reason:
    | 'damaged record'
    | 'not readable by this version'
    | 'unfinished last write'
    | 'cut inside a record'
    | 'out of order'
    | 'repeated record'
    | 'not of this log'
    | 'sealed with another key'
    | 'file could not be written';
}

/** What the user is told (counts add up until acknowledged). */
export interface KeptAsideNotice {
  /** At most this many changes may not have been sent (0 with `unsure` when no bound is known). */
  count: number;
  /** The app cannot tell whether the log is whole (its watermark was gone): more may be missing than `count`. */
  unsure?: true;
  /** The file that holds their bytes. */
  file: string;
  /** Epoch ms of the first one not yet acknowledged. */
  since: number;
}

/** The notice as kept on disk (its file is always this folder's kept-aside.jsonl). */
const storedNotice = z
  .object({ count: z.number().int().nonnegative(), since: z.number(), unsure: z.literal(true).optional() })
  .refine((n) => n.count > 0 || n.unsure === true);

/** The outbox folder's store of unreadable pieces and the notice about them. */
export class KeptAside {
  readonly file: string;
  private readonly noticeFile: string;
  private current: KeptAsideNotice | null = null;

  constructor(dir: string) {
    this.file = join(dir, 'kept-aside.jsonl');
    this.noticeFile = join(dir, 'kept-aside-notice.json');
  }

  /** Loads the notice left by an earlier run (if the user has not acknowledged it yet). */
  async load(): Promise<void> {
    try {
      const text = await readFile(this.noticeFile, { encoding: 'utf8', flag: NO_FOLLOW.read });
      const { count, since, unsure } = parseJson(storedNotice, text);
      this.current = { count, file: this.file, since, ...(unsure ? { unsure } : {}) };
    } catch {
      this.current = null;
    }
  }

  /**
   * Copies the pieces here (durably) and adds `count` to the notice (`unsure`: the log could not be checked as whole,
   * so the notice says more may be missing); resolves once both are on disk.
   */
  async keep(source: string, pieces: UnreadablePiece[], count: number, now: number, unsure = false): Promise<void> {
    if (pieces.length === 0 && count === 0 && !unsure) return;
    const lines = pieces.map(
      (p) =>
        `${JSON.stringify({ at: new Date(now).toISOString(), source, offset: p.offset, length: p.bytes.length, reason: p.reason, base64: p.bytes.toString('base64') })}\n`,
    );
    // Never through a link planted at these names (patient data would land outside the folder): the open fails.
    await appendFile(this.file, lines.join(''), { mode: 0o600, flag: NO_FOLLOW.append });
    const fh = await open(this.file, NO_FOLLOW.read);
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (count === 0 && !unsure) return; // kept for support, but nothing the user was told is saved went missing
    this.current = {
      count: (this.current?.count ?? 0) + count,
      file: this.file,
      since: this.current?.since ?? now,
      ...(unsure || this.current?.unsure ? { unsure: true as const } : {}),
    };
    await writeFile(this.noticeFile, JSON.stringify(this.current), { mode: 0o600, flag: NO_FOLLOW.replace });
  }

  /** The notice to show, or null. */
  notice(): KeptAsideNotice | null {
    return this.current;
  }

  /** The user has read the notice: stop showing it (the kept bytes stay). */
  async acknowledge(): Promise<void> {
    this.current = null;
    await rm(this.noticeFile, { force: true });
  }
}
