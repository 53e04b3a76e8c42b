/**
 * What recovery makes of lost places on its own, before the watermark bounds the count: a lost status update of a
 * change still there is not a lost change (the change is put in doubt instead), a lost put of a change not there is.
 */
import { describe, expect, it } from 'vitest';
import { recover } from '../../../main/core/outbox/log-recovery';
import type { LogRecord } from '../../../main/core/outbox/types';
import { makeOp } from './support';

const sent = makeOp({ id: 'op-sent', status: 'done' });
const waiting = makeOp({ id: 'op-waiting', status: 'queued' });
const placed: { seq: number; record: LogRecord }[] = [
  { seq: 1, record: { t: 'put', op: { ...sent, status: 'queued' } } },
  { seq: 2, record: { t: 'put', op: waiting } },
  { seq: 4, record: { t: 'upd', id: sent.id, s: { status: 'done' } } },
];

describe('log recovery', () => {
  it('a lost status update of a change still there counts no lost change, and puts that change in doubt', () => {
    const found = recover(placed, [{ seq: 3, hint: { t: 'u', id: waiting.id } }]);
    expect(found.changes).toBe(0);
    expect(found.inDoubt).toBe(1);
    expect(found.records.at(-1)).toEqual({ t: 'upd', id: waiting.id, s: { ambiguous: true } });
  });

  it('a lost put of a change that is not there counts one lost change', () => {
    expect(recover(placed, [{ seq: 3, hint: { t: 'p', id: 'op-gone' } }]).changes).toBe(1);
  });

  it('a lost place whose kind cannot be read may have been any change: it counts, and every waiting one is in doubt', () => {
    const found = recover(placed, [{ seq: 3, hint: null }]);
    expect(found.changes).toBe(1);
    expect(found.inDoubt).toBe(1);
  });
});
