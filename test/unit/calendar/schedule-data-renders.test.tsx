// @vitest-environment jsdom
/**
 * What a range's data renders in the schedule screen, counted rather than timed (`npm run bench` row 3a times a day
 * of 200 from its data to its paint): the appointments arriving, and the service's answer then replacing the saved
 * one, render the grid, not the bar above it (its date picker and buttons read the day and the view themselves).
 */
import { rendersOf, resetRenders } from '../../support/render-count';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem, CalendarList } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { default as Screen } from '../../../renderer/features/calendar/ScheduleScreen';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

const ZONE = 'America/Chicago';
const DAY = '2030-01-08';
const calendars: CalendarList = {
  calendars: [1001, 1002].map((id) => ({ id, name: `Room ${id}`, timeZone: ZONE })),
  practiceZone: ZONE,
  fetchedAt: Date.now(),
  source: 'service',
};

/** A 30-minute visit that day, 9 AM onwards. */
function visit(id: number): AgendaItem {
  const at = (min: number) =>
    `${DAY}T${String(Math.floor(min / 60)).padStart(2, '0')}:${min % 60 ? '30' : '00'}:00-06:00`;
  const start = 9 * 60 + (id % 8) * 30;
  return {
    id,
    externalId: null,
    title: `Cleaning ${id}`,
    start: at(start),
    end: at(start + 30),
    calendarId: 1001 + (id % 2),
    calendarName: `Room ${1001 + (id % 2)}`,
    location: '',
    people: [{ name: `Patient ${id}`, phone: '312-555-0100', email: '', state: 'initial' }],
    pending: null,
    pendingMark: null,
  };
}

let ScheduleScreen: typeof Screen;
let useCalendarStore: typeof CalendarStore;

beforeAll(async () => {
  // jsdom lays nothing out: the grid is given a window's size so its hours draw.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1280 });
  HTMLElement.prototype.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object') this.scrollTop = options.top ?? this.scrollTop;
  } as HTMLElement['scrollTo'];
  installRecordingBridge({ 'calendar:calendars': calendars, 'calendar:range': null });
  ({ default: ScheduleScreen } = await import('../../../renderer/features/calendar/ScheduleScreen'));
  ({ useCalendarStore } = await import('../../../renderer/stores/calendar-store'));
  const time = await import('../../../renderer/lib/practice-time');
  time.usePracticeClock.setState({ zone: ZONE });
});

afterAll(() => {
  cleanup();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

describe('a day’s data on the schedule screen', () => {
  it('renders the grid, not the bar, when the appointments arrive and when the fresh answer replaces them', async () => {
    useCalendarStore.setState({
      view: 'day',
      anchor: DAY,
      calendars: calendars.calendars,
      items: [],
      source: null,
      loading: true,
    });
    render(<ScheduleScreen />);
    expect(screen.getByTestId('schedule-bar')).toBeDefined();
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });

    resetRenders();
    // The saved answer arrives (the fresh one is still on its way), then the fresh one, the same appointments.
    const items = Array.from({ length: 16 }, (_, i) => visit(100 + i));
    act(() => useCalendarStore.setState({ items, source: { source: 'cache', fetchedAt: Date.now() } }));
    act(() => useCalendarStore.setState({ loading: false, source: { source: 'service', fetchedAt: Date.now() } }));

    expect(screen.getAllByTestId('appointment')).toHaveLength(items.length);
    expect(rendersOf('TimeGrid')).toBeGreaterThan(0);
    // The bar and its date picker: rendered again for each before, with nothing of theirs changed.
    expect(rendersOf('ScheduleToolbar')).toBe(0);
  });
});
