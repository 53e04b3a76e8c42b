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
import { visitAt, windowSized } from '../../support/grid-fixture';
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
const visit = (id: number): AgendaItem =>
  visitAt(DAY, id, 9 * 60 + (id % 8) * 30, 1001 + (id % 2), `Room ${1001 + (id % 2)}`);

let ScheduleScreen: typeof Screen;
let useCalendarStore: typeof CalendarStore;

let restoreWindow: () => void;
beforeAll(async () => {
  restoreWindow = windowSized(800, 1280);
  installRecordingBridge({ 'calendar:calendars': calendars, 'calendar:range': null });
  ({ default: ScheduleScreen } = await import('../../../renderer/features/calendar/ScheduleScreen'));
  ({ useCalendarStore } = await import('../../../renderer/stores/calendar-store'));
  const time = await import('../../../renderer/lib/practice-time');
  time.usePracticeClock.setState({ zone: ZONE });
});

afterAll(() => {
  cleanup();
  restoreWindow();
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
