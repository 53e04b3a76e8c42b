/**
 * The outbox's 256-bit data key (envelope encryption): random, wrapped with the platform cipher and kept in settings.
 * Without a usable keystore the key is kept unwrapped, so queued work still survives (weaker; reported as such).
 */
import { randomBytes } from 'node:crypto';
import type { KeyValueStore, Logger, SecretCipher } from '../platform';

/** Settings key of the wrapped data key. */
export const DATA_KEY_SETTING = 'outbox.dataKey';

type StoredKey = { v: 1; wrapped: string } | { v: 1; plain: string };

/** The key and whether it is protected by the platform's keystore. */
export interface DataKey {
  key: Buffer;
  wrapped: boolean;
  /** True when no key was stored yet (a log that already exists cannot be read with it). */
  fresh: boolean;
}

/** The key cannot be unwrapped right now (keystore locked or changed); the log is left untouched. */
export class DataKeyUnavailableError extends Error {}

function parseStored(value: unknown): StoredKey | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.wrapped === 'string') return { v: 1, wrapped: v.wrapped };
  if (typeof v.plain === 'string') return { v: 1, plain: v.plain };
  return null;
}

async function store(settings: KeyValueStore, cipher: SecretCipher, key: Buffer, available: boolean): Promise<boolean> {
  if (available) {
    const wrapped = Buffer.from(await cipher.encrypt(key.toString('base64'))).toString('base64');
    settings.set(DATA_KEY_SETTING, { v: 1, wrapped });
    return true;
  }
  settings.set(DATA_KEY_SETTING, { v: 1, plain: key.toString('base64') });
  return false;
}

/** Loads the data key, creating it on first use and wrapping an unwrapped one once the keystore is available. */
export async function loadDataKey(settings: KeyValueStore, cipher: SecretCipher, log: Logger): Promise<DataKey> {
  const { available } = await cipher.status();
  const stored = parseStored(settings.get(DATA_KEY_SETTING));
  if (!stored) {
    const key = randomBytes(32);
    const wrapped = await store(settings, cipher, key, available);
    if (!wrapped) log.warn('no keystore: the outbox key is stored unprotected; queued work is kept anyway');
    return { key, wrapped, fresh: true };
  }
  if ('plain' in stored) {
    const key = Buffer.from(stored.plain, 'base64');
    const wrapped = available ? await store(settings, cipher, key, true) : false;
    if (wrapped) log.info('the outbox key is now protected by the keystore');
    return { key, wrapped, fresh: false };
  }
  try {
    const key = Buffer.from(await cipher.decrypt(Buffer.from(stored.wrapped, 'base64')), 'base64');
    if (key.length !== 32) throw new Error('wrong key length');
    return { key, wrapped: true, fresh: false };
  } catch (error) {
    throw new DataKeyUnavailableError(`the outbox key cannot be unwrapped: ${(error as Error).message}`);
  }
}
