/**
 * The schedule's User Timing marks (renderer/lib/perf-marks.ts) stay in the page until it closes: a day of days
 * opened keeps at most MARKS_KEPT of them, counted in the timeline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstScreen, markScheduleData } from '../../../renderer/lib/perf-marks';
import { waitFor } from '../../support/wait';

afterEach(() => performance.clearMarks());

describe('the schedule’s marks over a day', () => {
  it('keep at most a hundred data arrivals in the timeline, however many days are opened', () => {
    for (let day = 0; day < 250; day++) {
      markScheduleData(day);
      performance.mark('fd:schedule-painted');
    }
    const data = performance.getEntriesByName('fd:schedule-data', 'mark');
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(100);
    expect(performance.getEntriesByName('fd:schedule-painted', 'mark').length).toBeLessThanOrEqual(100);
    // The newest is kept.
    expect((data.at(-1) as PerformanceMark).detail).toEqual({ count: 249 });
  });
});

describe('work that waits for the first screen', () => {
  it('runs at once when the schedule was painted; told to wait for the next paint, waits for it', async () => {
    performance.mark('fd:schedule-painted'); // painted before (a sign-in earlier in this page)
    const ran: string[] = [];
    const stops = [
      afterFirstScreen(() => ran.push('ever'), 60_000),
      afterFirstScreen(() => ran.push('next'), 60_000, 'next'),
    ];
    expect(ran).toEqual(['ever']);
    performance.mark('fd:schedule-painted'); // this sign-in's first screen
    await waitFor(() => (ran.length === 2 ? ran : null), { what: 'the next paint to be heard' });
    expect(ran).toEqual(['ever', 'next']);
    stops.forEach((stop) => stop());
  });
});
