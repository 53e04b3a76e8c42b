/** Ordering: only the oldest unfinished op of each record (and of every record an op touches) may be sent. */
import { describe, expect, it } from 'vitest';
import { OpTable } from '../../../main/core/outbox/op-table';
import { makeOp } from './support';

const ids = (table: OpTable, account = 'acct') => table.heads(account).map((op) => op.id);

describe('op table', () => {
  it('offers one op per record, oldest first, and the next once it is done', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'c1', seq: 1, recordKeys: ['contact:x:1'] }));
    t.insert(makeOp({ id: 'c1-edit', seq: 3, recordKeys: ['contact:x:1'] }));
    t.insert(makeOp({ id: 'c2', seq: 2, recordKeys: ['contact:x:2'] }));
    expect(ids(t)).toEqual(['c1', 'c2']);
    t.patch('c1', { status: 'done' });
    expect(ids(t)).toEqual(['c2', 'c1-edit']);
  });

  it('keeps seq order when ops arrive out of order (replay, edit)', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'late', seq: 9, recordKeys: ['r'] }));
    t.insert(makeOp({ id: 'early', seq: 2, recordKeys: ['r'] }));
    expect(ids(t)).toEqual(['early']);
  });

  it('blocks a record behind an op that is being sent or needs attention', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'a', seq: 1, recordKeys: ['r'], status: 'needs_attention' }));
    t.insert(makeOp({ id: 'b', seq: 2, recordKeys: ['r'] }));
    expect(ids(t)).toEqual([]);
    t.patch('a', { status: 'sending' });
    expect(ids(t)).toEqual([]);
    t.remove('a');
    expect(ids(t)).toEqual(['b']);
  });

  it('makes an op with several keys wait for every one of them', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'contact', seq: 1, recordKeys: ['contact:x:p'] }));
    t.insert(makeOp({ id: 'event', seq: 2, recordKeys: ['event:x:e', 'contact:x:p'] }));
    t.insert(makeOp({ id: 'mark', seq: 3, recordKeys: ['event:x:e'] }));
    expect(ids(t)).toEqual(['contact']);
    t.patch('contact', { status: 'done' });
    expect(ids(t)).toEqual(['event']);
    t.patch('event', { status: 'done' });
    expect(ids(t)).toEqual(['mark']);
  });

  it('keeps accounts apart and counts each', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'a1', accountKey: 'A', recordKeys: ['r'] }));
    t.insert(makeOp({ id: 'b1', accountKey: 'B', recordKeys: ['r'] }));
    t.insert(makeOp({ id: 'b2', accountKey: 'B', seq: 2, recordKeys: ['s'], status: 'needs_attention' }));
    expect(ids(t, 'A')).toEqual(['a1']);
    expect(ids(t, 'B')).toEqual(['b1']);
    expect(t.counts()).toEqual({
      A: { queued: 1, sending: 0, needsAttention: 0 },
      B: { queued: 1, sending: 0, needsAttention: 1 },
    });
  });

  it('re-queues an edited op under its new keys, keeping its place', () => {
    const t = new OpTable();
    t.insert(makeOp({ id: 'x', seq: 1, recordKeys: ['booking:p:09:00'], status: 'needs_attention' }));
    t.insert(makeOp({ id: 'y', seq: 2, recordKeys: ['booking:p:10:00'] }));
    t.insert(makeOp({ id: 'x', seq: 1, recordKeys: ['booking:p:10:00'] }));
    expect(ids(t)).toEqual(['x']);
  });
});
