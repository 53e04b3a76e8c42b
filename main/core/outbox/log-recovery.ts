/**
 * After a damaged or cut log: how many changes (not records) may not have been sent, and which changes still there
 * must be checked with the service before they are sent again. A lost status update of a change still there is not
 * a lost change: the change is marked in doubt (reconciled before any resend), so a lost "done" never sends twice.
 */
import type { LostPlace, PlacedRecord, ReadResult } from './log-file';
import { OpTable } from './op-table';
import { placeId } from './record-codec';
import type { LogRecord } from './types';
import type { Mark } from './watermark';

/** What recovery found. */
export interface Recovery {
  /** The records to replay: the readable ones in place order, then the marks of doubt. */
  records: LogRecord[];
  /** At most this many changes may not have been sent (0 when every lost record is accounted for). */
  changes: number;
  /** Changes still there that are now in doubt (checked with the service before being sent). */
  inDoubt: number;
}

/** Works out the changes behind the lost places of a log, and the in-doubt marks for the changes still there. */
export function recover(placed: PlacedRecord[], lost: LostPlace[]): Recovery {
  const records = placed.map((p) => p.record);
  if (lost.length === 0) return { records, changes: 0, inDoubt: 0 };
  const table = new OpTable();
  const lastPut = new Map<string, number>();
  const removedAt = new Map<string, number>();
  for (const { seq, record } of placed) {
    table.apply(record);
    if (record.t === 'put') lastPut.set(placeId(record.op.id), seq);
    if (record.t === 'del') removedAt.set(placeId(record.id), seq);
  }
  const present = new Map([...table.ops.values()].map((op) => [placeId(op.id), op]));
  const lostChanges = new Set<string>();
  const doubt = new Set<string>();
  let unknown = 0;
  for (const { seq, hint } of lost) {
    if (!hint || seq === null) {
      unknown++;
      continue;
    }
    const op = present.get(hint.id);
    if (op) {
      // A status update: the change is still there. An older put was replaced by a later one (an edit).
      if (hint.t === 'u' || (hint.t === 'p' && seq < (lastPut.get(hint.id) ?? 0))) doubt.add(op.id);
      else {
        lostChanges.add(hint.id);
        doubt.add(op.id);
      }
    } else if (hint.t !== 'd' && seq > (removedAt.get(hint.id) ?? 0)) lostChanges.add(hint.id);
  }
  // A record of unknown kind may have been an update of any change still waiting.
  const waiting = [...table.ops.values()].filter((op) => op.status !== 'done');
  const marked = waiting.filter((op) => unknown > 0 || doubt.has(op.id));
  for (const op of marked) records.push({ t: 'upd', id: op.id, s: { ambiguous: true } });
  return { records, changes: lostChanges.size + unknown, inDoubt: marked.length };
}

/**
 * Bounds `changes` (what the lost records may have held) by what the watermark says of its file as of the marked
 * record: of the places lost at or below it, no more changes can be gone than the file had held minus those whose
 * put is still read there, nor than were not yet confirmed sent (a change confirmed sent is not counted). Lost
 * places past the mark, or not placed, still count one each. A mark of another file, or without counts, bounds
 * nothing.
 */
export function boundByMark(
  changes: number,
  read: Pick<ReadResult, 'head' | 'placed' | 'lost'>,
  mark: Mark | null,
): number {
  if (!mark || mark.total === undefined || mark.waiting === undefined) return changes;
  if ((read.head?.file ?? mark.file) !== mark.file) return changes;
  const below = read.lost.filter((p) => p.seq !== null && p.seq <= mark.seq).length;
  if (below === 0) return changes;
  const stillRead = new Set(
    read.placed.flatMap((p) => (p.seq <= mark.seq && p.record.t === 'put' ? [p.record.op.id] : [])),
  );
  const gone = Math.min(below, mark.waiting, Math.max(0, mark.total - stillRead.size));
  return Math.min(changes, gone + read.lost.length - below);
}
