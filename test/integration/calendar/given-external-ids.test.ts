/**
 * A change queued before its appointment reached the service names it by the external id this desk gave it. A service
 * may answer without external_id (the facts do not show it in the event's answer): the change must still be laid over
 * the appointment as read, in a fresh read, a range, after a restart and in a range kept for offline, until the service has it.
 *
 * The sandbox varies with seed 20, whatever SANDBOX_VARY says: under it GET /v1/event and GET /v1/events leave
 * external_id out or send null (test/sandbox/vary.ts), which this file checks before it relies on it.
 */
import { describe, expect, it } from 'vitest';
import { leavesOut } from '../../sandbox/vary';
import { call, goOffline, goOnline, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';

const SEED = 20;
const kit = useBootstrap({ sandbox: { contacts: 5, events: 20, vary: { seed: SEED, slowMs: 0 } } });

/** The sandbox leaves `field` of `endpoint` out (or null) under this seed. */
const leftOut = (endpoint: string, field: string) => leavesOut(SEED, endpoint, field);

describe('the external ids this desk gave', () => {
  it('lay a change queued before the create was answered over reads that leave external_id out', async () => {
    expect(leftOut('GET /v1/event', 'external_id')).toBe(true);
    expect(leftOut('GET /v1/events', 'events[].external_id')).toBe(true);
    const iso = (ms: number) => new Date(ms).toISOString();
    const start = Math.ceil(Date.now() / 3600_000) * 3600_000 + 2 * 86_400_000;
    const range = { begin: iso(start - 86_400_000), end: iso(start + 86_400_000) };
    // The change cannot go yet: every PUT of an appointment is refused for now (the create is not).
    await kit.admin().faults({ failRate: 1, failStatus: [503], routes: ['/v1/events'], methods: ['PUT'] });
    const create = await call(kit.made, 'calendar:create', {
      calendarId: 1002,
      title: 'Check-up - Grace Hopper',
      start: iso(start),
      end: iso(start + 30 * 60_000),
      participants: [{ name: 'Grace Hopper', phone: '(312) 555-0101' }],
    });
    const change = await call(kit.made, 'calendar:update', {
      externalId: create.id,
      changes: { start: iso(start + 3600_000), end: iso(start + 5400_000) },
      startsAt: iso(start),
    });
    const id = (await waitForOp(kit.made, create.id)).result!.id!;
    // The service has it at the first time, and says nothing of the external id it was given.
    const asService = await ownerGet<{ start_time: string }>(kit.sb, `/v1/event?id=${id}`);
    expect(Date.parse(asService.body.start_time)).toBe(start);
    expect(kit.made.core.outbox.get().get(change.id)?.status).not.toBe('done');

    const fresh = await call(kit.made, 'calendar:event', { id });
    expect(Date.parse(fresh.start)).toBe(start + 3600_000);
    expect(fresh.pending).toMatchObject({ changeId: change.id, change: 'update' });
    const inRange = (await call(kit.made, 'calendar:range', range)).items.filter((i) => i.title.includes('Hopper'));
    expect(inRange.map((i) => [i.id, Date.parse(i.start)])).toEqual([[id, start + 3600_000]]);

    // Reopened with the change still waiting: the kept store still knows the id it gave.
    await kit.restart();
    const again = await call(kit.made, 'calendar:event', { id });
    expect(Date.parse(again.start)).toBe(start + 3600_000);
    expect(again.pending).toMatchObject({ changeId: change.id });
    // Offline, the range kept from the service (without the external id) still shows the change.
    await goOffline(kit.sb, kit.made);
    const kept = await call(kit.made, 'calendar:range', range);
    expect(kept.source).toBe('cache');
    const keptItems = kept.items.filter((i) => i.title.includes('Hopper'));
    expect(keptItems.map((i) => [i.id, Date.parse(i.start)])).toEqual([[id, start + 3600_000]]);

    await goOnline(kit.sb, kit.made);
    kit.made.core.outbox.get().retryNow();
    await waitForOp(kit.made, change.id);
    const sent = await call(kit.made, 'calendar:event', { id });
    expect(Date.parse(sent.start)).toBe(start + 3600_000);
    expect(sent.pending ?? null).toBeNull();
  });
});
