/**
 * The User Timing marks the bench reads from the page (renderer/lib/perf-marks.ts): when the schedule's data arrived
 * and when it was painted. A mark that never came is a MissingMark naming it, never a TypeError.
 */

export const DATA_MARK = 'fd:schedule-data';
export const PAINTED_MARK = 'fd:schedule-painted';
/**
 * Element Timing's name on the text of the first screen a host writes into the page it serves (renderer/first-screen/):
 * when that text was painted is when a reload showed the saved day.
 */
export const FIRST_SCREEN_TIMING = 'fd-first-screen';

/**
 * Element Timing's name on the reference app's text (test/bench/reference-app/main.tsx): row 2b reads when its
 * reload showed that text, by the same clock as the first screen's.
 */
export const REFERENCE_TIMING = 'fd-reference-shown';

/** What a reload's page told of the first screen a host drew into it. */
export interface FirstScreenSeen {
  /** `#first-screen` was in the page at DOMContentLoaded (the host wrote it into the HTML). */
  drawn: boolean;
  /** When the first screen's marked text was painted (Element Timing's render times). */
  shown: number[];
}

/**
 * When a reload showed the schedule: the first screen's text painted when the host drew one, else the app's own
 * painted mark (`painted`); `drawn` says which.
 */
export function shownAt(seen: FirstScreenSeen, painted: number): { at: number; drawn: boolean } {
  if (!seen.drawn || seen.shown.length === 0) return { at: painted, drawn: false };
  return { at: Math.min(...seen.shown), drawn: true };
}

/** A mark as read from the page. */
export interface Mark {
  name: string;
  startTime: number;
}

/** A mark the bench waited for never came, so its row has no figure. */
export class MissingMark extends Error {
  constructor(mark: string, when: string) {
    super(`the ${mark} mark was missing ${when}`);
    this.name = 'MissingMark';
  }
}

/**
 * Milliseconds from the first data mark at or after `since` to the first painted mark at or after it; throws a
 * MissingMark naming whichever did not come.
 */
export function dataToPaint(marks: Mark[], since: number): number {
  const data = marks.find((m) => m.name === DATA_MARK && m.startTime >= since);
  if (!data) throw new MissingMark(DATA_MARK, 'after the click that asked for the data');
  const painted = marks.find((m) => m.name === PAINTED_MARK && m.startTime >= data.startTime);
  if (!painted) throw new MissingMark(PAINTED_MARK, 'after the data arrived');
  return painted.startTime - data.startTime;
}
