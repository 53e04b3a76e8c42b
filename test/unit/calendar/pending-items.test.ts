/**
 * The schedule shows changes made here before the service has them: a new appointment or booking appears at once in
 * its range, a move shows the new time, a cancellation shows as cancelling, the last mark shows as waiting, a refused
 * change says it needs attention, and finished changes leave the service's answer alone.
 */
import { describe, expect, it } from 'vitest';
import type { Agenda, AgendaItem } from '../../../common/contract';
import { applyPending, withPendingChanges } from '../../../main/core/calendar/pending-items';
import type { OpView } from '../../../main/core/outbox';
import { storedRecord } from '../../../main/core/outbox/stored-record';
import { makeOp } from '../outbox/support';

let seq = 0;
function op(kind: OpView['kind'], payload: Record<string, unknown>, over: Partial<OpView> = {}): OpView {
  seq++;
  return { ...makeOp({ id: `op-${seq}`, seq, kind, payload, ...over }), timePassed: false };
}

/** The op as the outbox holds it after reading it from disk: its payload brought to today's version. */
function fromDisk(o: OpView): OpView {
  const { timePassed, ...stored } = o;
  const record = storedRecord.parse({ t: 'put', op: { ...stored, payloadVersion: undefined } });
  if (record.t !== 'put') throw new Error('not a put record');
  return { ...record.op, timePassed };
}

const served: AgendaItem = {
  id: 500,
  externalId: null,
  title: 'Cleaning',
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
const agenda: Agenda = { items: [served], fetchedAt: 1, source: 'service' };
const show = (ops: OpView[]) => withPendingChanges(ops, agenda, day.begin, day.end).items;

describe('changes waiting to sync on the schedule', () => {
  it('a new appointment made here appears at once in its day, in time order, as waiting', () => {
    const create = op(
      'event.create',
      {
        calendar_id: 1001,
        title: 'Check-up',
        start_time: '2030-01-08T08:00:00-06:00',
        end_time: '2030-01-08T08:30:00-06:00',
        participants: [{ name: 'Maria Garcia', phone: '708-555-0120' }],
        external_id: 'op-new',
      },
      { appointmentAt: Date.parse('2030-01-08T08:00:00-06:00') },
    );
    const items = show([create]);
    expect(items.map((i) => i.title)).toEqual(['Check-up', 'Cleaning']);
    expect(items[0]).toMatchObject({
      pending: { change: 'create', status: 'queued', changeId: create.id },
      people: [{ name: 'Maria Garcia', phone: '708-555-0120', state: '' }],
    });
  });

  it('a new appointment on another day is not shown in this one', () => {
    const elsewhere = op(
      'event.create',
      { calendar_id: 1001, title: 'Later', start_time: '2030-01-10T08:00:00-06:00' },
      { appointmentAt: Date.parse('2030-01-10T08:00:00-06:00') },
    );
    expect(show([elsewhere]).map((i) => i.title)).toEqual(['Cleaning']);
  });

  it('a move shows the new time; a cancellation shows as cancelling; both as waiting', () => {
    const move = op('event.update', { id: 500, start_time: '2030-01-08T11:00:00-06:00' });
    expect(show([move])[0]).toMatchObject({ start: '2030-01-08T11:00:00-06:00', pending: { change: 'update' } });
    const cancel = op('event.delete', { id: 500 });
    expect(show([move, cancel])[0]?.pending).toMatchObject({ change: 'delete', changeId: cancel.id });
  });

  it('only the last of several marks shows', () => {
    const marks = ['arrived', 'late', 'noshow'].map((state) => op('event.mark', { id: 500, state }));
    expect(show(marks)[0]?.pendingMark).toBe('noshow');
  });

  it('a change the service refused says it needs attention', () => {
    const refused = op('event.update', { id: 500, title: 'Deep clean' }, { status: 'needs_attention' });
    expect(show([refused])[0]).toMatchObject({ title: 'Deep clean', pending: { status: 'needs_attention' } });
  });

  it('a booking waiting to sync holds its time; one the service refused leaves no row behind', () => {
    const at = { appointmentAt: Date.parse('2030-01-08T10:00:00-06:00') };
    const payload = { booking_page: 'lakeside', time: '2030-01-08T10:00:00', name: 'Priya Raman', calendar_id: 1001 };
    // queued as the request body (before payloads carried a version), read back from disk
    const waiting = fromDisk(op('booking.book_now', payload, at));
    expect(show([waiting]).map((i) => [i.title, i.queuedBooking, i.pending?.status, i.calendarId])).toEqual([
      ['Cleaning', undefined, undefined, 1001],
      // No title until the service gives one: the screens word it (renderer/lib/words.ts appointmentTitle).
      ['', { appointmentType: '' }, 'queued', 1001],
    ]);
    const refused = fromDisk(op('booking.book_now', payload, { ...at, status: 'needs_attention' }));
    expect(show([refused])).toEqual([served]);
  });

  it('a booking queued as the form’s input and one queued by app 0.1.0 (the request body) show the same row', () => {
    const at = { appointmentAt: Date.parse('2030-01-08T10:00:00-06:00') };
    const old = { booking_page: 'lakeside', time: '2030-01-08T10:00:00', name: 'Priya Raman', calendar_id: 1001 };
    const input = {
      page: 'lakeside',
      time: '2030-01-08T10:00',
      startsAt: '2030-01-08T10:00:00-06:00',
      provider: 1001,
      name: 'Priya Raman',
      phone: '(312) 555-0142',
      email: '',
      fieldData: {},
    };
    const [fromOld, fromInput] = [old, input].map((p) => show([fromDisk(op('booking.book_now', p, at))])[1]);
    expect(fromInput).toMatchObject({ title: '', calendarId: 1001, start: fromOld?.start });
    expect(fromInput?.queuedBooking).toEqual(fromOld?.queuedBooking);
    expect(fromInput?.people).toEqual([{ name: 'Priya Raman', phone: '(312) 555-0142', email: '', state: '' }]);
    expect(fromOld?.people).toEqual([{ name: 'Priya Raman', phone: '', email: '', state: '' }]);
  });

  it('finished changes, and changes to other appointments, leave the service’s answer as it is', () => {
    const done = op('event.update', { id: 500, title: 'Old' }, { status: 'done' });
    const other = op('event.mark', { id: 501, state: 'arrived' });
    expect(show([done, other])).toEqual([served]);
  });

  it('a change to a new appointment not yet on the service keeps it waiting as new', () => {
    const local: AgendaItem = {
      ...served,
      id: -1,
      externalId: 'op-new',
      pending: { changeId: 'c', status: 'queued', change: 'create' },
    };
    const edit = op('event.update', { external_id: 'op-new', title: 'Renamed' });
    expect(applyPending(local, [edit])).toMatchObject({ title: 'Renamed', pending: { change: 'create' } });
  });
});
