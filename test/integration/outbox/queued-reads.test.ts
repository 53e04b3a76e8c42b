/**
 * Queued work costs reads nothing: the outbox files its changes by what they touch (main/core/outbox/touch-index.ts),
 * so a schedule read walks the changes of the appointments it shows (of each, its last mark only) and a contact search
 * the contact changes alone. Counted, not timed: the changes each read looks at (`OutboxEvents.view`, the one way an
 * op leaves the outbox) stay the same however many marks wait for another appointment.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { OutboxEvents } from '../../../main/core/outbox/outbox-events';
import type { OutboxOp } from '../../../main/core/outbox/types';
import { call, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 20, events: 120 } });

const DAY = 86_400_000;
const around = (from: number, to: number) => ({
  begin: new Date(Date.now() + from * DAY).toISOString(),
  end: new Date(Date.now() + to * DAY).toISOString(),
});
const shownRange = around(-1, 2);

afterEach(() => vi.restoreAllMocks());

/** The changes each read looks at, by appointment id (a mark or change names it in its payload). */
function countLooks(): { of(id: number): number; all(): number; reset(): void } {
  const looked: OutboxOp[] = [];
  const view = OutboxEvents.prototype.view;
  vi.spyOn(OutboxEvents.prototype, 'view').mockImplementation(function (this: OutboxEvents, op: OutboxOp) {
    looked.push(op);
    return view.call(this, op);
  });
  return {
    of: (id) => looked.filter((op) => op.payload.id === id).length,
    all: () => looked.length,
    reset: () => void looked.splice(0),
  };
}

const mark = (item: AgendaItem, state: 'arrived' | 'confirmed') =>
  call(kit.made, 'calendar:mark', { eventId: item.id, state, startsAt: item.start });

describe('reads with work queued', () => {
  it('walk only the changes of what they show, however much else waits', async () => {
    const shown = (await call(kit.made, 'calendar:range', shownRange)).items.filter((i) => i.id > 0);
    const shownIds = new Set(shown.map((i) => i.id));
    const far = (await call(kit.made, 'calendar:range', around(3, 30))).items.find(
      (i) => i.id > 0 && !shownIds.has(i.id),
    );
    const [here] = shown;
    expect(far, 'an appointment outside the range read').toBeDefined();
    expect(here, 'an appointment in the range read').toBeDefined();
    await call(kit.made, 'contacts:search', { query: 'an' });

    // Marks are refused, so each appointment's first waits for the desk and the rest wait behind it: nothing moves.
    await kit.admin().faults({ failRate: 1, failStatus: [422], routes: ['/v1/event/mark'] });
    await waitForOp(kit.made, (await mark(far!, 'arrived')).id, 'needs_attention');
    await waitForOp(kit.made, (await mark(here!, 'arrived')).id, 'needs_attention');
    await mark(here!, 'confirmed');
    await mark(here!, 'arrived');
    const contact = (await call(kit.made, 'contacts:search', { query: 'an' })).items.find((c) => c.id !== null)!;
    await call(kit.made, 'contacts:update', { id: contact.id!, changes: { firstName: 'Queued' } });
    await kit.made.core.outbox.get().settled();

    const looks = countLooks();
    const reads = async () => {
      looks.reset();
      const range = await call(kit.made, 'calendar:range', shownRange);
      const atRange = { far: looks.of(far!.id), here: looks.of(here!.id), all: looks.all() };
      looks.reset();
      const search = await call(kit.made, 'contacts:search', { query: 'an' });
      return { range, search, atRange, atSearch: looks.all() };
    };
    const before = await reads();

    for (let i = 0; i < 300; i++) await mark(far!, i % 2 ? 'arrived' : 'confirmed');
    await kit.made.core.outbox.get().settled();
    const after = await reads();

    // What is shown is the same: the last mark of the appointment in view, the contact change.
    expect(after.range.items.find((i) => i.id === here!.id)?.pendingMark).toBe('arrived');
    expect(after.search.items.find((c) => c.id === contact.id)?.firstName).toBe('Queued');
    // The schedule read looked at no change of the appointment it does not show, and at one of the one it shows.
    expect(after.atRange.far).toBe(0);
    expect(after.atRange.here).toBe(1);
    expect(after.atRange.all).toBe(before.atRange.all);
    // The contact search looked at its contact change alone.
    expect(after.atSearch).toBe(1);
    expect(before.atSearch).toBe(1);
  });
});
