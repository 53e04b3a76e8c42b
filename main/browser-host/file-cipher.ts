/**
 * AES-256-GCM secret cipher with its key in a 0600 file next to the data. Weaker than the OS
 * keystore (anyone who can read the user's files can read the key); used by the browser host.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkPrivateFile } from '../core/data-folder';
import { NO_FOLLOW } from '../core/no-follow';
import type { SecretCipher } from '../core/platform';

const VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key file is missing, and what it sealed still needs it: no new key is written in its place. */
class KeyFileMissingError extends Error {
  override name = 'KeyFileMissingError';
}

/** Reads the key file; a missing one is created (mode 0600, exclusive) only when `missing` is 'create'. */
function loadKey(path: string, missing: 'create' | 'refuse' | 'read'): Buffer {
  // A key someone else could read, or planted, is refused: what it seals would not be private.
  checkPrivateFile(path, 'key file');
  try {
    const key = readFileSync(path, { flag: NO_FOLLOW.read });
    if (key.length !== KEY_BYTES) throw new Error(`key file ${path} has the wrong length`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (missing === 'read')
      throw new KeyFileMissingError(`The key file ${path} is missing, so what was sealed with it cannot be read.`);
    if (missing === 'refuse')
      throw new KeyFileMissingError(
        `The key file ${path} is missing, and the changes waiting on this computer still need it, so Frontdesk will not make a new one. Put it back from a backup and restart Frontdesk, or start a new, empty outbox.`,
      );
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const fd = openSync(path, NO_FOLLOW.create, 0o600);
  try {
    writeSync(fd, key);
  } finally {
    closeSync(fd);
  }
  chmodSync(path, 0o600);
  return key;
}

/**
 * Creates the file-key cipher. Decrypting never writes a key file (a missing one means what it sealed cannot be read);
 * encrypting writes one only when `mayCreateKey()` says nothing on disk still needs the old one.
 */
export function createFileCipher(keyPath: string, mayCreateKey: () => boolean = () => true): SecretCipher {
  let key: Buffer | null = null;
  const getKey = (create: boolean) =>
    (key ??= loadKey(keyPath, !create ? 'read' : mayCreateKey() ? 'create' : 'refuse'));
  return {
    status: async () => ({ available: true, backend: 'aes-256-gcm-keyfile' }),
    async encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', getKey(true), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    async decrypt(data) {
      const buf = Buffer.from(data);
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) throw new Error('not a Frontdesk ciphertext');
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', getKey(false), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
