// @vitest-environment jsdom
/**
 * What one render of the grid asks for, counted rather than timed (`npm run bench` row 3a times a day of 200 from its
 * data to its paint): the computer's zone is read once in a render, not once a column (Intl makes a whole formatter
 * in the user's locale to say it, tenths of a millisecond each); the hours down the side count from one midnight worked
 * out once, not once an hour drawn; the patients' text replies are read from their store once for the grid, not by
 * each of a day's blocks; and a block draws its icon, its time and its series mark in its own render, with no
 * component of their own for React to render in each block.
 */
import { rendersOf, resetRenders } from '../../support/render-count';
import { act, cleanup, render } from '@testing-library/react';
import React from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import type { TimeGrid as Grid, TimeGridProps } from '../../../renderer/features/calendar/TimeGrid';
import type { GridColumn } from '../../../renderer/features/calendar/grid-layout';
import { dayStart } from '../../../renderer/lib/zoned-date';
import type * as ZonedDate from '../../../renderer/lib/zoned-date';
import type { useMessagesStore as MessagesStore } from '../../../renderer/stores/messages-store';
import { visitAt, windowSized } from '../../support/grid-fixture';
import { installRecordingBridge } from '../../support/recording-bridge';

// Every midnight the grid works out, counted (the module as it is, each call passed through).
vi.mock('../../../renderer/lib/zoned-date', async (original) => {
  const real = await original<typeof ZonedDate>();
  return { ...real, dayStart: vi.fn(real.dayStart) };
});

const ZONE = 'America/Chicago';
/** The calendars' own clock: not the practice's, so each column's head names it (as a satellite office's does). */
const CALENDAR_ZONE = 'America/Denver';
const DAY = '2030-01-08';
const COLUMNS = 8;

/** A 30-minute visit, not confirmed yet, in the practice's zone. */
const visit = (id: number, startMin: number, calendarId: number): AgendaItem =>
  visitAt(DAY, id, startMin, calendarId, `Room ${calendarId}`);

/** A day of `count` visits over the columns, 8 AM to 5 PM. */
const dayOf = (count: number, firstId: number) =>
  Array.from({ length: count }, (_, i) => visit(firstId + i, 8 * 60 + ((i * 7) % (9 * 60)), 1 + (i % COLUMNS)));

let TimeGrid: typeof Grid;
let useMessagesStore: typeof MessagesStore;
const RealFormat = Intl.DateTimeFormat;
let formatsMade = 0;

let restoreWindow: () => void;
beforeAll(async () => {
  installRecordingBridge();
  restoreWindow = windowSized(640, 1000);
  // Every Intl formatter made, counted (called with or without `new`, it is the real one).
  const counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    formatsMade++;
    return new RealFormat(...args);
  };
  Object.assign(counting, { supportedLocalesOf: RealFormat.supportedLocalesOf.bind(RealFormat) });
  counting.prototype = RealFormat.prototype;
  Intl.DateTimeFormat = counting as unknown as typeof Intl.DateTimeFormat;
  ({ TimeGrid } = await import('../../../renderer/features/calendar/TimeGrid'));
  ({ useMessagesStore } = await import('../../../renderer/stores/messages-store'));
  const time = await import('../../../renderer/lib/practice-time');
  time.usePracticeClock.setState({ zone: ZONE });
});
afterEach(cleanup);
afterAll(() => {
  Intl.DateTimeFormat = RealFormat;
  restoreWindow();
});

/** A day's columns, one per calendar, each on the calendars' own clock. */
const columns: GridColumn[] = Array.from({ length: COLUMNS }, (_, i) => ({
  key: String(i + 1),
  label: `Room ${i + 1}`,
  day: DAY,
  calendarId: i + 1,
  slot: i,
  zone: CALENDAR_ZONE,
}));

/** The grid's props for a day of `items`. */
const props = (items: AgendaItem[]): TimeGridProps => ({
  columns,
  columnOf: (item) => String(item.calendarId),
  items,
  zone: ZONE,
  slotOf: () => 0,
  highlighted: {},
  label: 'Day schedule',
  onOpen: () => undefined,
  onMenu: () => undefined,
  onSlot: () => undefined,
  onMove: () => undefined,
  onCheckIn: () => undefined,
  ready: true,
});

describe('a render of the grid', () => {
  it('reads the computer’s zone once and works out the hours’ midnight once, however many columns and hours', async () => {
    const { container, rerender } = render(<TimeGrid {...props(dayOf(40, 100))} />);
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(container.querySelectorAll('[data-testid="column-zone"]')).toHaveLength(COLUMNS);
    const hours = container.querySelectorAll('.grid-hour').length;
    expect(hours).toBeGreaterThan(COLUMNS);

    // The day's data changes (another day of visits): one render, counted.
    formatsMade = 0;
    vi.mocked(dayStart).mockClear();
    act(() => rerender(<TimeGrid {...props(dayOf(40, 200))} />));

    // One formatter at most: the computer's zone, read once for every column's head (eight were made before).
    expect(formatsMade).toBeLessThanOrEqual(1);
    // Each column's midnight for its layout and for its head, and the hours' one: none for each of the hours drawn.
    expect(vi.mocked(dayStart).mock.calls.length).toBeLessThanOrEqual(2 * COLUMNS + 1);
    expect(container.querySelectorAll('.grid-hour')).toHaveLength(hours);
  });

  it('reads the patients’ text replies once for a day of 200 blocks, and each block still says its own', async () => {
    const items = dayOf(200, 1000);
    useMessagesStore.setState({ meanings: { 1000: 'confirm' } });
    // Every subscription a render makes to the replies' store, counted (each is the real one).
    const subscribe = useMessagesStore.subscribe;
    const reads = vi.spyOn(React, 'useSyncExternalStore');
    const { container } = render(<TimeGrid {...props(items)} />);
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    const blocks = container.querySelectorAll('[data-testid="appointment"]');
    expect(blocks.length).toBeGreaterThan(100);
    const ofReplies = reads.mock.calls.filter(([subscribed]) => subscribed === subscribe).length;
    reads.mockRestore();
    // The grid's one read (per render it made), not one per block: a subscription of each block was 200 here.
    expect(ofReplies).toBeLessThan(10);
    // The reply still reaches its block's name ("Texted: confirm"), and no other block's.
    const named = [...blocks].filter((b) => b.getAttribute('aria-label')?.includes('Texted: confirm'));
    expect(named.map((b) => b.getAttribute('data-id'))).toEqual(['1000']);
  });

  it('renders each block of a day as one component: its icon, time and series mark are drawn in its render', async () => {
    resetRenders();
    const { container } = render(<TimeGrid {...props(dayOf(200, 2000))} />);
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    const blocks = container.querySelectorAll('[data-testid="appointment"]').length;
    expect(blocks).toBeGreaterThan(100);
    expect(rendersOf('AppointmentBlock')).toBe(blocks);
    // Each was a component rendered in every block: 200 each here (the series mark's drawing nothing for a visit not
    // in a series).
    expect(rendersOf('StateIcon') + rendersOf('StartTime') + rendersOf('SeriesMark')).toBe(0);
    expect(container.querySelectorAll('[data-testid="appointment"] [data-testid="state-icon"]')).toHaveLength(blocks);
  });
});
