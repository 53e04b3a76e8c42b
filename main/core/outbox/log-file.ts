/** Reading the log at start-up: decrypt line by line, drop a torn tail, set aside a log no key can read. */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import type { Logger } from '../platform';
import { openLine } from './record-codec';
import type { LogRecord } from './types';

/** What a log file held. */
export interface ReadResult {
  records: LogRecord[];
  /** Byte length of the readable prefix; anything after it is a torn tail to cut off. */
  goodBytes: number;
  totalBytes: number;
  /** Complete lines that failed to decrypt and were followed by good ones (corruption, not a torn write). */
  skipped: number;
  /** Complete lines at the end that failed, plus a last line without its newline (torn write); cut off. */
  tornLines: number;
  /** Complete lines that failed anywhere. */
  failedLines: number;
}

/** Decrypts every complete line; a last line without its newline is torn (the append never finished). */
export async function readLog(path: string, key: Buffer): Promise<ReadResult> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], goodBytes: 0, totalBytes: 0, skipped: 0, tornLines: 0, failedLines: 0 };
    throw error;
  }
  const records: LogRecord[] = [];
  let offset = 0;
  let goodBytes = 0;
  let failedSinceGood = 0;
  let skipped = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(10, offset);
    if (nl === -1) break;
    try {
      records.push(openLine(key, buf.subarray(offset, nl).toString('ascii')));
      skipped += failedSinceGood;
      failedSinceGood = 0;
      goodBytes = nl + 1;
    } catch {
      failedSinceGood++;
    }
    offset = nl + 1;
  }
  const tornLines = failedSinceGood + (offset < buf.length ? 1 : 0);
  return { records, goodBytes, totalBytes: buf.length, skipped, tornLines, failedLines: skipped + failedSinceGood };
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

/** Moves an unreadable log aside (kept for forensics, never deleted) so a fresh one can start. */
export async function setAside(path: string, reason: string, log: Logger): Promise<string> {
  const aside = `${path}.unreadable-${Date.now()}`;
  await rename(path, aside);
  log.error('the outbox log cannot be read with the current key; it was set aside and a new one started', {
    reason,
    file: aside,
  });
  return aside;
}

/** Removes a snapshot left behind by a crash during compaction (the log it would have replaced is intact). */
export async function removeStaleTemp(path: string): Promise<void> {
  await rm(`${path}.tmp`, { force: true });
}
