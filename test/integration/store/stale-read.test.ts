/**
 * A read that was on its way while a change made here was sent is older than the store's record of it: it brings
 * back neither a cancelled appointment nor an old time. The sandbox holds the read's answer (`answerLatencyMs`, made
 * before the change, delivered after it was sent), as a slow network does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgendaItem, StoreChange } from '../../../common/contract';
import { call, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 200 }, readAhead: false });

afterEach(async () => kit.admin().clearFaults());

/** A future appointment with people, as the schedule has it. */
async function someAppointment(): Promise<AgendaItem> {
  const begin = new Date(Date.now() + 86_400_000);
  const end = new Date(Date.now() + 8 * 86_400_000);
  const { items } = await call(kit.made, 'calendar:range', { begin: begin.toISOString(), end: end.toISOString() });
  const found = items.find((a) => a.people.length > 0 && a.id > 0 && !a.pending);
  if (!found) throw new Error('the seed has no appointment in the coming week');
  return found;
}

/** Starts a read of the appointment whose answer the sandbox holds; resolves once the sandbox has made it. */
async function heldRead(id: number): Promise<{ answer: Promise<AgendaItem> }> {
  await kit.admin().faults({ answerLatencyMs: 1_500, routes: ['/v1/event'] });
  const before = (await kit.admin().stats()).faultsInjected.latency;
  const answer = call(kit.made, 'calendar:event', { id });
  // The answer is made (the sandbox counts it as held) before anything is changed.
  for (let i = 0; i < 200 && (await kit.admin().stats()).faultsInjected.latency === before; i++)
    await new Promise((r) => setImmediate(r));
  // Only this answer is held: the change's own reads and writes go at once.
  await kit.admin().clearFaults();
  // In an object: an async function's promise of a promise would wait for the answer itself.
  return { answer };
}

const pushesOf = () => {
  const pushes: StoreChange[] = [];
  const stop = kit.made.core.events.attach((channel, payload) => {
    if (channel === 'store:changed') pushes.push(payload as StoreChange);
  });
  return { pushes, stop };
};

describe('a read older than a change sent meanwhile', () => {
  it('does not bring back an appointment cancelled while it was on its way', async () => {
    const a = await someAppointment();
    const read = await heldRead(a.id);
    const cancel = await call(kit.made, 'calendar:cancel', { id: a.id, startsAt: a.start });
    await waitForOp(kit.made, cancel.id);
    const { pushes, stop } = pushesOf();
    await read.answer;
    stop();
    expect(kit.made.core.store.appointment(a.id), 'the store still has it cancelled').toBeNull();
    expect(pushes.flatMap((c) => c.appointments).map((x) => x.id)).not.toContain(a.id);
    expect(kit.made.core.store.current([a])).toEqual([]);
  });

  it('does not put back the old time of an appointment moved while it was on its way', async () => {
    const a = await someAppointment();
    const read = await heldRead(a.id);
    const start = new Date(Date.parse(a.start) + 3_600_000).toISOString();
    const end = new Date(Date.parse(a.end) + 3_600_000).toISOString();
    const move = await call(kit.made, 'calendar:update', { id: a.id, changes: { start, end }, startsAt: a.start });
    await waitForOp(kit.made, move.id);
    const { pushes, stop } = pushesOf();
    const answer = await read.answer;
    stop();
    expect(Date.parse(kit.made.core.store.appointment(a.id)!.start)).toBe(Date.parse(start));
    expect(Date.parse(answer.start), 'the screen that asked is told the time as it now is').toBe(Date.parse(start));
    for (const told of pushes.flatMap((c) => c.appointments).filter((x) => x.id === a.id))
      expect(Date.parse(told.start)).toBe(Date.parse(start));
  });
});
