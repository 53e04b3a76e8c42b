/**
 * What a drain costs, counted (never timed): the send loop's look for the next changes does not walk every queue on
 * every pass, and a change's answer and the next change's `sending` share one group commit (one fsync), while a
 * record's next change still waits until the answer before it is on disk.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpView, Outbox } from '../../../main/core/outbox';
import { OpLog } from '../../../main/core/outbox/op-log';
import { OpTable } from '../../../main/core/outbox/op-table';
import { logKeys, parseLine, sealLine } from '../../../main/core/outbox/record-codec';
import type { LogRecord, OpState } from '../../../main/core/outbox/types';
import { ChangeTally } from '../../../main/core/outbox/watermark';
import { tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import { makeOp, openTestOutbox, recordOf, ScriptedService, type Call } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

const ok = (call: Call) => ({ contacts: [{ id: 7, ...recordOf(call) }] });

async function open(service: ScriptedService, concurrency: number): Promise<Outbox> {
  const d = tempDir('outbox-drain-cost-');
  dirs.push(d);
  const box = await openTestOutbox({ dataDir: d.dir, service, options: { concurrency } });
  boxes.push(box);
  return box;
}

const drained = (box: Outbox) =>
  waitFor(
    () => {
      const c = box.counts().active;
      return c.queued + c.sending + c.needsAttention === 0;
    },
    { what: 'the outbox drained' },
  );

describe('the cost of a drain', () => {
  it('looks at each queued change a bounded number of times, not once per queue on every pass', () => {
    const n = 2000;
    const table = new OpTable();
    let looks = 0;
    for (let i = 1; i <= n; i++) {
      const op = makeOp({ id: `c${i}`, seq: i });
      const keys = op.recordKeys;
      // Every look at which records a change holds (what deciding "is it first in each of its queues" reads).
      Object.defineProperty(op, 'recordKeys', { enumerable: true, get: () => (looks++, keys) });
      table.insert(op);
    }
    looks = 0;
    // The send loop's passes, as in a drain: the oldest head goes, is sent, is done; the next pass looks again.
    for (let sent = 0; sent < n; sent++) {
      const first = table.heads('acct')[0];
      expect(first?.seq).toBe(sent + 1);
      table.patch(first!.id, { status: 'sending' });
      table.patch(first!.id, { status: 'done' });
    }
    expect(table.heads('acct')).toEqual([]);
    // Walking every queue on every pass looks n²/2 times (two million here); kept as queues change, a few per change.
    expect(looks).toBeLessThanOrEqual(10 * n);
  });

  it('writes a change’s answer and the next change’s sending in one group commit', async () => {
    const n = 30;
    const service = new ScriptedService(ok);
    const box = await open(service, 1);
    for (let i = 1; i <= n; i++) await box.enqueue('contact.create', { address_book_id: 1, name: `Person ${i}` });
    const commits = vi.spyOn(
      OpLog.prototype as unknown as { writeBatch(batch: unknown[]): Promise<void> },
      'writeBatch',
    );
    box.start();
    await drained(box);
    expect(service.calls).toHaveLength(n);
    expect(service.maxInFlight).toBe(1);
    // Every durable record is still written: `sending` before each request, the answer after it.
    const records = commits.mock.calls.reduce((sum, [batch]) => sum + batch.length, 0);
    expect(records).toBe(2 * n);
    // One request at a time: the first `sending`, then each answer with the next `sending`, then the last answer
    // (n + 1); recording each answer before the next change may start costs 2n.
    expect(commits.mock.calls.length).toBeLessThanOrEqual(n + 2);
  });

  it('still sends a record’s next change only once the answer before it is on disk', async () => {
    const seen: Array<string | undefined> = [];
    let first = '';
    let other = '';
    const service = new ScriptedService(async (call) => {
      const rec = recordOf(call);
      if (rec.name === 'v2') seen.push(box.get(first)?.status);
      // The first change's answer waits until an unrelated change was sent and recorded: the passes of the loop
      // that this makes run while the first change is out must not let the record's next change go.
      if (rec.name === 'v1') await waitFor(() => box.get(other)?.status === 'done', { what: 'the other change' });
      return ok(call);
    });
    const box = await open(service, 4);
    first = (await box.enqueue('contact.create', { address_book_id: 1, name: 'v1', external_id: 'X' })).id;
    await box.enqueue('contact.update', { external_id: 'X', name: 'v2' });
    other = (await box.enqueue('contact.create', { address_book_id: 1, name: 'other' })).id;
    box.start();
    await drained(box);
    expect(service.calls.map((c) => recordOf(c).name)).toEqual(['v1', 'other', 'v2']);
    expect(seen).toEqual(['done']);
  });
  it('keeps the watermark’s counts as records come, the same as counting every change afresh', () => {
    const tally = new ChangeTally();
    const statuses: Array<OpState['status']> = ['queued', 'sending', 'needs_attention', 'done'];
    let seed = 7;
    const pick = (n: number) => ((seed = (seed * 48271) % 2147483647) % n) as number;
    const records: LogRecord[] = [];
    for (let i = 0; i < 3000; i++) {
      const id = `c${pick(60)}`;
      const status = statuses[pick(4)]!;
      const record: LogRecord =
        pick(10) === 0
          ? { t: 'del', id }
          : pick(3) === 0
            ? { t: 'put', op: makeOp({ id, status }) }
            : { t: 'upd', id, s: pick(5) === 0 ? { attempts: 1 } : { status } };
      records.push(record);
      tally.apply(record);
      expect(tally.counts()).toEqual(countAfresh(records));
    }
  });
  it('gives listeners a copy of each change frozen all the way down, made once per change', async () => {
    const service = new ScriptedService(ok);
    const box = await open(service, 1);
    const views: OpView[] = [];
    box.onChange((e) => void (e.type === 'op' && views.push(e.op)));
    const phones = [{ number: '+13125550101', is_primary: true }];
    const queued = await box.enqueue('contact.create', { address_book_id: 1, name: 'Frozen', phone_numbers: phones });
    box.start();
    await drained(box);
    const done = views.at(-1)!;
    expect(done.status).toBe('done');
    expect(box.get(queued.id)).toBe(done);
    const inner = (done.payload.phone_numbers as Array<Record<string, unknown>>)[0]!;
    expect(
      [done, done.payload, done.payload.phone_numbers, inner, done.result, done.recordKeys].every(Object.isFrozen),
    ).toBe(true);
    expect(() => (inner.number = 'changed')).toThrow(TypeError);
    expect(box.get(queued.id)?.payload.phone_numbers).toEqual(phones);
  });
  it('seals every record under an IV of its own, drawn in batches from the system’s random source', () => {
    const keys = logKeys(Buffer.alloc(32, 9));
    const ivs = new Set<string>();
    const n = 1000; // several refills of the pool
    for (let seq = 1; seq <= n; seq++) {
      const record: LogRecord = { t: 'upd', id: 'op-1', s: { status: 'sending', updatedAt: seq } };
      const line = sealLine(keys, 'file-1', seq, record).trimEnd();
      expect(parseLine(keys, 'file-1', line).record).toEqual(record);
      ivs.add(Buffer.from(line.split('.').at(-1)!, 'base64').subarray(0, 12).toString('hex'));
    }
    expect(ivs.size).toBe(n);
  });
});

/** The changes a file has held and those of them still live and not done, counted from every record. */
function countAfresh(records: readonly LogRecord[]): { total: number; waiting: number } {
  const held = new Set<string>();
  const live = new Map<string, boolean>();
  for (const r of records) {
    if (r.t === 'put') {
      held.add(r.op.id);
      live.set(r.op.id, r.op.status !== 'done');
    } else if (r.t === 'del') live.delete(r.id);
    else if (r.s.status !== undefined && live.has(r.id)) live.set(r.id, r.s.status !== 'done');
  }
  return { total: held.size, waiting: [...live.values()].filter(Boolean).length };
}
