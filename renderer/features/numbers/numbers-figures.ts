/**
 * The Numbers screen's figures: each a table of rows (a provider, a page, a kind of text) and columns, from which its
 * chart, its table and its CSV are all drawn, so the three always say the same thing.
 */
import type { PracticeNumbers } from '../../../common/contract';
import { MARK_WORDS } from '../../lib/words';

/** One figure: a title, its columns, and a row per thing counted. */
export interface Figure {
  id: 'visits' | 'full' | 'texts' | 'pages';
  title: string;
  /** What the first column names ("Provider", "Booking page"). */
  rowHead: string;
  columns: readonly string[];
  /** The columns the chart draws (indexes into `columns`), and the largest value its axis shows (null: the data's). */
  charted: readonly number[];
  chartMax: number | null;
  /** How a charted value reads ("12", "85%"). */
  unit: 'count' | 'percent';
  rows: { label: string; values: number[] }[];
  /** Said when there are no rows. */
  empty: string;
}

/** Percent of `part` in `whole`, whole numbers (0 when there is no whole). */
export const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Hours, one decimal. */
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

/** The figures of one answer, in the screen's order (texts and pages only when they could be read). */
export function figuresOf(n: PracticeNumbers): Figure[] {
  const figures: Figure[] = [
    {
      id: 'visits',
      title: 'Visits by provider',
      rowHead: 'Provider',
      // The check-in and cancellation columns say the marks as the schedule does.
      columns: ['Visits', MARK_WORDS.arrived.word, MARK_WORDS.late.word, 'No-shows', MARK_WORDS.cancelled.word],
      charted: [0, 1, 2, 3, 4],
      chartMax: null,
      unit: 'count',
      rows: n.providers.map((p) => ({
        label: p.name || `Calendar ${p.calendarId}`,
        values: [p.visits, p.arrivals, p.lateArrivals, p.noShows, p.cancellations],
      })),
      empty: 'The practice has no calendars yet.',
    },
    {
      id: 'full',
      title: 'How full the working hours were',
      rowHead: 'Provider',
      columns: ['Full (%)', 'Booked hours', 'Working hours'],
      charted: [0],
      chartMax: 100,
      unit: 'percent',
      rows: n.providers.map((p) => ({
        label: p.name || `Calendar ${p.calendarId}`,
        values: [percent(p.bookedMinutes, p.workingMinutes), hours(p.bookedMinutes), hours(p.workingMinutes)],
      })),
      empty: 'The practice has no calendars yet.',
    },
  ];
  if (n.texts)
    figures.push({
      id: 'texts',
      title: 'Texts sent and replies',
      rowHead: 'About visits with',
      columns: ['Sent', 'Replies'],
      charted: [0, 1],
      chartMax: null,
      unit: 'count',
      rows: [
        ...n.providers.map((p) => ({
          label: p.name || `Calendar ${p.calendarId}`,
          values: [p.texts?.sent ?? 0, p.texts?.replies ?? 0],
        })),
        { label: 'Not about a visit', values: [n.texts.notAboutAVisit.sent, n.texts.notAboutAVisit.replies] },
      ],
      empty: '',
    });
  if (n.pages)
    figures.push({
      id: 'pages',
      title: 'Bookings by page',
      rowHead: 'Booking page',
      columns: ['Bookings', 'Since cancelled'],
      charted: [0, 1],
      chartMax: null,
      unit: 'count',
      rows: n.pages.map((p) => ({ label: p.name || p.page, values: [p.bookings, p.cancelled] })),
      empty: 'The practice has no booking pages.',
    });
  return figures;
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is kept as text. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The figure as CSV (a head line, then a line per row; CRLF as RFC 4180 has it), the range in its first lines. */
export function figureCsv(figure: Figure, range: { from: string; to: string }): string {
  const lines = [
    [figure.title, `${range.from} to ${range.to}`],
    [figure.rowHead, ...figure.columns],
    ...figure.rows.map((r) => [r.label, ...r.values]),
  ];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The file name of a figure's CSV: "numbers-visits-2026-11-30-to-2026-12-06.csv". */
export const csvName = (figure: Figure, range: { from: string; to: string }) =>
  `numbers-${figure.id}-${range.from}-to-${range.to}.csv`;
