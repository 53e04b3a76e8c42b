/**
 * Reading the log at start-up: every line is opened at its place, and what is missing or out of place is found and
 * handed back (never dropped): a record that cannot be read, a place with no record below the watermark (a deleted
 * line, a cut), a record out of order, repeated, or from another file. Only bytes past the watermark without their
 * newline are an unfinished last write: an append whose caller was never told it was saved.
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { NO_FOLLOW } from '../no-follow';
import type { UnreadablePiece } from './kept-aside';
import { claimedFileId, isLegacyLine, openLegacyLine, parseLine, type LinePrefix, type LogKeys } from './record-codec';
import type { Mark } from './watermark';
import type { HeadRecord, LogRecord } from './types';

/** A place of the log whose record, confirmed as saved, could not be read; `hint` is what its line said it was. */
export interface LostPlace {
  seq: number | null;
  hint: { t: LinePrefix['t']; id: string } | null;
}

/** A readable record and its place. */
export interface PlacedRecord {
  seq: number;
  record: LogRecord;
}

/** What a log file held. */
export interface ReadResult {
  /** 'bound' for format 2, 'legacy' for a file written before records were bound to their place. */
  format: 'empty' | 'legacy' | 'bound';
  /** The file's header (null when missing or unreadable). */
  head: HeadRecord | null;
  /** Readable records in the order of their places. */
  placed: PlacedRecord[];
  lost: LostPlace[];
  /** Everything to keep aside, with why. */
  pieces: UnreadablePiece[];
  /** The watermark names neither this file nor the one it was written from. */
  foreignMark: boolean;
  totalBytes: number;
}

interface Line {
  offset: number;
  bytes: Buffer;
  text: string;
}

/** Reads and checks the log against the watermark `mark` (null when there is none). */
export async function readLog(path: string, keys: LogKeys, mark: Mark | null): Promise<ReadResult> {
  let buf: Buffer;
  try {
    buf = await readFile(path, { flag: NO_FOLLOW.read });
  } catch (error) {
    const failed = error as NodeJS.ErrnoException;
    if (failed.code !== 'ENOENT') {
      // A read that fails (a folder planted at the log's name) does not say which file: the message to the user does.
      failed.path ??= path;
      throw error;
    }
    buf = Buffer.alloc(0);
  }
  const { lines, tail } = splitLines(buf);
  if (lines.length === 0 && !tail && !mark)
    return { format: 'empty', head: null, placed: [], lost: [], pieces: [], foreignMark: false, totalBytes: 0 };
  if (!mark && lines.length > 0 && lines.every((l) => isLegacyLine(l.text))) return readLegacy(keys, lines, tail);
  return readBound(keys, lines, tail, mark, buf.length);
}

function splitLines(buf: Buffer): { lines: Line[]; tail: Line | null } {
  const lines: Line[] = [];
  let offset = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(10, offset);
    if (nl === -1) break;
    const bytes = Buffer.from(buf.subarray(offset, nl + 1));
    lines.push({ offset, bytes, text: bytes.subarray(0, -1).toString('latin1') });
    offset = nl + 1;
  }
  const tail = offset < buf.length ? { offset, bytes: Buffer.from(buf.subarray(offset)), text: '' } : null;
  return { lines, tail };
}

/** Format 1: records in file order, no places; each damaged line may have been any change. */
function readLegacy(keys: LogKeys, lines: Line[], tail: Line | null): ReadResult {
  const result: ReadResult = {
    format: 'legacy',
    head: null,
    placed: [],
    lost: [],
    pieces: [],
    foreignMark: false,
    totalBytes: lines.reduce((n, l) => n + l.bytes.length, tail?.bytes.length ?? 0),
  };
  for (const line of lines) {
    try {
      result.placed.push({ seq: result.placed.length + 1, record: openLegacyLine(keys.key, line.text) });
    } catch {
      result.pieces.push({ offset: line.offset, bytes: line.bytes, reason: 'damaged record' });
      result.lost.push({ seq: null, hint: null });
    }
  }
  if (tail) result.pieces.push({ offset: tail.offset, bytes: tail.bytes, reason: 'unfinished last write' });
  return result;
}

