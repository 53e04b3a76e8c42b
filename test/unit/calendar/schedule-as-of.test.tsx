// @vitest-environment jsdom
/**
 * The schedule screen, showing a saved copy, says "as of" the time that copy was read from the service (here three
 * hours and seven minutes ago), never the time it is now.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarList } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { default as Screen } from '../../../renderer/features/calendar/ScheduleScreen';
import type * as PracticeTime from '../../../renderer/lib/practice-time';
import type { useAppStore as AppStore } from '../../../renderer/stores/app-store';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

const ZONE = 'America/Chicago';
const READ_AT = Date.now() - (3 * 60 + 7) * 60_000;
const calendars: CalendarList = {
  calendars: [{ id: 1001, name: 'Dr. Amelia Hart', timeZone: ZONE }],
  practiceZone: ZONE,
  fetchedAt: READ_AT,
  source: 'cache',
};
const saved = { items: [], fetchedAt: READ_AT, source: 'cache' };

let ScheduleScreen: typeof Screen;
let time: typeof PracticeTime;
let useAppStore: typeof AppStore;
let useCalendarStore: typeof CalendarStore;

beforeAll(async () => {
  // jsdom lays nothing out: the lists are given a window's size so they draw.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1280 });
  installRecordingBridge({
    'calendar:calendars': calendars,
    'calendar:range': saved,
  });
  ({ default: ScheduleScreen } = await import('../../../renderer/features/calendar/ScheduleScreen'));
  time = await import('../../../renderer/lib/practice-time');
  ({ useAppStore } = await import('../../../renderer/stores/app-store'));
  ({ useCalendarStore } = await import('../../../renderer/stores/calendar-store'));
  time.usePracticeClock.setState({ zone: ZONE });
});

afterAll(() => {
  cleanup();
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

describe('the schedule’s saved copy', () => {
  it('says "as of" the time it was read, not the time it is now', async () => {
    useAppStore.setState({
      connectivity: { state: 'offline', checkedAt: Date.now(), offlineSince: READ_AT, reason: null },
    });
    useCalendarStore.setState({ view: 'agenda' });
    // The read goes as the calendar view shows (CalendarView.tsx), before the screen's code runs.
    void useCalendarStore.getState().open();
    render(<ScheduleScreen />);
    const notice = await screen.findByTestId('stale-notice');
    expect(time.labelledTime(READ_AT, ZONE)).not.toBe(time.labelledTime(Date.now(), ZONE));
    expect(notice.textContent).toBe(`Offline — showing appointments as of ${time.labelledTime(READ_AT, ZONE)}.`);
  });
});
