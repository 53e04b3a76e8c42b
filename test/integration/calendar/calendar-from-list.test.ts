/**
 * A service that names no calendar's zone and leaves an event's calendar name and zone out (the documents show
 * neither): each calendar's zone comes from the booking pages that book it, and each appointment, wherever it is read
 * (a person's next one, a range, one appointment), is named and told by its calendar as the list has it.
 *
 * The sandbox varies with seed 14, whatever SANDBOX_VARY says: under it GET /v1/calendars sends `time_zone: null` and
 * GET /v1/events leaves out `calendar_name` and sends `time_zone: null` (test/sandbox/vary.ts), checked below.
 */
import { describe, expect, it } from 'vitest';
import { leavesOut } from '../../sandbox/vary';
import { call, ownerGet, useBootstrap } from '../../support/bootstrap';

const SEED = 14;
const kit = useBootstrap({ sandbox: { contacts: 50, events: 300, vary: { seed: SEED, slowMs: 0 } } });

/** The sandbox leaves `field` of `endpoint` out (or null) under this seed. */
const leftOut = (endpoint: string, field: string) => leavesOut(SEED, endpoint, field);

const SATELLITE = 'Satellite Office (SQL)';

describe('calendars and appointments named from the calendar list', () => {
  it('takes a calendar’s zone from its booking pages, and names each appointment by its calendar', async () => {
    expect(leftOut('GET /v1/calendars', 'calendars[].time_zone')).toBe(true);
    expect(leftOut('GET /v1/events', 'events[].time_zone')).toBe(true);
    expect(leftOut('GET /v1/events', 'events[].calendar_name')).toBe(true);
    expect(leftOut('GET /v1/event', 'calendar_name')).toBe(true);

    const list = await call(kit.made, 'calendar:calendars');
    expect(list.practiceZone).toBe('America/Chicago');
    const zones = Object.fromEntries(list.calendars.map((c) => [c.name, c.timeZone]));
    // Denver's page books the satellite alone; the Chicago pages book the others.
    expect(zones[SATELLITE]).toBe('America/Denver');
    expect(zones['Dr. Amelia Hart']).toBe('America/Chicago');
    const satellite = list.calendars.find((c) => c.name === SATELLITE)!;

    // A person's next appointment (a month's read of its own, before any other read of it) is told on its calendar's
    // clock and named by it.
    const now = Date.now();
    const asService = await ownerGet<{ events: { calendar_id: number; participants: { phone: string }[] }[] }>(
      kit.sb,
      '/v1/events',
      { begin: new Date(now).toISOString(), end: new Date(now + 14 * 86_400_000).toISOString(), page_size: 200 },
    );
    const phone = asService.body.events
      .filter((e) => e.calendar_id === satellite.id)
      .flatMap((e) => e.participants.map((p) => p.phone))
      .find(Boolean)!;
    const next = await call(kit.made, 'contacts:next-appointments', {
      people: [{ key: 'p', phones: [phone], emails: [] }],
    });
    const hit = next[0]!.next!;
    expect(hit.calendarName).not.toBe('');
    expect(hit.zone).toBe(zones[hit.calendarName]);

    const range = await call(kit.made, 'calendar:range', {
      begin: new Date(now - 86_400_000).toISOString(),
      end: new Date(now + 14 * 86_400_000).toISOString(),
    });
    const there = range.items.filter((i) => i.id > 0 && i.calendarId === satellite.id);
    expect(there.length).toBeGreaterThan(0);
    for (const item of there) expect([item.calendarName, item.zone]).toEqual([SATELLITE, 'America/Denver']);
    expect(range.items.filter((i) => i.id > 0).every((i) => i.calendarName !== '' && i.zone)).toBe(true);

    const one = await call(kit.made, 'calendar:event', { id: there[0]!.id });
    expect(one.calendarName).toBe(SATELLITE);
  });
});
