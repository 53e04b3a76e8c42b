// @vitest-environment jsdom
/**
 * The schedule's keys decide: the arrow keys go to the appointment above, below, left or right (by time, in the
 * nearest column that has one), and the next patient due is the first appointment still expecting its patient whose
 * end has not passed — not one already checked in, a no-show or a cancelled one. Time is an input here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import type * as GridKeys from '../../../renderer/features/calendar/grid-keys';
import type { KeySpot } from '../../../renderer/features/calendar/grid-keys';
import { installRecordingBridge } from '../../support/recording-bridge';

let neighbour: typeof GridKeys.neighbour;
let nextDue: typeof GridKeys.nextDue;
let stayNear: typeof GridKeys.stayNear;
beforeAll(async () => {
  installRecordingBridge();
  ({ neighbour, nextDue, stayNear } = await import('../../../renderer/features/calendar/grid-keys'));
});

const spots: KeySpot[] = [
  { id: 'a1', column: 0, top: 540, lane: 0 }, // 9:00
  { id: 'a2', column: 0, top: 600, lane: 0 }, // 10:00
  { id: 'a3', column: 0, top: 600, lane: 1 }, // 10:00, beside 2
  { id: 'a4', column: 0, top: 720, lane: 0 }, // 12:00
  { id: 'a5', column: 2, top: 615, lane: 0 }, // 10:15 two columns right (the middle one is empty)
  { id: 'a6', column: 2, top: 900, lane: 0 }, // 15:00
  { id: 'm0@600', column: 0, top: 600, lane: 2 }, // "+N more" beside 2 and 3
];

describe('arrow keys between appointments', () => {
  it('up and down go by time within the column, lanes left to right', () => {
    expect(neighbour(spots, 'a1', 'down')).toBe('a2');
    expect(neighbour(spots, 'a2', 'down')).toBe('a3');
    expect(neighbour(spots, 'a3', 'down')).toBe('m0@600');
    expect(neighbour(spots, 'm0@600', 'down')).toBe('a4');
    expect(neighbour(spots, 'a4', 'up')).toBe('m0@600');
    expect(neighbour(spots, 'a1', 'up')).toBeNull();
    expect(neighbour(spots, 'a4', 'down')).toBeNull();
  });

  it('left and right skip empty columns and land on the closest time', () => {
    expect(neighbour(spots, 'a2', 'right')).toBe('a5');
    expect(neighbour(spots, 'a4', 'right')).toBe('a5');
    expect(neighbour(spots, 'a6', 'left')).toBe('a4');
    expect(neighbour(spots, 'a5', 'left')).toBe('a2');
    expect(neighbour(spots, 'a5', 'right')).toBeNull();
    expect(neighbour(spots, 'a99', 'right')).toBeNull();
  });

  it('keeps focus near an appointment that leaves the grid', () => {
    const gone = { id: 'a7', column: 0, top: 700, lane: 0 };
    expect(stayNear(spots, gone)).toBe('a4');
    expect(stayNear(spots, { ...gone, column: 2, top: 880 })).toBe('a6');
    expect(stayNear([], gone)).toBeNull();
  });
});

const at = (hhmm: string) => `2030-01-08T${hhmm}:00-06:00`;
function visit(id: number, start: string, end: string, more: Partial<AgendaItem> = {}, checkIn?: string): AgendaItem {
  return {
    id,
    title: `Visit ${id}`,
    start: at(start),
    end: at(end),
    calendarId: 1001,
    calendarName: 'Dr. Hart',
    location: '',
    people: [{ name: `Patient ${id}`, phone: '', email: '', state: 'initial', checkIn: checkIn ?? null }],
    pending: null,
    pendingMark: null,
    ...more,
  };
}

describe('the next patient due', () => {
  const now = Date.parse(at('09:10'));
  it('is the first still expected whose end has not passed (a late one still counts)', () => {
    const day = [visit(3, '10:00', '10:30'), visit(1, '08:00', '08:30'), visit(2, '09:00', '09:30')];
    expect(nextDue(day, now)?.id).toBe(2);
  });

  it('skips the checked in, the no-shows, the cancelled and those being cancelled', () => {
    const day = [
      visit(1, '09:00', '09:30', {}, 'arrived'),
      visit(2, '09:05', '09:30', { pendingMark: 'noshow' }),
      visit(3, '09:10', '09:40', {
        people: [{ name: 'P', phone: '', email: '', state: 'not_coming' }],
      }),
      visit(4, '09:15', '09:45', { pending: { changeId: 'x', status: 'queued', change: 'delete' } }),
      visit(5, '09:20', '09:50', { free: true }),
      visit(6, '11:00', '11:30'),
      visit(7, '09:30', '10:00', { pendingMark: 'confirmed' }),
    ];
    expect(nextDue(day, now)?.id).toBe(7);
  });

  it('is nobody when the day is over', () => {
    expect(nextDue([visit(1, '08:00', '08:30')], now)).toBeNull();
  });
});
