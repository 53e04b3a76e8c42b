/**
 * The schedule's core channels against a real sandbox: calendars and the practice's zone, what changed since a
 * time (new, changed and deleted appointments), one appointment with its messages, and create / change / cancel
 * through the outbox laid over the range until the service has them.
 */
import { describe, expect, it } from 'vitest';
import { call, callRaw, goOffline, goOnline, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 50, events: 300 } });

const owner = () => kit.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
async function ownerWrite(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const { email, apiKey } = owner();
  const res = await fetch(`${kit.sb.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Today ±3 days, as ISO with offsets. */
function week() {
  const now = Date.now();
  return { begin: new Date(now - 3 * 86_400_000).toISOString(), end: new Date(now + 3 * 86_400_000).toISOString() };
}

describe('schedule channels', () => {
  it('lists the calendars and takes the practice zone from most of them', async () => {
    const list = await call(kit.made, 'calendar:calendars');
    expect(list.calendars.map((c) => c.name)).toContain('Dr. Amelia Hart');
    expect(list.calendars.length).toBeGreaterThanOrEqual(4);
    expect(list.practiceZone).toBe('America/Chicago');
  });

  it('reports only what changed since a time: new, changed and deleted appointments', async () => {
    const range = week();
    const before = await call(kit.made, 'calendar:range', range);
    const victim = before.items.find((i) => i.id > 0)!;
    const since = new Date(Date.now() - 1000).toISOString();
    const start = new Date(Date.now() + 3600_000).toISOString();
    const created = (await ownerWrite('POST', '/v1/events', {
      events: [{ calendar_id: 1001, title: 'Booked elsewhere', start_time: start, end_time: start }],
    })) as { events: { id: number }[] };
    await ownerWrite('DELETE', `/v1/events?id=${victim.id}`);
    const changes = await call(kit.made, 'calendar:changes', { ...range, since });
    expect(changes.full).toBe(false);
    expect(changes.items.map((i) => i.title)).toEqual(['Booked elsewhere']);
    expect(changes.items[0]!.id).toBe(created.events[0]!.id);
    expect(changes.removedIds).toEqual([victim.id]);
  });

  it('keeps the practice’s own custom values as the service has them (what Undo copies back)', async () => {
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const made = (await ownerWrite('POST', '/v1/events', {
      events: [
        {
          calendar_id: 1001,
          title: 'Custom values',
          start_time: start,
          end_time: start,
          custom_data: { visit_type: 'follow_up', room: 'x_rays_2', note: 'As Typed' },
        },
      ],
    })) as { events: { id: number }[] };
    const item = await call(kit.made, 'calendar:event', { id: made.events[0]!.id });
    expect(Object.fromEntries((item.customData ?? []).map((c) => [c.key, c.value]))).toEqual({
      visit_type: 'follow_up',
      room: 'x_rays_2',
      note: 'As Typed',
    });
  });

  it('gives one appointment with its people, notes, custom data and recent messages', async () => {
    const range = week();
    const agenda = await call(kit.made, 'calendar:range', range);
    let withMessages = null;
    for (const item of agenda.items.filter((i) => i.people.length > 0 && i.people[0]!.state !== 'initial')) {
      const detail = await call(kit.made, 'calendar:event', { id: item.id });
      if (detail.people.some((p) => (p.messages?.length ?? 0) > 0)) {
        withMessages = detail;
        break;
      }
    }
    expect(withMessages).not.toBeNull();
    const person = withMessages!.people.find((p) => (p.messages?.length ?? 0) > 0)!;
    expect(person.messages![0]!.text.length).toBeGreaterThan(0);
    expect(['in', 'out']).toContain(person.messages![0]!.direction);
    expect(withMessages!.calendarId).toBeGreaterThan(1000);
    expect(withMessages!.customData!.length).toBeGreaterThan(0);
  });

  it('shows a new appointment, a change and a cancellation at once as waiting, then as the service has them', async () => {
    const range = week();
    await call(kit.made, 'calendar:range', range); // read once online: the offline reads below answer from it
    await goOffline(kit.sb, kit.made);
    const start = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + 86_400_000);
    const iso = (ms: number) => new Date(ms).toISOString();
    const op = await call(kit.made, 'calendar:create', {
      calendarId: 1002,
      title: 'Check-up - Ada Lovelace',
      start: iso(start.getTime()),
      end: iso(start.getTime() + 30 * 60_000),
      notes: 'First visit',
      participants: [{ name: 'Ada Lovelace', phone: '(312) 555-0100' }],
    });
    // A change to it before it reached the service names it by its outbox id.
    await call(kit.made, 'calendar:update', {
      externalId: op.id,
      changes: { start: iso(start.getTime() + 3600_000), end: iso(start.getTime() + 5400_000) },
      startsAt: iso(start.getTime()),
    });
    const offline = await call(kit.made, 'calendar:range', range);
    const shown = offline.items.find((i) => i.pending?.changeId === op.id)!;
    expect(shown.title).toBe('Check-up - Ada Lovelace');
    expect(Date.parse(shown.start)).toBe(start.getTime() + 3600_000);
    expect(shown.pending).toMatchObject({ status: 'queued', change: 'create' });
    await goOnline(kit.sb, kit.made);
    const done = await waitForOp(kit.made, op.id);
    const id = done.result!.id!;
    const fresh = await call(kit.made, 'calendar:event', { id });
    expect(Date.parse(fresh.start)).toBe(start.getTime() + 3600_000);
    expect(fresh.people[0]!.name).toBe('Ada Lovelace');
    expect(fresh.notes).toBe('First visit');

    await call(kit.made, 'calendar:range', range);
    await goOffline(kit.sb, kit.made);
    const cancel = await call(kit.made, 'calendar:cancel', { id, startsAt: fresh.start });
    const cancelling = (await call(kit.made, 'calendar:range', range)).items.find((i) => i.id === id)!;
    expect(cancelling.pending).toMatchObject({ change: 'delete', changeId: cancel.id });
    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, cancel.id);
    expect((await call(kit.made, 'calendar:range', range)).items.find((i) => i.id === id)).toBeUndefined();
  });

  it('refuses a bad appointment with the field named, and queues nothing', async () => {
    const before = kit.made.core.outbox.get().list().length;
    const bad = await callRaw(kit.made, 'calendar:create', {
      calendarId: 1001,
      title: 'Backwards',
      start: '2030-01-08T10:00:00-06:00',
      end: '2030-01-08T09:00:00-06:00',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.issues?.[0]?.path).toBe('end');
    expect(kit.made.core.outbox.get().list().length).toBe(before);
  });
});

describe('undo of a schedule change', () => {
  it('withdraws a change while it is queued, and refuses once it was sent', async () => {
    const range = week();
    const agenda = await call(kit.made, 'calendar:range', range);
    const item = agenda.items.find((i) => i.id > 0)!;
    await goOffline(kit.sb, kit.made);
    const queued = await call(kit.made, 'calendar:cancel', { id: item.id, startsAt: item.start });
    expect(await call(kit.made, 'calendar:withdraw', { id: queued.id })).toEqual({ withdrawn: true });
    expect(kit.made.core.outbox.get().get(queued.id)).toBeNull();
    await goOnline(kit.sb, kit.made);
    const sent = await call(kit.made, 'calendar:mark', { eventId: item.id, state: 'confirmed', startsAt: item.start });
    await waitForOp(kit.made, sent.id);
    expect(await call(kit.made, 'calendar:withdraw', { id: sent.id })).toEqual({ withdrawn: false });
    // A change of another kind (a contact) is not the schedule's to take back.
    await call(kit.made, 'contacts:address-books');
    await goOffline(kit.sb, kit.made);
    const contact = await call(kit.made, 'contacts:create', { name: 'Undo Test', phones: [], emails: [] });
    expect(await call(kit.made, 'calendar:withdraw', { id: contact.id })).toEqual({ withdrawn: false });
    await goOnline(kit.sb, kit.made);
  });
});
