/**
 * Revocations that could not reach the service (signed out while offline), kept encrypted and
 * retried until the service has them. The local wipe never waits for this.
 */
import { z } from 'zod';
import type { KeyValueStore, Logger, SecretCipher } from '../platform';
import { OAuthErrorResponse, type OAuthClient } from './oauth-client';

const KEY = 'vault.pendingRevocations';
const itemSchema = z.object({ token: z.string(), hint: z.enum(['access_token', 'refresh_token']), clientId: z.string() });
type Item = z.infer<typeof itemSchema>;

/** Pending RFC 7009 revocations. */
export class RevocationQueue {
  private memory: Item[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly cipher: SecretCipher,
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    private readonly persistent: () => Promise<boolean>,
  ) {}

  /** Revokes now, or keeps the tokens for later when the service cannot be reached. */
  async revoke(items: Item[], oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    await this.save([...(await this.load()), ...items]);
    await this.flush(oauthFor);
  }

  /** Retries what is pending (after start, and when the service is back). */
  flush(oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    this.flushing ??= this.run(oauthFor).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** How many revocations wait. */
  async pending(): Promise<number> {
    return (await this.load()).length;
  }

  private async run(oauthFor: (clientId: string) => OAuthClient): Promise<void> {
    const left: Item[] = [];
    for (const item of await this.load()) {
      try {
        await oauthFor(item.clientId).revoke(item.token, item.hint);
      } catch (error) {
        // An OAuth error is the service's final word about that token; anything else is retried.
        if (!(error instanceof OAuthErrorResponse)) left.push(item);
        this.log.warn('revocation not confirmed', { hint: item.hint, willRetry: !(error instanceof OAuthErrorResponse) });
      }
    }
    await this.save(left);
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
