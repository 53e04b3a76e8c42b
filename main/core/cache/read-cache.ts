/**
 * The last good answer of each query, per account, encrypted at rest with the vault's cipher
 * (it holds patients' names and phones). Without a keystore it lives in memory only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger, SecretCipher } from '../platform';

/** A cached answer and when it was read from the service. */
export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Encrypted per-account cache of query results. */
export class ReadCache {
  private readonly memory = new Map<string, CacheEntry<unknown>>();

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly log: Logger,
    private readonly persistent: () => Promise<boolean>,
  ) {}

  /** The cached entry, or null (missing, unreadable, or another account's). */
  async get<T>(account: string, key: string): Promise<CacheEntry<T> | null> {
    const memoryHit = this.memory.get(`${account}\n${key}`) as CacheEntry<T> | undefined;
    if (memoryHit || !(await this.persistent())) return memoryHit ?? null;
    try {
      const plain = await this.cipher.decrypt(await readFile(this.fileOf(account, key)));
      const entry = JSON.parse(plain) as { account: string; key: string } & CacheEntry<T>;
      if (entry.account !== account || entry.key !== key) return null;
      this.memory.set(`${account}\n${key}`, { value: entry.value, fetchedAt: entry.fetchedAt });
      return { value: entry.value, fetchedAt: entry.fetchedAt };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn('a cached view could not be read', { reason: (error as Error).message });
      return null;
    }
  }

  /** Stores the latest good answer. */
  async put<T>(account: string, key: string, value: T, fetchedAt: number): Promise<void> {
    this.memory.set(`${account}\n${key}`, { value, fetchedAt });
    if (!(await this.persistent())) return;
    const file = this.fileOf(account, key);
    const sealed = await this.cipher.encrypt(JSON.stringify({ account, key, value, fetchedAt }));
    await mkdir(join(this.dir, hash(account)), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, sealed, { mode: 0o600 });
    await rename(temp, file);
  }

  /** Forgets everything cached for an account (sign-out). */
  async wipeAccount(account: string): Promise<void> {
    for (const key of [...this.memory.keys()]) if (key.startsWith(`${account}\n`)) this.memory.delete(key);
    await rm(join(this.dir, hash(account)), { recursive: true, force: true });
  }

  private fileOf(account: string, key: string): string {
    return join(this.dir, hash(account), `${hash(key)}.bin`);
  }
}
