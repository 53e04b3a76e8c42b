/**
 * A mark made with Undo (a single key on the schedule) waits out the Undo window in the outbox: withdrawn within it,
 * it never reaches the service (which has no value that clears a check-in); left alone, it is sent once the window
 * has passed. A mark from the menu is sent at once. Time is the test's fake clock, never the real one.
 */
import { describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS, type AgendaItem } from '../../../common/contract';
import { call, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';
import { fakeClock } from '../../support/fake-clock';

const clock = fakeClock();
const kit = useBootstrap({ sandbox: { contacts: 20, events: 120 }, core: { clock } });

interface ServiceEvent {
  id: number;
  participants: { check_in_state?: string | null }[];
}

/** The check-in states of an appointment's people, read straight from the sandbox. */
async function checkIns(id: number): Promise<(string | null)[]> {
  const { body } = await ownerGet<ServiceEvent>(kit.sb, '/v1/event', { id });
  return body.participants.map((p) => p.check_in_state ?? null);
}

/** Appointments of the coming week that have people and no check-in yet. */
async function unmarked(): Promise<AgendaItem[]> {
  const now = clock.now();
  const agenda = await call(kit.made, 'calendar:range', {
    begin: new Date(now).toISOString(),
    end: new Date(now + 7 * 86_400_000).toISOString(),
  });
  return agenda.items.filter((i) => i.id > 0 && i.people.length > 0 && i.people.every((p) => !p.checkIn));
}

describe('a mark offered with Undo', () => {
  it('is held for the Undo window: withdrawn in it, nothing reaches the service', async () => {
    const [item] = await unmarked();
    const op = await call(kit.made, 'calendar:mark', {
      eventId: item!.id,
      state: 'arrived',
      startsAt: item!.start,
      undoable: true,
    });
    expect(op.status).toBe('queued');
    // The outbox waits for the window to pass (its timer is due then), not for anything else.
    expect(Math.max(...clock.pending())).toBeGreaterThanOrEqual(clock.now() + UNDO_WINDOW_MS - 1000);
    expect(await call(kit.made, 'calendar:withdraw', { id: op.id })).toEqual({ withdrawn: true });
    clock.advance(UNDO_WINDOW_MS + 1000);
    // A later write to the same appointment goes out; the withdrawn mark never went before it.
    const later = await call(kit.made, 'calendar:mark', {
      eventId: item!.id,
      state: 'confirmed',
      startsAt: item!.start,
    });
    await waitForOp(kit.made, later.id);
    expect(await checkIns(item!.id)).toEqual(item!.people.map(() => null));
  });

  it('is sent once the window has passed', async () => {
    const [, item] = await unmarked();
    const op = await call(kit.made, 'calendar:mark', {
      eventId: item!.id,
      state: 'noshow',
      startsAt: item!.start,
      undoable: true,
    });
    clock.advance(UNDO_WINDOW_MS);
    await waitForOp(kit.made, op.id);
    expect(new Set(await checkIns(item!.id))).toEqual(new Set(['noshow']));
  });

  it('from the menu (no Undo) is sent at once, without the clock moving', async () => {
    const [, , item] = await unmarked();
    const op = await call(kit.made, 'calendar:mark', { eventId: item!.id, state: 'late', startsAt: item!.start });
    await waitForOp(kit.made, op.id);
    expect(new Set(await checkIns(item!.id))).toEqual(new Set(['late']));
  });
});
