/**
 * The grid's layout of a column: cancelled and no-show visits take no lane from live ones unless shown, and where
 * overlapping visits need more lanes than fit, the last lane holds "+N more" runs that name every hidden visit.
 */
import { describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { appointmentState, stateKeyEntries } from '../../../renderer/features/calendar/appointment-state';
import { lanesFor, layoutColumn, type ColumnLayout } from '../../../renderer/features/calendar/grid-layout';

const ZONE = 'America/Chicago';
const DAY = '2030-01-08';

let nextId = 1;
/** A visit on DAY from `from` to `to` ("09:00"), for a person in `state` (and checked in as `checkIn`). */
function visit(from: string, to: string, state = 'initial', checkIn: string | null = null): AgendaItem {
  return {
    id: nextId++,
    title: `Visit ${from}`,
    start: `${DAY}T${from}:00-06:00`,
    end: `${DAY}T${to}:00-06:00`,
    calendarId: 1,
    calendarName: 'Hygiene',
    location: '',
    people: [{ name: 'Ada Lovelace', phone: '', email: '', state, checkIn }],
    pending: null,
    pendingMark: null,
  };
}

const isGone = (item: AgendaItem) => appointmentState(item).gone;
const layout = (items: AgendaItem[], maxLanes = 4, showGone = false): ColumnLayout =>
  layoutColumn(items, DAY, ZONE, { maxLanes, showGone, isGone });
const lanesOf = (l: ColumnLayout) => Object.fromEntries(l.placed.map((p) => [p.item.id, [p.lane, p.lanes]]));

describe('a column’s layout', () => {
  it('gives cancelled and no-show visits no lane: the live visit beside them has the whole column', () => {
    const live = visit('09:00', '10:00', 'confirmed');
    const cancelled = visit('09:00', '09:30', 'not_coming');
    const reschedule = visit('09:15', '09:45', 'not_coming_needs_reschedule');
    const noshow = visit('09:30', '10:00', 'initial', 'noshow');
    const hidden = layout([cancelled, live, reschedule, noshow]);
    expect(lanesOf(hidden)).toEqual({ [live.id]: [0, 1] });
    expect(hidden.hiddenGone).toBe(3);
    expect(hidden.more).toEqual([]);

    // "Show cancelled": they are laid out beside it.
    const shown = layout([cancelled, live, reschedule, noshow], 4, true);
    expect(shown.placed.map((p) => p.item.id).sort()).toEqual([live.id, cancelled.id, reschedule.id, noshow.id].sort());
    expect(shown.placed.every((p) => p.lanes > 1)).toBe(true);
    expect(shown.hiddenGone).toBe(0);
  });

  it('shows as many lanes as fit and "+N more" for the rest, naming each hidden visit once', () => {
    const six = ['09:00', '09:00', '09:05', '09:10', '09:15', '09:20'].map((t) => visit(t, '10:00'));
    const l = layout(six, 3);
    // Two lanes of blocks, the third holds "+4 more".
    expect(l.placed).toHaveLength(2);
    expect(l.placed.every((p) => p.lanes === 3 && p.lane < 2)).toBe(true);
    expect(l.more).toHaveLength(1);
    expect(l.more[0]).toMatchObject({ lane: 2, lanes: 3, top: 9 * 60 + 5 });
    const named = [...l.placed.map((p) => p.item.id), ...l.more.flatMap((r) => r.items.map((i) => i.id))];
    expect(named.sort((a, b) => a - b)).toEqual(six.map((v) => v.id));

    // When they fit, nothing is hidden.
    const three = layout(six.slice(0, 3), 3);
    expect(three.more).toEqual([]);
    expect(three.placed).toHaveLength(3);
  });

  it('splits "+N more" into a run per hour of hidden starts, so a stress day’s lists stay short', () => {
    // 4 at once every 15 minutes for 3 hours, each an hour long: one cluster all morning.
    const many = Array.from({ length: 12 }, (_, i) => {
      const m = 8 * 60 + i * 15;
      const at = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
      return [0, 1, 2, 3].map(() => visit(at(m), at(m + 60)));
    }).flat();
    const l = layout(many, 2);
    expect(l.placed.every((p) => p.lane === 0 && p.lanes === 2)).toBe(true);
    expect(l.more.length).toBeGreaterThanOrEqual(3);
    for (const run of l.more)
      expect(run.items.every((i) => Date.parse(i.start) - Date.parse(run.items[0]!.start) < 3600_000)).toBe(true);
    // Runs follow one another without overlapping.
    for (let i = 1; i < l.more.length; i++) expect(l.more[i]!.top).toBeGreaterThanOrEqual(l.more[i - 1]!.bottom);
    expect(l.placed.length + l.more.reduce((n, r) => n + r.items.length, 0)).toBe(many.length);
  });

  it('draws a lone visit in the last lane rather than "+1 more"', () => {
    const a = visit('09:00', '12:00');
    const b = visit('09:00', '10:00');
    const c = visit('09:00', '10:00');
    const d = visit('11:00', '11:30');
    const l = layout([a, b, c, d], 2);
    expect(l.more.map((r) => r.items.map((i) => i.id))).toEqual([[b.id, c.id]]);
    expect(l.placed.some((p) => p.item.id === d.id && p.lane === 1)).toBe(true);
  });

  it('reads lanes from the column’s width: 2 at least, 4 at most', () => {
    expect(lanesFor(100)).toBe(2);
    expect(lanesFor(190)).toBe(3);
    expect(lanesFor(600)).toBe(4);
  });
});

describe('an appointment’s state at a glance', () => {
  const base = visit('09:00', '09:15');
  it('reads each state from the check-in, the answer and what waits to sync', () => {
    expect(appointmentState(base)).toMatchObject({ key: 'scheduled', gone: false, sync: null });
    expect(appointmentState({ ...base, people: [{ ...base.people[0]!, state: 'confirmed' }] }).key).toBe('confirmed');
    expect(appointmentState({ ...base, people: [{ ...base.people[0]!, checkIn: 'arrived' }] }).key).toBe('arrived');
    expect(appointmentState({ ...base, people: [{ ...base.people[0]!, checkIn: 'late' }] })).toMatchObject({
      key: 'late',
      words: 'Arrived late',
    });
    expect(appointmentState({ ...base, pendingMark: 'running_late' }).key).toBe('running_late');
    expect(appointmentState({ ...base, pendingMark: 'arrived' })).toMatchObject({
      key: 'arrived',
      sync: { key: 'waiting' },
      label: 'Arrived — waiting to sync',
    });
    expect(
      appointmentState({ ...base, pending: { changeId: 'c1', status: 'needs_attention', change: 'update' } }).sync?.key,
    ).toBe('attention');
    const wants = appointmentState({ ...base, people: [{ ...base.people[0]!, state: 'not_coming_needs_reschedule' }] });
    expect(wants).toMatchObject({ key: 'reschedule', gone: true, words: 'Cancelled — wants a new time' });
    // Marked here and not sent yet: gone at once (Undo brings it back), its sync said in its state.
    expect(appointmentState({ ...base, pendingMark: 'noshow' })).toMatchObject({
      key: 'noshow',
      gone: true,
      sync: { key: 'waiting' },
    });
  });

  it('has a Key row for every state and both syncs', () => {
    expect(stateKeyEntries().map((e) => e.key)).toEqual([
      'scheduled',
      'confirmed',
      'arrived',
      'running_late',
      'late',
      'noshow',
      'cancelled',
      'reschedule',
      'waiting',
      'attention',
    ]);
    expect(stateKeyEntries().every((e) => e.words.length > 0)).toBe(true);
  });
});
