/**
 * The outbox's ops by what they touch (outbox/touch-index.ts): after any sequence of changes, an appointment laid over
 * with the changes the index finds for it shows exactly what it shows laid over with every unfinished change, and the
 * creates, a family and a kind are what a scan of every op finds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { applyPending, pendingLookupOf } from '../../../main/core/calendar/pending-items';
import { OpTable } from '../../../main/core/outbox/op-table';
import type { OpKind, OpStatus, OpView, OutboxOp } from '../../../main/core/outbox/types';
import { makeOp } from './support';

const statuses: OpStatus[] = ['queued', 'sending', 'needs_attention', 'done'];
const kinds: OpKind[] = ['event.mark', 'event.update', 'event.delete', 'event.move', 'event.create', 'contact.update'];
const exts = ['x', 'y'];

/** A payload naming an appointment by id and/or external id (a move: the one it leaves, and its new one's). */
const ref = fc.record({ id: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined }), ext: fc.constantFrom(...exts) });

type Step =
  | { t: 'put'; n: number; kind: OpKind; status: OpStatus; r: { id?: number | undefined; ext: string }; state: string }
  | { t: 'upd'; n: number; status: OpStatus }
  | { t: 'del'; n: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant('put' as const),
    n: fc.nat(15),
    kind: fc.constantFrom(...kinds),
    status: fc.constantFrom(...statuses),
    r: ref,
    state: fc.constantFrom('arrived', 'confirmed'),
  }),
  fc.record({ t: fc.constant('upd' as const), n: fc.nat(15), status: fc.constantFrom(...statuses) }),
  fc.record({ t: fc.constant('del' as const), n: fc.nat(15) }),
);

function opOf(s: Extract<Step, { t: 'put' }>, seq: number): OutboxOp {
  const named = { ...(s.r.id !== undefined ? { id: s.r.id } : { external_id: s.r.ext }) };
  const payload: Record<string, unknown> =
    s.kind === 'event.move'
      ? { from: named, external_id: `new-${s.r.ext}`, start_time: '2030-01-01T10:00:00Z' }
      : s.kind === 'event.mark'
        ? { ...named, state: s.state }
        : s.kind === 'event.update'
          ? { ...named, title: `Title ${seq}` }
          : { ...named };
  return makeOp({ id: `op${s.n}`, seq, kind: s.kind, status: s.status, payload, appointmentAt: 1 });
}

const item = (id: number, externalId: string | null): AgendaItem => ({
  id,
  externalId,
  title: 'Visit',
  start: '2030-01-01T09:00:00Z',
  end: '2030-01-01T09:30:00Z',
  calendarName: '',
  location: '',
  notes: '',
  people: [],
  pending: null,
  pendingMark: null,
});

const views = (ops: readonly OutboxOp[]) => ops as unknown as OpView[];
const ids = (ops: readonly { id: string }[]) => ops.map((op) => op.id);

describe('the outbox’s touch index', () => {
  it('finds for each appointment what a scan of every unfinished change lays over it, and no more kinds', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const table = new OpTable();
        for (const [i, s] of steps.entries()) {
          if (s.t === 'put') table.insert(opOf(s, i + 1));
          else if (s.t === 'upd') table.patch(`op${s.n}`, { status: s.status });
          else table.remove(`op${s.n}`);
        }
        const all = table.list();
        const open = all.filter((op) => op.status !== 'done');
        const scan = pendingLookupOf(views(all));
        for (const id of [1, 2, 3, 4])
          for (const ext of [null, ...exts, 'new-x']) {
            const shown = item(id, ext);
            const found = views(table.touches.touching('acct', { id, externalId: ext }));
            expect(applyPending(shown, found)).toEqual(applyPending(shown, scan.touching(shown)));
            // Of its marks, only the last is handed on.
            expect(found.filter((op) => op.kind === 'event.mark').length).toBeLessThanOrEqual(1);
          }
        expect(ids(table.touches.ops('acct', 'creates'))).toEqual(ids(scan.creates()));
        expect(ids(table.touches.ops('acct', 'family:contact'))).toEqual(
          ids(all.filter((op) => op.kind.startsWith('contact.'))),
        );
        expect(ids(table.touches.ops('acct', 'kind:event.mark'))).toEqual(
          ids(open.filter((op) => op.kind === 'event.mark')),
        );
      }),
    );
  });
});
