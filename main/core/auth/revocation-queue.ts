/**
 * Revocations that could not reach the service (signed out while offline), kept encrypted and
 * retried until the service has them. The local wipe never waits for this.
 */
import { z } from 'zod';
import type { KeyValueStore, Logger, SecretCipher } from '../platform';
import { OAuthErrorResponse, type OAuthClient } from './oauth-client';

const KEY = 'vault.pendingRevocations';
const itemSchema = z.object({
  token: z.string(),
  hint: z.enum(['access_token', 'refresh_token']),
  clientId: z.string(),
});
type Item = z.infer<typeof itemSchema>;

/** Pending RFC 7009 revocations. */
export class RevocationQueue {
  private memory: Item[] = [];
  /** Tokens the store could not take (the keystore refused): tried with the rest, never written. */
  private unsealed: Item[] = [];
  private flushing: Promise<void> | null = null;
  /** A flush was asked for while one ran (new items, or the service came back): run again. */
  private again = false;
  /** Serializes every read-modify-write of the stored queue. */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly cipher: SecretCipher,
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    private readonly persistent: () => Promise<boolean>,
  ) {}

  /**
   * Revokes now, or keeps the tokens for later when the service cannot be reached. Tokens that cannot be kept (the
   * keystore refuses to seal them) are still revoked now, and retried from memory while this run lasts.
   */
  async revoke(items: Item[], oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    try {
      await this.exclusive(async () => this.save([...(await this.load()), ...items]));
    } catch (error) {
      this.unsealed.push(...items);
      this.log.warn('revocations kept in memory only: they could not be sealed', {
        reason: (error as Error).message,
      });
    }
    await this.flush(oauthFor);
  }

  /** Retries what is pending (after start, and when the service is back). */
  flush(oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.run(oauthFor);
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** How many revocations wait. */
  async pending(): Promise<number> {
    return (await this.load()).length;
  }

  private async run(oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    const done = new Set<string>();
    const stored = await this.exclusive(() => this.load().catch(() => []));
    for (const item of [...stored, ...this.unsealed]) {
      try {
        await oauthFor(item.clientId).revoke(item.token, item.hint);
        done.add(item.token);
      } catch (error) {
        // An OAuth error is the service's final word about that token; anything else is retried.
        if (error instanceof OAuthErrorResponse) done.add(item.token);
        this.log.warn('revocation not confirmed', {
          hint: item.hint,
          willRetry: !(error instanceof OAuthErrorResponse),
        });
      }
    }
    // Drop only what was settled: items queued meanwhile (a sign-out during this run) stay.
    this.unsealed = this.unsealed.filter((item) => !done.has(item.token));
    if (stored.some((item) => done.has(item.token)))
      await this.exclusive(async () => this.save((await this.load()).filter((item) => !done.has(item.token))));
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.lock.then(task, task);
    this.lock = result.catch(() => undefined);
    return result;
  }

  private async load(): Promise<Item[]> {
    if (!(await this.persistent())) return [...this.memory];
    const raw = this.store.get(KEY);
    if (typeof raw !== 'string') return [];
    try {
      return z.array(itemSchema).parse(JSON.parse(await this.cipher.decrypt(Buffer.from(raw, 'base64'))));
    } catch {
      this.store.delete(KEY);
      return [];
    }
  }

  private async save(items: Item[]): Promise<void> {
    if (!(await this.persistent())) {
      this.memory = items;
      return;
    }
    if (items.length === 0) this.store.delete(KEY);
    else this.store.set(KEY, Buffer.from(await this.cipher.encrypt(JSON.stringify(items))).toString('base64'));
  }
}
