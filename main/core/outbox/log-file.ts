/** Reading the log at start-up: decrypt line by line, and hand back whatever cannot be read rather than drop it. */
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { UnreadablePiece } from './kept-aside';
import { openLine } from './record-codec';
import type { LogRecord } from './types';

/** What a log file held. */
export interface ReadResult {
  records: LogRecord[];
  /** The readable lines, byte for byte (with their newlines), in order: what a rewritten log keeps. */
  goodLines: Buffer[];
  /** Complete lines that could not be read (altered, damaged, or sealed with another key). */
  damaged: UnreadablePiece[];
  /** A last line without its newline: an append that never finished (its caller was never told it was saved). */
  torn: UnreadablePiece | null;
  totalBytes: number;
}

const EMPTY: ReadResult = { records: [], goodLines: [], damaged: [], torn: null, totalBytes: 0 };

/** Decrypts every complete line; nothing is dropped: what cannot be read is returned as pieces to keep aside. */
export async function readLog(path: string, key: Buffer): Promise<ReadResult> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY;
    throw error;
  }
  const result: ReadResult = { records: [], goodLines: [], damaged: [], torn: null, totalBytes: buf.length };
  let offset = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(10, offset);
    if (nl === -1) {
      result.torn = { offset, bytes: Buffer.from(buf.subarray(offset)), reason: 'unfinished last write' };
      break;
    }
    const line = buf.subarray(offset, nl + 1);
    try {
      result.records.push(openLine(key, line.subarray(0, -1).toString('ascii')));
      result.goodLines.push(Buffer.from(line));
    } catch {
      result.damaged.push({ offset, bytes: Buffer.from(line), reason: 'damaged record' });
    }
    offset = nl + 1;
  }
  return result;
}

/** A short, non-secret fingerprint of the data key, stored beside the log to tell "another key" from damage. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('frontdesk-outbox-key-id').update(key).digest('hex').slice(0, 16);
}

/** Replaces the file with `lines` (temp file, fsync, rename, fsync the folder): a crash leaves one or the other. */
export async function rewriteFile(path: string, lines: Buffer[]): Promise<void> {
  const temp = `${path}.tmp`;
  const out = await open(temp, 'w', 0o600);
  try {
    await out.writeFile(Buffer.concat(lines));
    await out.sync();
  } finally {
    await out.close();
  }
  await rename(temp, path);
  fsyncDir(dirname(path));
}

/** Makes a rename or a new file durable (POSIX); Windows cannot open directories and needs no such step. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not supported on this platform
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes a snapshot left behind by a crash during compaction (the log it would have replaced is intact). */
export async function removeStaleTemp(path: string): Promise<void> {
  await rm(`${path}.tmp`, { force: true });
}
