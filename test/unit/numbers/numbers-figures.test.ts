/**
 * The Numbers screen's figures and their CSV: the table, the chart and the file are one figure; a field with a comma,
 * quote or line break is quoted; a name that a spreadsheet would run as a formula is kept as text.
 */
import { describe, expect, it } from 'vitest';
import type { PracticeNumbers } from '../../../common/contract';
import { csvName, figureCsv, figuresOf, percent } from '../../../renderer/features/numbers/numbers-figures';
import { chartDescription } from '../../../renderer/features/numbers/BarChart';

const provider = (calendarId: number, name: string, visits: number) => ({
  calendarId,
  name,
  visits,
  arrivals: 2,
  lateArrivals: 1,
  noShows: 1,
  cancellations: 3,
  bookedMinutes: 150,
  workingMinutes: 600,
  texts: { sent: calendarId, replies: 1 },
});

const numbers = (over: Partial<PracticeNumbers> = {}): PracticeNumbers => ({
  from: '2026-11-30',
  to: '2026-12-06',
  zone: 'America/Chicago',
  hours: { days: [1, 2, 3, 4, 5], openMin: 480, closeMin: 1080 },
  providers: [provider(1, 'Dr. Hart, DDS', 5), provider(2, '=HYPERLINK("http://x.test","y")', 4)],
  texts: { sent: 7, replies: 3, notAboutAVisit: { sent: 4, replies: 1 } },
  pages: [{ page: 'lakeside', name: 'Lakeside "online" booking', bookings: 2, cancelled: 1 }],
  fetchedAt: 0,
  source: 'service',
  ...over,
});

describe('numbers figures', () => {
  it('draw each figure from the answer, texts and pages only when they could be read', () => {
    const all = figuresOf(numbers());
    expect(all.map((f) => f.id)).toEqual(['visits', 'full', 'texts', 'pages']);
    expect(all[0]!.rows[0]).toEqual({ label: 'Dr. Hart, DDS', values: [5, 2, 1, 1, 3] });
    expect(all[1]!.rows[0]).toEqual({ label: 'Dr. Hart, DDS', values: [25, 2.5, 10] });
    expect(figuresOf(numbers({ texts: null, pages: null })).map((f) => f.id)).toEqual(['visits', 'full']);
    expect(percent(1, 0)).toBe(0);
    expect(all[2]!.rows.at(-1)).toEqual({ label: 'Not about a visit', values: [4, 1] });
    expect(chartDescription(all[2]!)).toBe(
      'Dr. Hart, DDS: Sent 1, Replies 1; =HYPERLINK("http://x.test","y"): Sent 2, Replies 1; Not about a visit: Sent 4, Replies 1',
    );
  });

  it('write CSV with quoted fields and formulas kept as text', () => {
    const [visits, , , pages] = figuresOf(numbers());
    const range = { from: '2026-11-30', to: '2026-12-06' };
    expect(csvName(visits!, range)).toBe('numbers-visits-2026-11-30-to-2026-12-06.csv');
    expect(figureCsv(visits!, range).split('\r\n')).toEqual([
      'Visits by provider,2026-11-30 to 2026-12-06',
      'Provider,Visits,Arrived,Arrived late,No-shows,Cancelled',
      '"Dr. Hart, DDS",5,2,1,1,3',
      `"'=HYPERLINK(""http://x.test"",""y"")",4,2,1,1,3`,
      '',
    ]);
    expect(figureCsv(pages!, range)).toContain('"Lakeside ""online"" booking",2,1\r\n');
  });
});
