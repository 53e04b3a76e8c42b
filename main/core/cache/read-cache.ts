/**
 * The last good answer of each query, per account, encrypted at rest with the vault's cipher (it holds patients'
 * names and phones). Without a keystore it lives in memory only. Bounded: least recently used answers are dropped
 * (memory and disk together) once the cache holds more than its byte budget, so a day of searches cannot grow it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJson } from '../../../common/parse-unknown';
import { NO_FOLLOW } from '../no-follow';
import type { Logger, SecretCipher } from '../platform';

/** A cached answer and when it was read from the service. */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
}

/**
 * One kind of cached answer and the schema its copies are read with: a copy that does not parse (written by another
 * version, or damaged) is a miss, never handed on.
 */
export interface CacheSlot<T> {
  /** What the slot holds, for the log. */
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

/** A slot of the read cache. */
export function cacheSlot<T>(name: string, schema: z.ZodType<T>): CacheSlot<T> {
  return { name, schema };
}

/** A copy on disk: whose it is, which query it answers, the answer and when it was read. */
const storedEntry = z.object({
  account: z.string(),
  key: z.string(),
  value: z.unknown(),
  fetchedAt: z.number(),
});

/** Default byte budget of the whole cache (sealed sizes on disk; JSON sizes in memory-only mode). */
const DEFAULT_CACHE_BUDGET = 32 * 1024 * 1024;

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

interface Slot {
  bytes: number;
  /** The memory key (`account\nkey`) when known; files found on disk at start are known only by name. */
  memoryKey: string | null;
}

/** Encrypted per-account cache of query results. */
export class ReadCache {
  /** Answers in memory, with the slot they were kept through (a read through another slot is a miss). */
  private readonly memory = new Map<string, CacheEntry<unknown> & { slot: CacheSlot<unknown> }>();
  /** Every entry by its file path, least recently used first. */
  private readonly slots = new Map<string, Slot>();
  private total = 0;
  /** The accounts whose files on disk are being or have been listed, once per run (`known`). */
  private readonly scanned = new Map<string, Promise<void>>();
  /** Offline copies being written after their answer was already returned. */
  private readonly writing = new Set<Promise<void>>();
  /** The newest `fetchedAt` stored per entry: an answer read earlier that arrives later never replaces it. */
  private readonly newest = new Map<string, number>();
  /** Accounts wiped at sign-out: answers still arriving for them are not kept, until they sign in again. */
  private readonly closed = new Set<string>();
  /** Core has stopped: nothing more is kept (a read answered after the stop is not written into a folder being left). */
  private shut = false;

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly log: Logger,
    private readonly persistent: () => Promise<boolean>,
    private readonly budgetBytes = DEFAULT_CACHE_BUDGET,
  ) {}

  /** The cached entry, or null (missing, unreadable, another account's, or not of the slot's shape). */
  async get<T>(account: string, slot: CacheSlot<T>, key: string): Promise<CacheEntry<T> | null> {
    const memoryKey = `${account}\n${key}`;
    const file = this.fileOf(account, key);
    const memoryHit = this.memory.get(memoryKey);
    if (memoryHit && memoryHit.slot === slot) {
      this.touch(file);
      // Kept through this very slot, as a T (put and get are typed by it).
      return { value: memoryHit.value as T, fetchedAt: memoryHit.fetchedAt };
    }
    if (!(await this.persistent())) return null;
    // Once the account's files are listed, one not among them is a miss at once: no read of a file that is not there
    // (a key typed for the first time asks for one).
    await this.known(account);
    if (!this.slots.has(file)) return null;
    try {
      // A link at the copy's name is not read through (ELOOP): it is kept aside like a damaged copy.
      const plain = await this.cipher.decrypt(await readFile(file, { flag: NO_FOLLOW.read }));
      const entry = parseJson(storedEntry, plain);
      if (entry.account !== account || entry.key !== key) return null;
      const parsed = slot.schema.safeParse(entry.value);
      if (!parsed.success) {
        // Another version's shape (or a damaged one): a miss; the next answer replaces it.
        this.log.info('a cached view is not of the shape this version reads; not used', { slot: slot.name });
        return null;
      }
      const hit = { value: parsed.data, fetchedAt: entry.fetchedAt };
      this.memory.set(memoryKey, { ...hit, slot });
      const known = this.slots.get(file);
      if (known) known.memoryKey = memoryKey;
      this.touch(file);
      return hit;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      // Kept aside (not counted, wiped with the account's folder at sign-out); the next answer replaces it.
      this.log.warn('a cached view could not be read; kept aside', { reason: (error as Error).message });
      // Not once core has stopped (the folder may be going); a rename under way is waited for by `close()`.
      if (!this.shut) await this.tracked(rename(file, `${file}.damaged`).catch(() => undefined));
      this.forget(file);
      return null;
    }
  }

  /** Stores the latest good answer (in memory at once; on disk when the write completes); `close()` waits for it. */
  put<T>(account: string, slot: CacheSlot<T>, key: string, value: T, fetchedAt: number): Promise<void> {
    if (this.shut) return Promise.resolve();
    return this.tracked(this.write(account, slot, key, value, fetchedAt));
  }

  /** A change on disk that `flush()` and `close()` wait for. */
  private tracked(change: Promise<void>): Promise<void> {
    const settled = change.catch(() => undefined);
    this.writing.add(settled);
    void settled.finally(() => this.writing.delete(settled));
    return change;
  }

