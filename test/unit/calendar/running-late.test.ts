/**
 * "Running late" as the desk knows it (renderer/features/calendar/running-late.ts): said when the custom data has
 * it or the mark waits to sync; taken back by "No longer running late"; ended by any check-in (arrived, arrived
 * late, no-show), sent or waiting; a confirmation does not end it.
 */
import { describe, expect, it } from 'vitest';
import { RUNNING_LATE_KEY, type AgendaItem } from '../../../common/contract';
import { canSayRunningLate, isRunningLate } from '../../../renderer/features/calendar/running-late';

const visit = (over: Partial<AgendaItem> = {}): AgendaItem => ({
  id: 7,
  title: 'Cleaning - Ada Lovelace',
  start: '2026-12-02T10:00:00-06:00',
  end: '2026-12-02T11:00:00-06:00',
  calendarName: 'Hygiene',
  location: '',
  people: [{ name: 'Ada Lovelace', phone: '', email: '', state: 'confirmed' }],
  pending: null,
  pendingMark: null,
  ...over,
});
const said = [{ key: RUNNING_LATE_KEY, value: '2026-12-02T09:50:00.000Z' }];
const checkedIn = (checkIn: string) => [{ name: 'Ada Lovelace', phone: '', email: '', state: 'confirmed', checkIn }];

describe('running late', () => {
  it('is said by the custom data every workstation reads, or by the mark waiting to sync', () => {
    expect(isRunningLate(visit())).toBe(false);
    expect(isRunningLate(visit({ customData: said }))).toBe(true);
    expect(isRunningLate(visit({ pendingMark: 'running_late' }))).toBe(true);
    expect(isRunningLate(visit({ customData: [{ key: 'visit_type', value: 'x rays' }] }))).toBe(false);
  });

  it('is taken back by No longer running late, and ended by a check-in, not by a confirmation', () => {
    expect(isRunningLate(visit({ customData: said, pendingMark: 'not_running_late' }))).toBe(false);
    for (const mark of ['arrived', 'late', 'noshow', 'ontime']) {
      expect(isRunningLate(visit({ customData: said, pendingMark: mark })), mark).toBe(false);
      expect(isRunningLate(visit({ customData: said, people: checkedIn(mark) })), mark).toBe(false);
    }
    expect(isRunningLate(visit({ customData: said, pendingMark: 'confirmed' }))).toBe(true);
  });

  it('can be said of a patient not yet here and not already said', () => {
    expect(canSayRunningLate(visit())).toBe(true);
    expect(canSayRunningLate(visit({ customData: said }))).toBe(false);
    expect(canSayRunningLate(visit({ people: checkedIn('arrived') }))).toBe(false);
    expect(canSayRunningLate(visit({ pendingMark: 'noshow' }))).toBe(false);
  });
});
