/** One log line = base64(iv | tag | AES-256-GCM(JSON record)) + "\n"; the tag also detects torn or altered lines. */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { LogRecord } from './types';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('frontdesk-outbox/1');

/** Encrypts a record into a complete line (with its newline). */
export function sealLine(key: Buffer, record: LogRecord): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);
  return `${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}\n`;
}

/** Decrypts a line (without its newline); throws when it is torn, altered or sealed with another key. */
export function openLine(key: Buffer, line: string): LogRecord {
  const raw = Buffer.from(line, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('short outbox record');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(AAD);
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  const record = JSON.parse(plain) as LogRecord;
  if (!record || (record.t !== 'put' && record.t !== 'upd' && record.t !== 'del'))
    throw new Error('unknown outbox record');
  return record;
}