  private async write<T>(account: string, slot: CacheSlot<T>, key: string, value: T, fetchedAt: number): Promise<void> {
    if (this.closed.has(account)) return;
    const memoryKey = `${account}\n${key}`;
    const file = this.fileOf(account, key);
    // Two reads of the same view may overlap (a search while the read-ahead runs): the one read last wins, whichever
    // answer arrives last.
    if ((this.newest.get(memoryKey) ?? -Infinity) > fetchedAt) return;
    this.newest.set(memoryKey, fetchedAt);
    this.memory.set(memoryKey, { value, fetchedAt, slot });
    const plain = JSON.stringify({ account, key, value, fetchedAt });
    if (!(await this.persistent())) {
      this.record(file, { bytes: plain.length, memoryKey });
      await this.evict();
      return;
    }
    await this.known(account);
    const sealed = await this.cipher.encrypt(plain);
    if (this.closed.has(account)) return; // signed out meanwhile
    if (this.newest.get(memoryKey) !== fetchedAt) return; // a newer answer came meanwhile; its write goes to disk
    await mkdir(join(this.dir, hash(account)), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    // A new file only, never through a link; the rename then replaces whatever is at the name (a link included).
    await writeFile(temp, sealed, { mode: 0o600, flag: NO_FOLLOW.create });
    await rename(temp, file);
    if (this.closed.has(account)) {
      // The wipe ran while this was being written: it goes too.
      await rm(join(this.dir, hash(account)), { recursive: true, force: true, maxRetries: 3 });
      return;
    }
    this.record(file, { bytes: sealed.length, memoryKey });
    await this.evict();
  }

  /**
   * Stores an answer without making the caller wait for the disk: it is in memory at once, and a failed write is
   * logged (the answer was already shown; only the offline copy is missing).
   */
  remember<T>(account: string, slot: CacheSlot<T>, key: string, value: T, fetchedAt: number): void {
    void this.put(account, slot, key, value, fetchedAt).catch((error: Error) =>
      this.log.warn('a view could not be kept for offline use', { reason: error.message }),
    );
  }

  /** Waits for the offline copies still being written (before a wipe). */
  async flush(): Promise<void> {
    while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
  }

  /**
   * Core stops: the copies being written land, and nothing is kept after (a read still under way when core stopped is
   * answered into memory only, never into a folder the host may be removing).
   */
  async close(): Promise<void> {
    this.shut = true;
    await this.flush();
  }

  /**
   * Forgets everything cached for an account (sign-out); copies still being written land first, then go too, and
   * answers arriving later for it are not kept until `open(account)` (it signs in again).
   */
  async wipeAccount(account: string): Promise<void> {
    this.closed.add(account);
    await this.flush();
    for (const key of [...this.memory.keys()]) if (key.startsWith(`${account}\n`)) this.memory.delete(key);
    for (const key of [...this.newest.keys()]) if (key.startsWith(`${account}\n`)) this.newest.delete(key);
    const folder = join(this.dir, hash(account));
    for (const [file, slot] of [...this.slots]) {
      if (!file.startsWith(folder)) continue;
      this.slots.delete(file);
      this.total -= slot.bytes;
    }
    this.scanned.delete(account);
    // A write racing the removal can make a folder briefly non-empty: retried.
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }

  /** The account signed in (again): its answers are kept. */
  open(account: string): void {
    this.closed.delete(account);
  }

  /** Bytes the cache holds now (for tests and the benchmark). */
  get size(): number {
    return this.total;
  }

  private fileOf(account: string, key: string): string {
    return join(this.dir, hash(account), `${hash(key)}.bin`);
  }

  private touch(file: string): void {
    const slot = this.slots.get(file);
    if (!slot) return;
    this.slots.delete(file);
    this.slots.set(file, slot);
  }

  /** Stops counting a file (moved aside). */
  private forget(file: string): void {
    const slot = this.slots.get(file);
    if (!slot) return;
    this.slots.delete(file);
    this.total -= slot.bytes;
  }

  private record(file: string, slot: Slot): void {
    const old = this.slots.get(file);
    if (old) {
      this.total -= old.bytes;
      this.slots.delete(file);
    }
    this.slots.set(file, slot);
    this.total += slot.bytes;
  }

  /**
   * Learns the files an account already has on disk (from earlier runs), oldest first, once per run; every caller
   * waits for the one listing (a miss is told by it only once it is complete).
   */
  private known(account: string): Promise<void> {
    let scan = this.scanned.get(account);
    if (!scan) this.scanned.set(account, (scan = this.scan(account)));
    return scan;
  }

  private async scan(account: string): Promise<void> {
    const folder = join(this.dir, hash(account));
    let names: string[];
    try {
      names = (await readdir(folder)).filter((n) => n.endsWith('.bin'));
    } catch {
      return;
    }
    const found = await Promise.all(
      names.map(async (name) => {
        const file = join(folder, name);
        const info = await stat(file).catch(() => null);
        return info ? { file, bytes: info.size, at: info.mtimeMs } : null;
      }),
    );
    for (const f of found.filter((x) => x !== null).sort((a, b) => a.at - b.at))
      if (!this.slots.has(f.file)) {
        // Oldest first: these go before anything used in this run.
        this.slots.set(f.file, { bytes: f.bytes, memoryKey: null });
        this.total += f.bytes;
      }
    // Entries of this run were used more recently than anything found on disk: move them to the end again.
    for (const [file, slot] of [...this.slots]) if (slot.memoryKey) this.touch(file);
  }

  /** Drops least recently used entries until the cache fits its budget (never the one just written). */
  private async evict(): Promise<void> {
    while (this.total > this.budgetBytes && this.slots.size > 1) {
      const [file, slot] = this.slots.entries().next().value as [string, Slot];
      this.slots.delete(file);
      this.total -= slot.bytes;
      if (slot.memoryKey) this.memory.delete(slot.memoryKey);
      await rm(file, { force: true }).catch((error: Error) =>
        this.log.warn('a cached view could not be removed', { reason: error.message }),
      );
    }
  }
}
