/**
 * The outbox's 256-bit data key (envelope encryption): random, wrapped with the platform cipher and kept in its own
 * file beside the log (two copies, see key-file.ts), never in settings: a damaged settings file costs settings, never
 * the queue. A key an older version kept in settings is moved to the file once.
 * Without a usable keystore the key is kept unwrapped, so queued work still survives (weaker; reported as such).
 * A key that cannot be unwrapped (the keystore changed, the browser host's vault.key lost) is never replaced: the log
 * still needs it, so the outbox stays closed, untouched, until the old key is back or the user starts afresh.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeyValueStore, Logger, SecretCipher } from '../platform';
import { NO_FOLLOW } from '../no-follow';
import { changesIn, KEY_ID_FILE, keyFingerprint } from './log-file';
import { KEY_FILES, readKeyCopies, removeStaleKeyTemps, writeKeyCopies, type StoredKey } from './key-file';

/** Settings key where older versions kept the wrapped data key (read once, to move it to the key file). */
export const DATA_KEY_SETTING = 'outbox.dataKey';

/** The key and whether it is protected by the platform's keystore. */
export interface DataKey {
  key: Buffer;
  wrapped: boolean;
  /** True when no key was stored yet (a log that already exists cannot be read with it). */
  fresh: boolean;
}

/**
 * The key cannot be had (keystore locked or changed, key file gone) while the log still needs it; the log and whatever
 * is left of the key are kept untouched.
 */
export class DataKeyUnavailableError extends Error {
  constructor(
    message: string,
    /** Changes in the log that need the key (at most: told from the lines' op ids, without the key). */
    readonly changes: number,
    /** The outbox's own key file, when that is what is lost (else the keystore cannot unwrap it). */
    readonly lostFile: string | null = null,
  ) {
    super(message);
  }
}

/** The key as older versions kept it in settings, or null. */
function legacyKey(value: unknown): StoredKey | null {
  if (!value || typeof value !== 'object') return null;
  const wrapped: unknown = Reflect.get(value, 'wrapped');
  const plain: unknown = Reflect.get(value, 'plain');
  if (typeof wrapped === 'string' && wrapped !== '') return { sealed: 'wrapped', key: wrapped };
  if (typeof plain === 'string' && plain !== '') return { sealed: 'plain', key: plain };
  return null;
}

async function seal(cipher: SecretCipher, key: Buffer, available: boolean): Promise<StoredKey> {
  if (!available) return { sealed: 'plain', key: key.toString('base64') };
  return { sealed: 'wrapped', key: Buffer.from(await cipher.encrypt(key.toString('base64'))).toString('base64') };
}

/** How many changes `<dir>/outbox.log` may hold, without opening its records (no key needed). */
async function countChanges(dir: string): Promise<number> {
  return changesIn(await readFile(join(dir, 'outbox.log')).catch(() => Buffer.alloc(0)));
}

/** Of two whole copies: the one whose key sealed the log (its fingerprint is beside the log), else one that opens. */
async function copyThatFits(dir: string, cipher: SecretCipher, candidates: StoredKey[]): Promise<StoredKey | null> {
  const keyId = (
    await readFile(join(dir, KEY_ID_FILE), { encoding: 'utf8', flag: NO_FOLLOW.read }).catch(() => '')
  ).trim();
  let opens: StoredKey | null = null;
  for (const candidate of candidates) {
    const raw = Buffer.from(candidate.key, 'base64');
    const key =
      candidate.sealed === 'plain'
        ? raw
        : await cipher.decrypt(raw).then(
            (text) => Buffer.from(text, 'base64'),
            () => null,
          );
    if (key?.length !== 32) continue;
    if (keyFingerprint(key) === keyId) return candidate;
    opens ??= candidate;
  }
  return opens;
}

/**
 * Loads the data key of the outbox folder `dir`, creating it on first use, moving one found in settings to the key
 * file, mending a damaged or missing copy from the other, and wrapping an unwrapped one once the keystore is there.
 */
export async function loadDataKey(
  dir: string,
  settings: KeyValueStore,
  cipher: SecretCipher,
  log: Logger,
): Promise<DataKey> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeStaleKeyTemps(dir);
  const { available } = await cipher.status();
  const copies = await readKeyCopies(dir);
  let stored = copies.stored;
  const [first, second] = copies.whole;
  const legacy = legacyKey(settings.get(DATA_KEY_SETTING));
  if (!stored && legacy) {
    await writeKeyCopies(dir, legacy, log, undefined, copies.damaged);
    log.info('moved the outbox key from settings to its own file');
    stored = legacy;
  } else if (stored && first && second && (first.key !== second.key || first.sealed !== second.sealed)) {
    // Two whole copies that differ (one put back from elsewhere): the one the log was sealed with is kept, and the
    // other is set aside, never written over before it is known which one the log needs.
    const fits = await copyThatFits(dir, cipher, [first, second]);
    // When neither opens (the keystore changed), both stay as they are until it is back.
    if (fits) {
      stored = fits;
      const other = KEY_FILES[fits === first ? 1 : 0];
      await writeKeyCopies(dir, fits, log, [other], [other]);
      log.warn('the two copies of the outbox key file differed; the one that fits the log is kept', {
        setAside: other,
      });
    }
  } else if (stored && copies.stale.length > 0) {
    await writeKeyCopies(dir, stored, log, copies.stale, copies.damaged);
    log.warn('a copy of the outbox key file was missing or damaged; it was written again from the other copy', {
      files: copies.stale,
    });
  }
  if (legacy) settings.delete(DATA_KEY_SETTING);
  if (!stored) {
    // No key, yet the log holds changes sealed with one: both copies were lost or damaged. A new key would leave every
    // one of them unreadable for good, so none is written until the old file is back or the user starts afresh.
    const changes = await countChanges(dir);
    if (changes > 0)
      throw new DataKeyUnavailableError(
        'the outbox key file is missing or damaged (both copies)',
        changes,
        join(dir, KEY_FILES[0]),
      );
    const key = randomBytes(32);
    const sealed = await seal(cipher, key, available);
    await writeKeyCopies(dir, sealed, log, undefined, copies.damaged);
    if (sealed.sealed === 'plain')
      log.warn('no keystore: the outbox key is stored unprotected; queued work is kept anyway');
    return { key, wrapped: sealed.sealed === 'wrapped', fresh: true };
  }
  if (stored.sealed === 'plain') {
    const key = Buffer.from(stored.key, 'base64');
    if (!available) return { key, wrapped: false, fresh: false };
    await writeKeyCopies(dir, await seal(cipher, key, true), log);
    log.info('the outbox key is now protected by the keystore');
    return { key, wrapped: true, fresh: false };
  }
  try {
    const key = Buffer.from(await cipher.decrypt(Buffer.from(stored.key, 'base64')), 'base64');
    if (key.length !== 32) throw new Error('wrong key length');
    return { key, wrapped: true, fresh: false };
  } catch (error) {
    throw new DataKeyUnavailableError(
      `the outbox key cannot be unwrapped: ${(error as Error).message}`,
      await countChanges(dir),
    );
  }
}
