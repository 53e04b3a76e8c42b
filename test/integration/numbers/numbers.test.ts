/**
 * The practice's numbers on the real sandbox, counted from core's one store: offline the days are counted from what
 * was read last ("as of" its read) as the store has those visits now — one cancelled here since, one marked a no-show
 * while offline (waiting in the outbox) — as the schedule shows them; a range backwards or longer than a month is
 * refused in words.
 */
import { describe, expect, it } from 'vitest';
import type { PracticeNumbers } from '../../../common/contract';
import { dayKey } from '../../../common/practice-time';
import { call, callRaw, goOffline, goOnline, ownerGet, useBootstrap, waitForOp } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 40, events: 300 }, readAhead: false });

interface Ev {
  id: number;
  calendar_id: number;
  start_time: string;
  show_as: number | null;
  participants: { state: string; check_in_state: string | null }[];
}

/** A visit that stands and has no check-in yet. */
const open = (e: Ev) =>
  e.show_as !== 0 &&
  e.participants.length > 0 &&
  e.participants.every((p) => !p.state.startsWith('not_coming') && !p.check_in_state);

/** A practice day ahead with two such visits, and the two. */
async function dayWithTwoVisits(zone: string): Promise<{ day: string; a: Ev; b: Ev }> {
  const begin = new Date(Date.now() + 86_400_000).toISOString();
  const end = new Date(Date.now() + 20 * 86_400_000).toISOString();
  const { body } = await ownerGet<{ events: Ev[] }>(kit.sb, '/v1/events', { begin, end, page_size: 500 });
  const byDay = new Map<string, Ev[]>();
  for (const e of body.events.filter(open)) {
    const key = dayKey(e.start_time, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), e]);
  }
  for (const [day, list] of byDay) if (list.length >= 2) return { day, a: list[0]!, b: list[1]! };
  throw new Error('the seed has no day ahead with two open visits');
}

const rowOf = (n: PracticeNumbers, calendarId: number) => {
  const row = n.providers.find((p) => p.calendarId === calendarId);
  if (!row) throw new Error(`no row for calendar ${calendarId}`);
  return row;
};

describe('the practice numbers', () => {
  it('count a cancellation sent and a mark waiting here, offline from what was read last', async () => {
    const { practiceZone } = await call(kit.made, 'calendar:calendars');
    const { day, a, b } = await dayWithTwoVisits(practiceZone!);
    const first = await call(kit.made, 'numbers:read', { from: day, to: day });
    expect(first.source).toBe('service');
    expect(first.zone).toBe(practiceZone);

    // Cancelled here and sent: the store knows it went, though the numbers' last read has it standing.
    const cancel = await call(kit.made, 'calendar:cancel', { id: b.id, startsAt: b.start_time });
    await waitForOp(kit.made, cancel.id);
    await goOffline(kit.sb, kit.made);
    // Marked here while the service cannot be reached: waiting in the outbox, laid over the store's record.
    const mark = await call(kit.made, 'calendar:mark', { eventId: a.id, state: 'noshow', startsAt: a.start_time });
    const offline = await call(kit.made, 'numbers:read', { from: day, to: day });
    expect(offline.source).toBe('cache');
    expect(offline.fetchedAt).toBe(first.fetchedAt);
    expect(rowOf(offline, a.calendar_id).noShows).toBe(rowOf(first, a.calendar_id).noShows + 1);
    expect(rowOf(offline, b.calendar_id).cancellations).toBe(rowOf(first, b.calendar_id).cancellations + 1);
    const visits = (n: PracticeNumbers) => n.providers.reduce((sum, p) => sum + p.visits, 0);
    expect(visits(offline)).toBe(visits(first) - 1);

    // Sent: the service has them, and counts the same fresh.
    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, mark.id);
    const fresh = await call(kit.made, 'numbers:read', { from: day, to: day });
    expect(fresh.source).toBe('service');
    expect(fresh.providers).toEqual(offline.providers);
  });

  it('refuses days backwards or more than a month, in words', async () => {
    const backwards = await callRaw(kit.made, 'numbers:read', { from: '2026-12-05', to: '2026-12-01' });
    expect(backwards.ok).toBe(false);
    if (!backwards.ok)
      expect(backwards.error.issues).toContainEqual({
        path: 'to',
        message: 'The first day must come before the last.',
      });
    const long = await callRaw(kit.made, 'numbers:read', { from: '2026-01-01', to: '2026-03-01' });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error.issues).toContainEqual({ path: 'to', message: 'Choose at most 31 days.' });
  });
});
