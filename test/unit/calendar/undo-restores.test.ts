// @vitest-environment jsdom
/**
 * Undo once a cancellation was sent makes the appointment again; the one made again names the cancelled one
 * (`RESTORES_KEY`, with the practice's own custom data kept), so core's store sends its booking to it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RESTORES_KEY, type AgendaItem, type OutboxItem } from '../../../common/contract';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type * as Sync from '../../../renderer/features/calendar/schedule-sync';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

let calls: BridgeCall[] = [];
let sync: typeof Sync;
let calendar: typeof CalendarStore;

const visit: AgendaItem = {
  id: 41,
  title: 'Cleaning',
  start: '2030-01-08T15:30:00Z',
  end: '2030-01-08T16:00:00Z',
  calendarId: 1001,
  calendarName: 'Hygiene',
  location: '',
  customData: [{ key: 'chart', value: 'A-17' }],
  people: [{ name: 'Maria Garcia', phone: '', email: '', state: 'confirmed' }],
  pending: null,
  pendingMark: null,
};

const item = (id: string, kind: OutboxItem['kind']) => ({ id, kind, status: 'queued', result: null }) as OutboxItem;

beforeAll(async () => {
  calls = installRecordingBridge({
    'calendar:cancel': item('op-cancel', 'event.delete'),
    // Already sent: nothing to take back, so Undo makes the appointment again.
    'calendar:withdraw': { withdrawn: false },
    'calendar:create': item('op-again', 'event.create'),
  });
  sync = await import('../../../renderer/features/calendar/schedule-sync');
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
});

describe('Undo of a sent cancellation', () => {
  it('makes the appointment again naming the one it stands for', async () => {
    calendar.setState({ items: [visit], undo: null, notice: null });
    await sync.cancelAppointment(visit);
    await sync.undoLast();
    const made = calls.find((c) => c.channel === 'calendar:create')?.args as { customData?: Record<string, string> };
    expect(made?.customData).toEqual({ chart: 'A-17', [RESTORES_KEY]: '41' });
  });

  it('an appointment Undo had made already names, after it, the ones that one stood for', async () => {
    const again: AgendaItem = {
      ...visit,
      id: 57,
      customData: [...visit.customData!, { key: RESTORES_KEY, value: '41' }],
    };
    calls.length = 0;
    calendar.setState({ items: [again], undo: null, notice: null });
    await sync.cancelAppointment(again);
    await sync.undoLast();
    const made = calls.find((c) => c.channel === 'calendar:create')?.args as { customData?: Record<string, string> };
    expect(made?.customData).toEqual({ chart: 'A-17', [RESTORES_KEY]: '57,41' });
  });
});
