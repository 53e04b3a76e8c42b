/**
 * Offline, a range is read back from the answer kept when it was last read: what the store learnt after that (a
 * change made here and sent, another desk's change read by the poller's delta) must win over the kept copy, or the
 * schedule goes back to a time it already left — a moved visit shown at its old time the moment the network drops.
 */
import { describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { call, goOffline, goOnline, moveElsewhere, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 200 }, readAhead: false });

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const HOUR = 3600_000;

/** A whole day (UTC) ahead with three appointments of people that end two hours or more before it does. */
async function busyDay(): Promise<{ begin: string; end: string; items: AgendaItem[]; ids: number[] }> {
  for (let ahead = 2; ahead < 14; ahead++) {
    const day = new Date(Date.now() + ahead * 24 * HOUR);
    day.setUTCHours(0, 0, 0, 0);
    const range = { begin: day.toISOString(), end: new Date(day.getTime() + 24 * HOUR - 1000).toISOString() };
    const agenda = await call(kit.made, 'calendar:range', range);
    const items = agenda.items.filter(
      (i) => i.id > 0 && i.people.length > 0 && Date.parse(i.end) + 2 * HOUR < day.getTime() + 24 * HOUR,
    );
    if (items.length >= 3) return { ...range, items, ids: agenda.items.map((i) => i.id) };
  }
  throw new Error('the seed has no day ahead with three appointments to move');
}

describe('a range read offline', () => {
  it('shows what the store learnt after the range was kept: a sent move, a delta, a move out of the day', async () => {
    const day = await busyDay(); // read online: kept for offline
    const [movedHere, movedElsewhere, movedOut] = day.items;

    // Moved here and sent while online: the range itself is not read again.
    const move = await call(kit.made, 'calendar:update', {
      id: movedHere!.id,
      changes: { start: later(movedHere!.start, HOUR), end: later(movedHere!.end, HOUR) },
      startsAt: movedHere!.start,
    });
    await waitForOp(kit.made, move.id);
    // Another desk moves one; this desk hears of it through the poller's delta.
    const since = new Date(Date.now() - 1000).toISOString();
    expect(
      await moveElsewhere(
        kit.sb,
        movedElsewhere!.id,
        later(movedElsewhere!.start, 2 * HOUR),
        later(movedElsewhere!.end, 2 * HOUR),
      ),
    ).toBe(200);
    // And one to the next day, here, so it leaves this day.
    const away = await call(kit.made, 'calendar:update', {
      id: movedOut!.id,
      changes: { start: later(movedOut!.start, 24 * HOUR), end: later(movedOut!.end, 24 * HOUR) },
      startsAt: movedOut!.start,
    });
    await waitForOp(kit.made, away.id);
    const delta = await call(kit.made, 'calendar:changes', { begin: day.begin, end: day.end, since });
    expect(delta.items.map((i) => i.id)).toContain(movedElsewhere!.id);

    await goOffline(kit.sb, kit.made);
    const offline = await call(kit.made, 'calendar:range', { begin: day.begin, end: day.end });
    expect(offline.source).toBe('cache');
    const shown = (id: number) => offline.items.find((i) => i.id === id);
    expect(Date.parse(shown(movedHere!.id)!.start)).toBe(Date.parse(movedHere!.start) + HOUR);
    expect(Date.parse(shown(movedElsewhere!.id)!.start)).toBe(Date.parse(movedElsewhere!.start) + 2 * HOUR);
    expect(shown(movedOut!.id)).toBeUndefined();
    // Everything else of the day is the kept copy, each appointment once.
    expect(offline.items.map((i) => i.id).sort()).toEqual(day.ids.filter((id) => id !== movedOut!.id).sort());

    // Started again without the service: the kept store still knows what it learnt, and when.
    const made = await kit.restart();
    await made.core.store.ready();
    const again = await call(made, 'calendar:range', { begin: day.begin, end: day.end });
    expect(again.source).toBe('cache');
    expect(Date.parse(again.items.find((i) => i.id === movedHere!.id)!.start)).toBe(
      Date.parse(movedHere!.start) + HOUR,
    );
    expect(again.items.some((i) => i.id === movedOut!.id)).toBe(false);
    await goOnline(kit.sb, made);
  });
});
