/**
 * AES-256-GCM secret cipher with its key in a 0600 file next to the data. Weaker than the OS
 * keystore (anyone who can read the user's files can read the key); used by the browser host.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkPrivateFile } from '../core/data-folder';
import type { SecretCipher } from '../core/platform';

const VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Reads the key file, creating it (mode 0600, exclusive) on first use. */
function loadOrCreateKey(path: string): Buffer {
  // A key someone else could read, or planted, is refused: what it seals would not be private.
  checkPrivateFile(path, 'key file');
  try {
    const key = readFileSync(path);
    if (key.length !== KEY_BYTES) throw new Error(`key file ${path} has the wrong length`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, key);
  } finally {
    closeSync(fd);
  }
  chmodSync(path, 0o600);
  return key;
}

/** Creates the file-key cipher. */
export function createFileCipher(keyPath: string): SecretCipher {
  let key: Buffer | null = null;
  const getKey = () => (key ??= loadOrCreateKey(keyPath));
  return {
    status: async () => ({ available: true, backend: 'aes-256-gcm-keyfile' }),
    async encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    async decrypt(data) {
      const buf = Buffer.from(data);
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) throw new Error('not a Frontdesk ciphertext');
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', getKey(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
