/** The per-account index that views read: always the same answer as filtering every op, whatever happens. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpTable } from '../../../main/core/outbox/op-table';
import type { OpStatus } from '../../../main/core/outbox/types';
import { makeOp } from './support';

const accounts = ['a', 'b', 'c'];
const statuses: OpStatus[] = ['queued', 'sending', 'needs_attention', 'done'];

type Step =
  | { t: 'put'; id: number; account: string; status: OpStatus; seq: number }
  | { t: 'upd'; id: number; status: OpStatus }
  | { t: 'del'; id: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant('put' as const),
    id: fc.nat(20),
    account: fc.constantFrom(...accounts),
    status: fc.constantFrom(...statuses),
    seq: fc.nat(1000),
  }),
  fc.record({ t: fc.constant('upd' as const), id: fc.nat(20), status: fc.constantFrom(...statuses) }),
  fc.record({ t: fc.constant('del' as const), id: fc.nat(20) }),
);

describe('op table: per-account reads', () => {
  it('unfinished, done, list and counts agree with a scan of every op after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const table = new OpTable();
        for (const [i, s] of steps.entries()) {
          // Sequence numbers are unique in the outbox (one counter); random order, never a tie.
          if (s.t === 'put')
            table.insert(makeOp({ id: `op${s.id}`, seq: s.seq * 1000 + i, accountKey: s.account, status: s.status }));
          else if (s.t === 'upd') table.patch(`op${s.id}`, { status: s.status });
          else table.remove(`op${s.id}`);
        }
        const all = [...table.ops.values()];
        for (const account of accounts) {
          const mine = all.filter((op) => op.accountKey === account).sort((x, y) => x.seq - y.seq);
          expect(table.unfinished(account)).toEqual(mine.filter((op) => op.status !== 'done'));
          expect(new Set(table.done(account))).toEqual(new Set(mine.filter((op) => op.status === 'done')));
          expect(table.list(account)).toEqual(mine);
          const open = mine.filter((op) => op.status !== 'done');
          const counts = {
            queued: open.filter((op) => op.status === 'queued').length,
            sending: open.filter((op) => op.status === 'sending').length,
            needsAttention: open.filter((op) => op.status === 'needs_attention').length,
          };
          expect(table.counts()[account]).toEqual(open.length ? counts : undefined);
        }
      }),
    );
  });
});
