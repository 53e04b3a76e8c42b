// @vitest-environment jsdom
/**
 * What a day of blocks costs the page, counted rather than timed (`npm run bench` row 3a times it): a small block of
 * the grid creates no element with nothing in it, and what it does not show (its title, badges, state) is said by its
 * name, an attribute, with no element of words for screen readers to create, style and lay out (one per small block
 * was about 13 ms of a day's layout); and a scroll of the grid changes nothing in the page while the scroll event
 * is being handled (a change there made the grid's own read of its scroll position pay for a second style and
 * layout pass of every block in the same frame), the hours following in the grid's next render.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import type { AppointmentBlock as Block } from '../../../renderer/features/calendar/AppointmentBlock';
import type { TimeGrid as Grid } from '../../../renderer/features/calendar/TimeGrid';
import type { GridColumn } from '../../../renderer/features/calendar/grid-layout';
import { visitAt, windowSized } from '../../support/grid-fixture';
import { installRecordingBridge } from '../../support/recording-bridge';

const ZONE = 'America/Chicago';
const DAY = '2030-01-08';

/** A 30-minute visit, not confirmed yet, in the practice's zone (as the bench's). */
const visit = (id: number, startMin: number, calendarId = 1001): AgendaItem =>
  visitAt(DAY, id, startMin, calendarId, 'Dr. Amelia Hart');

let restoreWindow: () => void;
let AppointmentBlock: typeof Block;
let TimeGrid: typeof Grid;

beforeAll(async () => {
  installRecordingBridge();
  restoreWindow = windowSized(640, 1000);
  ({ AppointmentBlock } = await import('../../../renderer/features/calendar/AppointmentBlock'));
  ({ TimeGrid } = await import('../../../renderer/features/calendar/TimeGrid'));
  const time = await import('../../../renderer/lib/practice-time');
  time.usePracticeClock.setState({ zone: ZONE });
});
afterEach(cleanup);
afterAll(() => restoreWindow());

/** Draws one block of a two-lane column, `height` px tall; returns it. */
function drawBlock(item: AgendaItem, height: number): HTMLElement {
  const { container } = render(
    <AppointmentBlock
      item={item}
      zone={ZONE}
      slot={0}
      top={0}
      height={height}
      lane={0}
      lanes={2}
      width={60}
      highlighted={false}
      onOpen={() => undefined}
      onMenu={() => undefined}
      onDragStart={() => undefined}
    />,
  );
  return container.querySelector<HTMLElement>('[data-testid="appointment"]')!;
}

/** The elements of a block that screen readers have words from but the page does not show (each a box of its own). */
const hiddenWords = (block: HTMLElement) => [...block.querySelectorAll('.visually-hidden, [aria-hidden="true"]')];

describe('a small block of the grid', () => {
  it('is six elements for a visit not confirmed yet, none of them hidden; its name says the rest', () => {
    const block = drawBlock(visit(1, 9 * 60), 23);
    const elements = [block, ...block.querySelectorAll('*')];
    // The button, its head (icon and circle, time) and whom it is for: 60 px across (a day of 8 calendars at 1280 px,
    // two side by side) has no room for the day period. Nine was the day period clipped, and the title and the state
    // in an element for screen readers only, each laid out in every small block of a day.
    expect(elements.length).toBe(6);
    // Only the state icon is hidden from screen readers (it has no words); nothing is there for them alone.
    expect(hiddenWords(block).map((el) => el.tagName.toLowerCase())).toEqual(['svg']);
    expect(block.textContent).toBe('9:00 Patient 1');
    // Its name starts with what it shows, then says its title and state; the day period it does not show is in
    // brackets (not read out), so the words shown stay together in it.
    expect(screen.getByRole('button', { name: '9:00 (AM) Patient 1 Cleaning 1 Not confirmed yet' })).toBe(block);
  });

  it('says a badge it has no room for in its name, after its title, with no element for it', () => {
    const block = drawBlock({ ...visit(2, 9 * 60), people: [{ ...visit(2, 0).people[0]!, state: 'confirmed' }] }, 23);
    expect(hiddenWords(block).map((el) => el.tagName.toLowerCase())).toEqual(['svg']);
    expect(block.querySelectorAll('.badge')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '9:00 (AM) Patient 2 Cleaning 2 Confirmed' })).toBe(block);
  });
});

describe('a scroll of the grid', () => {
  it('changes nothing in the page while its event is handled; the hours follow in the next render', async () => {
    const columns: GridColumn[] = [1001, 1002].map((id) => ({
      key: String(id),
      label: `Room ${id}`,
      day: DAY,
      calendarId: id,
      slot: 0,
    }));
    const items = Array.from({ length: 40 }, (_, i) => visit(100 + i, 8 * 60 + (i % 20) * 20, 1001 + (i % 2)));
    const { container } = render(
      <TimeGrid
        columns={columns}
        columnOf={(item) => String(item.calendarId)}
        items={items}
        zone={ZONE}
        slotOf={() => 0}
        highlighted={{}}
        label="Schedule"
        onOpen={() => undefined}
        onMenu={() => undefined}
        onSlot={() => undefined}
        onMove={() => undefined}
        onCheckIn={() => undefined}
        ready
      />,
    );
    const scroller = container.querySelector<HTMLElement>('.grid-scroll')!;
    const hours = () => [...container.querySelectorAll('.grid-hour')].map((el) => el.textContent);
    const before = hours();
    expect(before.length).toBeGreaterThan(0);
    const changes = new MutationObserver(() => undefined);
    changes.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    scroller.scrollTop = 20 * 48; // to 8 PM: other hours than those drawn
    scroller.dispatchEvent(new Event('scroll'));
    // Counted at once, before anything else runs: what the scroll event itself changed.
    expect(changes.takeRecords().length).toBe(0);
    changes.disconnect();
    await act(async () => {
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(hours()).not.toEqual(before);
    expect(hours()).toContain('8:00 PM');
  });
});
