/** A log line of format 1 (before records were bound to their place), sealed as that version did, for the tests. */
import { createCipheriv, randomBytes } from 'node:crypto';
import type { LogRecord } from '../../../main/core/outbox/types';

/** base64(iv | tag | AES-256-GCM(JSON record)) with the format-1 additional data, and its newline. */
export function sealLegacyLine(key: Buffer, record: LogRecord): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from('frontdesk-outbox/1'));
  const body = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);
  return `${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}\n`;
}
