/**
 * The outbox's ops of each account filed by what they touch, kept as ops come, change and go, so a read lays over
 * what it shows only the changes that name it: O(those changes), never O(everything queued). Ten thousand marks
 * waiting for the service cost a contact search nothing, and a week's schedule one look per appointment.
 *
 * Keys (each op under as many as apply):
 * - `family:<f>`: every op of a family of kinds (`contact`, `event`, `booking`, …), finished ones too until they go.
 * - `event:id:<n>` / `event:ext:<x>`: unfinished changes to an existing appointment by the id or external id their
 *   payload names (a move also under the appointment it leaves, and under its new one's external id); marks apart,
 *   as `mark:id:<n>` / `mark:ext:<x>`, since only the last mark of an appointment shows.
 * - `creates`: unfinished ops that make an appointment (a booking, a new appointment, a move's new one).
 * - `kind:<kind>`: the unfinished ops of one kind (a series, a list entry).
 */
import type { OutboxOp } from './types';

type Bucket = Map<string, OutboxOp>;

const bySeq = (a: OutboxOp, b: OutboxOp) => a.seq - b.seq;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Kinds whose op makes an appointment that a range shows before the service has it. */
const CREATES = new Set(['booking.book_now', 'event.create', 'event.move']);

/** The keys an op is filed under (see the file's comment). */
function touchKeysOf(op: Pick<OutboxOp, 'kind' | 'status' | 'payload'>): string[] {
  const keys = [`family:${op.kind.split('.')[0]!}`];
  if (op.status === 'done') return keys;
  keys.push(`kind:${op.kind}`);
  if (CREATES.has(op.kind)) keys.push('creates');
  if (!op.kind.startsWith('event.') || op.kind === 'event.create') return keys;
  const prefix = op.kind === 'event.mark' ? 'mark' : 'event';
  const add = (ref: unknown) => {
    if (!isRecord(ref)) return;
    if (typeof ref.id === 'number') keys.push(`${prefix}:id:${ref.id}`);
    if (typeof ref.external_id === 'string' && ref.external_id !== '') keys.push(`${prefix}:ext:${ref.external_id}`);
  };
  // A move names the appointment it leaves (`from`) and its new one by its own external id.
  if (op.kind === 'event.move') {
    add(op.payload.from);
    add({ external_id: op.payload.external_id });
  } else add(op.payload);
  return [...new Set(keys)];
}

/** Ops by account and touch key. */
export class TouchIndex {
  private readonly accounts = new Map<string, Map<string, Bucket>>();
  /** The keys each op is filed under now (so it is taken out of exactly those). */
  private readonly filed = new Map<string, { account: string; keys: string[] }>();

  /** Files an op as it now stands (a new op, or one whose status or payload changed). */
  put(op: OutboxOp): void {
    this.drop(op.id);
    const keys = touchKeysOf(op);
    let buckets = this.accounts.get(op.accountKey);
    if (!buckets) this.accounts.set(op.accountKey, (buckets = new Map()));
    for (const key of keys) {
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = new Map()));
      bucket.set(op.id, op);
    }
    this.filed.set(op.id, { account: op.accountKey, keys });
  }

  /** Takes an op out of the index. */
  drop(id: string): void {
    const was = this.filed.get(id);
    if (!was) return;
    this.filed.delete(id);
    const buckets = this.accounts.get(was.account);
    if (!buckets) return;
    for (const key of was.keys) {
      const bucket = buckets.get(key);
      bucket?.delete(id);
      if (bucket?.size === 0) buckets.delete(key);
    }
    if (buckets.size === 0) this.accounts.delete(was.account);
  }

  /** The account's ops under `key`, in queue order. */
  ops(account: string, key: string): OutboxOp[] {
    const bucket = this.accounts.get(account)?.get(key);
    return bucket ? [...bucket.values()].sort(bySeq) : [];
  }

  /** The newest op under `key` (the last in queue order), or null. */
  last(account: string, key: string): OutboxOp | null {
    const bucket = this.accounts.get(account)?.get(key);
    let newest: OutboxOp | null = null;
    if (bucket) for (const op of bucket.values()) if (!newest || op.seq > newest.seq) newest = op;
    return newest;
  }

  /**
   * The unfinished changes that name an appointment (by its id or external id), in queue order, its marks cut to the
   * last one: what `calendar/pending-items.ts` lays over it.
   */
  touching(account: string, item: { id: number; externalId?: string | null | undefined }): OutboxOp[] {
    const refs = [`id:${item.id}`, ...(item.externalId ? [`ext:${item.externalId}`] : [])];
    const found = new Set<OutboxOp>();
    let mark: OutboxOp | null = null;
    for (const ref of refs) {
      for (const op of this.accounts.get(account)?.get(`event:${ref}`)?.values() ?? []) found.add(op);
      const last = this.last(account, `mark:${ref}`);
      if (last && (!mark || last.seq > mark.seq)) mark = last;
    }
    if (mark) found.add(mark);
    return found.size < 2 ? [...found] : [...found].sort(bySeq);
  }
}