/** Format 2: every record at its place in this file; the watermark says how many places were confirmed. */
function readBound(keys: LogKeys, lines: Line[], tail: Line | null, mark: Mark | null, size: number): ReadResult {
  const result: ReadResult = {
    format: 'bound',
    head: null,
    placed: [],
    lost: [],
    pieces: [],
    foreignMark: false,
    totalBytes: size,
  };
  const first = lines[0];
  const claimed = first ? claimedFileId(first.text) : null;
  if (first && claimed) {
    const { record } = parseLine(keys, claimed, first.text);
    if (record?.t === 'head' && record.file === claimed) result.head = record;
  }
  const fileId = result.head?.file ?? mark?.file ?? null;
  const seen = new Set<number>();
  const hinted = new Map<number, LostPlace['hint']>();
  let highest = 0;
  let lastKnown = 0;
  let unknownSinceKnown = 0;
  for (const line of result.head ? lines.slice(1) : lines) {
    const keep = (reason: UnreadablePiece['reason']) =>
      result.pieces.push({ offset: line.offset, bytes: line.bytes, reason });
    if (line === first && !result.head && line.text.startsWith('2.0.h.')) {
      keep('damaged record'); // the header: not a change
      continue;
    }
    if (isLegacyLine(line.text) || fileId === null) {
      keep(isLegacyLine(line.text) ? 'not of this log' : 'damaged record');
      unknownSinceKnown++;
      continue;
    }
    const { prefix, record, unknownShape } = parseLine(keys, fileId, line.text);
    if (prefix && record && record.t !== 'head' && prefix.seq >= 1) {
      if (seen.has(prefix.seq)) {
        keep('repeated record');
        continue;
      }
      if (prefix.seq < highest) keep('out of order');
      seen.add(prefix.seq);
      result.placed.push({ seq: prefix.seq, record });
      highest = Math.max(highest, prefix.seq);
    } else {
      keep(unknownShape ? 'not readable by this version' : 'damaged record');
      if (!prefix?.macOk || prefix.seq < 1 || prefix.t === 'h' || seen.has(prefix.seq)) {
        unknownSinceKnown++;
        continue;
      }
      hinted.set(prefix.seq, { t: prefix.t, id: prefix.id });
    }
    lastKnown = prefix.seq;
    unknownSinceKnown = 0;
  }
  result.placed.sort((a, b) => a.seq - b.seq);
  // How many places were confirmed: the watermark, when it names this file. Right after a rewrite or compaction it
  // may still name the file this one was written from (the rename is done before the watermark moves on).
  let confirmed = 0;
  if (mark && mark.file === fileId) confirmed = mark.seq;
  else if (mark && !(result.head?.from?.file === mark.file && mark.seq <= result.head.from.seq)) {
    result.foreignMark = true;
    for (let i = 0; i < mark.seq; i++) result.lost.push({ seq: null, hint: null });
  }
  const top = Math.max(confirmed, highest, ...hinted.keys());
  for (let seq = 1; seq <= top; seq++) if (!seen.has(seq)) result.lost.push({ seq, hint: hinted.get(seq) ?? null });
  // Unreadable lines after the last one whose place is known may be records past every known place.
  const missingAfter = result.lost.filter((p) => p.seq !== null && p.seq > lastKnown).length;
  for (let i = missingAfter; i < unknownSinceKnown; i++) result.lost.push({ seq: null, hint: null });
  if (tail) {
    const cutBelowMark = result.lost.some((p) => p.seq !== null && p.seq <= confirmed);
    result.pieces.push({
      offset: tail.offset,
      bytes: tail.bytes,
      reason: cutBelowMark ? 'cut inside a record' : 'unfinished last write',
    });
  }
  return result;
}

/**
 * How many changes a log sealed with another key may hold: its lines say which op each record concerns (not
 * checkable without that key, so at most), a format-1 line may be any change.
 */
export function changesIn(buf: Buffer): number {
  const ids = new Set<string>();
  let legacy = 0;
  for (const line of splitLines(buf).lines) {
    if (isLegacyLine(line.text)) legacy++;
    else if (/^2\.\d+\.p\./.test(line.text)) ids.add(line.text.split('.')[3] ?? '');
  }
  return ids.size + legacy;
}

/** The file beside the log that holds the fingerprint of the key it was sealed with. */
export const KEY_ID_FILE = 'outbox.key-id';

/** A short, non-secret fingerprint of the data key, stored beside the log to tell "another key" from damage. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('frontdesk-outbox-key-id').update(key).digest('hex').slice(0, 16);
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
