/**
 * Bench row 2b counts a reload's schedule as shown when the first screen a host drew into the page was painted, and a
 * reload the host drew nothing into by the app's own paint (test/bench/marks.ts `shownAt`).
 */
import { expect, it } from 'vitest';
import { shownAt } from '../../bench/marks';

it('counts the first screen’s paint when the host drew one, else the app’s', () => {
  expect(shownAt({ drawn: true, shown: [31.5, 30.2] }, 120)).toEqual({ at: 30.2, drawn: true });
  expect(shownAt({ drawn: false, shown: [] }, 120)).toEqual({ at: 120, drawn: false });
  // Drawn, but its text never reported painted (no Element Timing): the app's paint, counted as not drawn.
  expect(shownAt({ drawn: true, shown: [] }, 120)).toEqual({ at: 120, drawn: false });
});
