/**
 * Small notes this workstation keeps per account that outlive a sign-out (the read cache goes then): today the texts'
 * read marks, thread ids and times only — no name, phone or text. Each note is one file sealed with the vault's
 * cipher, `notes/<account hash>/<key hash>.bin`, and names its account and key inside the seal: a note is handed only
 * to the account it was written for, so another account's sign-in on this workstation is shown nothing of it. Without
 * a keystore (memory-only mode) notes live in memory for the run. Read with the slot's schema: a note that does not
 * parse, or is of another format version, is a miss.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '../../../common/parse-unknown';
import { NO_FOLLOW } from '../no-follow';
import type { Logger, SecretCipher } from '../platform';
import type { CacheSlot } from './read-cache';

/**
 * The format of a note file, written in each: 1. A note kept before files carried their version is of version 1. A
 * new format adds its number here and reads the older ones up to it, or leaves them a miss.
 */
export const NOTE_FORMAT = 1;

/** A note on disk: its format, whose it is, which one, its value and when it was written. */
const storedNote = z.object({
  version: z.number().int().optional(),
  account: z.string(),
  key: z.string(),
  value: z.unknown(),
  savedAt: z.number(),
});

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Per-account notes that outlive sign-out, sealed at rest. */
export class AccountNotes {
  private readonly memory = new Map<string, unknown>();
  /** The write under way per file: writes of one note land in the order they were asked for. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly log: Logger,
    private readonly persistent: () => Promise<boolean>,
  ) {}

  /** The account's note `key`, or null (none, another account's, unreadable, or not of the slot's shape). */
  async get<T>(account: string, slot: CacheSlot<T>, key: string): Promise<T | null> {
    const memoryKey = `${account}\n${key}`;
    if (this.memory.has(memoryKey)) {
      const held = slot.schema.safeParse(this.memory.get(memoryKey));
      return held.success ? held.data : null;
    }
    if (!(await this.persistent())) return null;
    const file = this.fileOf(account, key);
    await this.writes.get(file);
    try {
      const note = parseJson(storedNote, await this.cipher.decrypt(await readFile(file, { flag: NO_FOLLOW.read })));
      // Bound to its account and key inside the seal: a file copied to another account's name is not theirs.
      if (note.account !== account || note.key !== key) return null;
      // Another version's note (a newer app wrote it) is left as it is, for that version.
      if ((note.version ?? 1) !== NOTE_FORMAT) {
        this.log.info('a kept note is of another version; not used', { slot: slot.name, version: note.version });
        return null;
      }
      const parsed = slot.schema.safeParse(note.value);
      if (!parsed.success) {
        this.log.info('a kept note is not of the shape this version reads; not used', { slot: slot.name });
        return null;
      }
      this.memory.set(memoryKey, parsed.data);
      return parsed.data;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      this.log.warn('a kept note could not be read; set aside', { slot: slot.name, reason: (error as Error).message });
      await rename(file, `${file}.damaged`).catch(() => undefined);
      return null;
    }
  }

  /** Keeps the account's note `key` (in memory at once; sealed on disk when the write completes). */
  async put<T>(account: string, slot: CacheSlot<T>, key: string, value: T, savedAt: number): Promise<void> {
    this.memory.set(`${account}\n${key}`, slot.schema.parse(value));
    if (!(await this.persistent())) return;
    const file = this.fileOf(account, key);
    const previous = this.writes.get(file) ?? Promise.resolve();
    const write = previous.then(() => this.write(account, key, file, value, savedAt));
    const kept = write.catch(() => undefined);
    this.writes.set(file, kept);
    void kept.finally(() => {
      if (this.writes.get(file) === kept) this.writes.delete(file);
    });
    await write;
  }

  private async write(account: string, key: string, file: string, value: unknown, savedAt: number): Promise<void> {
    const sealed = await this.cipher.encrypt(JSON.stringify({ version: NOTE_FORMAT, account, key, value, savedAt }));
    await mkdir(join(this.dir, hash(account)), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    // A new file only, never through a link; the rename then replaces whatever is at the name.
    await writeFile(temp, sealed, { mode: 0o600, flag: NO_FOLLOW.create });
    await rename(temp, file);
  }

  private fileOf(account: string, key: string): string {
    return join(this.dir, hash(account), `${hash(key)}.bin`);
  }
}
