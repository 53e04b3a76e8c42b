/** The one rule for a person's next appointment (main/core/contacts/upcoming.ts), at its edges. */
import { describe, expect, it } from 'vitest';
import { hasEnded, nextOf, pastOf, upcomingOf } from '../../../main/core/contacts/upcoming';

const NOW = Date.parse('2026-12-02T12:30:00-06:00');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const visit = (id: number, from: number, to: number) => ({ id, start: at(from), end: at(to) });

describe('the next appointment', () => {
  it('counts one still going, however long ago it began, and not one that is over, however recently it began', () => {
    const over = visit(1, -20, -1);
    const going = visit(2, -180, 1);
    const later = visit(3, 60, 90);
    expect(nextOf([later, over, going], NOW)).toBe(going);
    expect(upcomingOf([later, over, going], NOW)).toEqual([going, later]);
    expect(pastOf([later, over, going], NOW)).toEqual([over]);
  });

  it('is over at its end to the millisecond; equal starts come in id order; none left is null', () => {
    expect(hasEnded(visit(1, -30, 0), NOW)).toBe(true);
    expect(hasEnded({ end: new Date(NOW + 1).toISOString() }, NOW)).toBe(false);
    expect(upcomingOf([visit(9, 10, 20), visit(4, 10, 40)], NOW).map((v) => v.id)).toEqual([4, 9]);
    expect(nextOf([visit(1, -30, -10)], NOW)).toBeNull();
  });
});
