/**
 * A move to another calendar waiting to sync, on the schedule: the old appointment waits to go, the new one waits to
 * arrive on its calendar; once the service has the new one (the first half went through) it is the one read, not a
 * second row; a move that is done leaves the service's answer alone.
 */
import { describe, expect, it } from 'vitest';
import type { Agenda, AgendaItem } from '../../../common/contract';
import { withPendingChanges } from '../../../main/core/calendar/pending-items';
import type { OpView } from '../../../main/core/outbox';
import { makeOp } from '../outbox/support';

const old: AgendaItem = {
  id: 500,
  externalId: null,
  title: 'Cleaning - Nathan Haddad',
  start: '2030-01-08T09:00:00-06:00',
  end: '2030-01-08T09:30:00-06:00',
  calendarId: 1001,
  calendarName: 'Dr. Amelia Hart',
  location: 'Room 2',
  people: [{ name: 'Nathan Haddad', phone: '312-555-0100', email: '', state: 'confirmed' }],
  pending: null,
  pendingMark: null,
};
const day = { begin: '2030-01-08T00:00:00-06:00', end: '2030-01-09T00:00:00-06:00' };

function move(over: Partial<OpView> = {}): OpView {
  const payload = {
    from: { id: 500 },
    external_id: 'op-move',
    calendar_id: 1002,
    title: 'Cleaning - Nathan Haddad',
    start_time: '2030-01-08T09:00:00-06:00',
    end_time: '2030-01-08T09:30:00-06:00',
    location: 'Room 2',
    participants: [{ name: 'Nathan Haddad', phone: '312-555-0100' }],
    to_name: 'Dr. Samuel Okafor',
  };
  const made = makeOp({ id: 'op-move', seq: 7, kind: 'event.move', payload, ...over });
  return { ...made, appointmentAt: Date.parse(payload.start_time), timePassed: false };
}

const show = (ops: OpView[], items: AgendaItem[] = [old]) => {
  const agenda: Agenda = { items, fetchedAt: 1, source: 'service' };
  return withPendingChanges(ops, agenda, day.begin, day.end).items;
};

describe('a move to another calendar waiting to sync', () => {
  it('shows the old one waiting to go and the new one waiting to arrive on the new calendar', () => {
    const items = show([move()]);
    expect(items).toHaveLength(2);
    const gone = items.find((i) => i.id === 500);
    const arriving = items.find((i) => i.id !== 500);
    expect(gone?.pending).toEqual({ changeId: 'op-move', status: 'queued', change: 'delete' });
    expect(arriving).toMatchObject({
      externalId: 'op-move',
      calendarId: 1002,
      title: 'Cleaning - Nathan Haddad',
      people: [{ name: 'Nathan Haddad', phone: '312-555-0100' }],
      pending: { changeId: 'op-move', status: 'queued', change: 'create' },
    });
  });

  it('once the new one is made (the old not yet cancelled), shows the one read, still waiting, and no second row', () => {
    const made: AgendaItem = { ...old, id: 900, externalId: 'op-move', calendarId: 1002, people: old.people };
    const items = show([move({ status: 'sending', result: { id: 900 } })], [old, made]);
    expect(items.map((i) => [i.id, i.pending?.change])).toEqual([
      [500, 'delete'],
      [900, 'create'],
    ]);
  });

  it('a move the service refused says so on both', () => {
    const error = { kind: 'permanent' as const, message: 'no', at: 1 };
    const items = show([move({ status: 'needs_attention', lastError: error })]);
    expect(items.map((i) => i.pending?.status)).toEqual(['needs_attention', 'needs_attention']);
  });

  it('a move that is done leaves the service’s answer alone', () => {
    expect(show([move({ status: 'done', result: { id: 900 } })])).toEqual([old]);
  });
});
