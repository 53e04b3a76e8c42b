/**
 * Keeps the session encrypted at rest (OS keystore via the platform cipher). When the keystore
 * is missing or is Linux's `basic_text`, the session stays in memory unless an admin opted in
 * to the weaker storage. A vault that cannot be read means "signed out", never a crash.
 */
import type { KeyValueStore, Logger, SecretCipher } from '../platform';
import { storedSessionSchema, type StoredSession } from './session-types';

const KEY = 'vault.session';
/** Where an unreadable saved sign-in is kept (settings keys are dotted paths: a sibling, not a child). */
const DAMAGED_KEY = 'vault.damagedSession';

/** How the session is kept on this workstation. */
export type VaultStorage = 'keystore' | 'weak-opt-in' | 'memory';

/** Encrypted persistence of the session. */
export class TokenVault {
  private memory: StoredSession | null = null;
  private storageMode: VaultStorage | null = null;

  constructor(
    private readonly cipher: SecretCipher,
    private readonly store: KeyValueStore,
    private readonly log: Logger,
    private readonly allowWeakStorage = false,
  ) {}

  /** Decides (once) whether sessions can be written to disk. */
  async storage(): Promise<VaultStorage> {
    if (this.storageMode) return this.storageMode;
    let status = { available: false, backend: 'unknown' };
    try {
      status = await this.cipher.status();
    } catch (error) {
      this.log.warn('secret storage check failed', { error: (error as Error).message });
    }
    this.storageMode = status.available
      ? 'keystore'
      : this.allowWeakStorage && status.backend !== 'unknown'
        ? 'weak-opt-in'
        : 'memory';
    if (this.storageMode !== 'keystore')
      this.log.warn('secure storage unavailable', { backend: status.backend, mode: this.storageMode });
    return this.storageMode;
  }

  /** The saved session, or null when none, unreadable or corrupt. */
  async load(): Promise<StoredSession | null> {
    if ((await this.storage()) === 'memory') return this.memory;
    const raw = this.store.get(KEY);
    if (raw === undefined || raw === null) return null;
    try {
      if (typeof raw !== 'string') throw new Error('not a string');
      const plain = await this.cipher.decrypt(Buffer.from(raw, 'base64'));
      const parsed = storedSessionSchema.safeParse(JSON.parse(plain));
      if (!parsed.success) throw new Error('unexpected shape');
      return parsed.data;
    } catch (error) {
      this.log.warn('the saved sign-in could not be read; kept aside, signing out', {
        reason: (error as Error).message,
      });
      this.setAside(raw);
      return null;
    }
  }

  /** Saves the session; resolves only once it is durable (or held in memory). */
  async save(session: StoredSession): Promise<void> {
    const mode = await this.storage();
    if (mode === 'memory') {
      this.memory = session;
      return;
    }
    const sealed = await this.cipher.encrypt(JSON.stringify(session));
    this.store.set(KEY, Buffer.from(sealed).toString('base64'));
  }

  /** Forgets the session everywhere. */
  async clear(): Promise<void> {
    this.memory = null;
    this.safeDelete();
  }

  /** Keeps an unreadable saved sign-in under another name (for support) and forgets it as the session. */
  private setAside(raw: unknown): void {
    try {
      this.store.set(DAMAGED_KEY, raw);
    } catch (error) {
      this.log.error('could not keep the unreadable sign-in aside', { error: (error as Error).message });
    }
    this.safeDelete();
  }

  private safeDelete(): void {
    try {
      this.store.delete(KEY);
    } catch (error) {
      this.log.error('could not remove the saved sign-in', { error: (error as Error).message });
    }
  }
}
