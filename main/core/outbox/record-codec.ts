/**
 * One log line. Since format 2 each record is bound to its place: `2.<seq>.<t>.<id>.<mac>.<sealed>` where `seq` is
 * its number in this file, `t` its type (h header, p put, u update, d removal), `id` the op it concerns (the file's
 * own id for the header), `mac` an HMAC of those fields (so a damaged line still says, trustworthily, what it was)
 * and `sealed` = base64(iv | tag | AES-256-GCM(JSON record)) with the file id and the fields as additional data: a
 * line moved to another place, another file (same key) or another op does not open.
 *
 * Format 1 (no prefix: base64 only) is what logs written before the binding hold; it is read only as a whole file
 * with no watermark beside it, and such a file is rewritten in format 2 at once (see log-file.ts).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomFillSync } from 'node:crypto';
import { parseJson } from '../../../common/parse-unknown';
import { storedRecord } from './stored-record';
import type { HeadRecord, LogRecord } from './types';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD_V1 = Buffer.from('frontdesk-outbox/1');
const AAD_V2 = 'frontdesk-outbox/2';
const MAC_CHARS = 16;

/** What a format-2 line says about itself: trustworthy only when `macOk`. */
export interface LinePrefix {
  seq: number;
  t: 'h' | 'p' | 'u' | 'd';
  id: string;
  macOk: boolean;
}

/**
 * A parsed format-2 line: its prefix, and its record when it opened and read. `unknownShape`: it opened (so its
 * bytes are what the app wrote) but its record is not of a shape this version reads (stored-record.ts).
 */
export type ParsedLine = { prefix: LinePrefix | null; record: LogRecord | HeadRecord | null; unknownShape?: true };

const TYPE_OF = { head: 'h', put: 'p', upd: 'u', del: 'd' } as const;

/** Keys for one data key: the AES key itself and a MAC key derived from it. */
export interface LogKeys {
  key: Buffer;
  mac: Buffer;
}

/** Derives the MAC key once per data key. */
export function logKeys(key: Buffer): LogKeys {
  return { key, mac: createHmac('sha256', key).update('frontdesk-outbox/2 place').digest() };
}

/** A short MAC, hex (also used for the watermark's slots). */
export function shortMac(keys: LogKeys, text: string): string {
  return createHmac('sha256', keys.mac).update(text).digest('hex').slice(0, MAC_CHARS);
}

/** The op's id as the prefix holds it: as it is when plain, else a digest (ids are random UUIDs; tests use others). */
export function placeId(id: string): string {
  return /^[A-Za-z0-9-]{1,100}$/.test(id) ? id : `_${createHash('sha256').update(id).digest('base64url').slice(0, 22)}`;
}

const idOf = (record: LogRecord | HeadRecord) =>
  placeId(record.t === 'head' ? record.file : record.t === 'put' ? record.op.id : record.id);

/**
 * Random bytes for IVs, drawn from the system's CSPRNG 256 IVs at a time: one call per record costs more than the
 * rest of the sealing of a small status update. Each IV is copied out and its bytes never handed out again.
 */
const ivPool = Buffer.alloc(IV_BYTES * 256);
let ivAt = ivPool.length;

function freshIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  const iv = Buffer.from(ivPool.subarray(ivAt, ivAt + IV_BYTES));
  ivAt += IV_BYTES;
  return iv;
}

/** Encrypts a record into a complete format-2 line (with its newline) for place `seq` of file `fileId`. */
export function sealLine(keys: LogKeys, fileId: string, seq: number, record: LogRecord | HeadRecord): string {
  const fields = `${seq}.${TYPE_OF[record.t]}.${idOf(record)}`;
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', keys.key, iv);
  cipher.setAAD(Buffer.from(`${AAD_V2}\0${fileId}\0${fields}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(record), 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  return `2.${fields}.${shortMac(keys, `${fileId}\0${fields}`)}.${sealed}\n`;
}

/** True for a line of the format before records were bound to their place. */
export function isLegacyLine(line: string): boolean {
  return !line.startsWith('2.');
}

const PREFIX = /^2\.(\d{1,15})\.([hpud])\.([A-Za-z0-9_-]{1,200})\.([0-9a-f]{16})\.([A-Za-z0-9+/=]+)$/;

/** Reads a format-2 line (without its newline) as a line of file `fileId`; what cannot be read is null. */
export function parseLine(keys: LogKeys, fileId: string, line: string): ParsedLine {
  const m = PREFIX.exec(line);
  if (!m) return { prefix: null, record: null };
  const [, seqText, t, id, mac, sealed] = m as unknown as [string, string, LinePrefix['t'], string, string, string];
  const fields = `${seqText}.${t}.${id}`;
  const prefix: LinePrefix = { seq: Number(seqText), t, id, macOk: mac === shortMac(keys, `${fileId}\0${fields}`) };
  let plain: string;
  try {
    plain = open(keys.key, Buffer.from(sealed, 'base64'), `${AAD_V2}\0${fileId}\0${fields}`);
  } catch {
    return { prefix, record: null };
  }
  try {
    const record = parseJson(storedRecord, plain);
    if (TYPE_OF[record.t] !== t || idOf(record) !== id) throw new Error('record does not match its place');
    return { prefix, record };
  } catch {
    return { prefix, record: null, unknownShape: true };
  }
}

/** Reads the file id a header line claims (not yet checked: parseLine with it checks it). */
export function claimedFileId(line: string): string | null {
  const m = PREFIX.exec(line);
  return m && m[1] === '0' && m[2] === 'h' ? (m[3] ?? null) : null;
}

/** Decrypts a format-1 line (without its newline); throws when it is torn, altered or sealed with another key. */
export function openLegacyLine(key: Buffer, line: string): LogRecord {
  const record = parseJson(storedRecord, open(key, Buffer.from(line, 'base64'), AAD_V1));
  if (record.t === 'head') throw new Error('unknown outbox record');
  return record;
}

function open(key: Buffer, raw: Buffer, aad: string | Buffer): string {
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('short outbox record');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(typeof aad === 'string' ? Buffer.from(aad) : aad);
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** A fresh file id. */
export function newFileId(): string {
  return randomBytes(12).toString('hex');
}
