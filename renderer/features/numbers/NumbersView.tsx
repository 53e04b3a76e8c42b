/**
 * The Numbers screen: for today, this week, this month or days the desk picks, per provider the visits, arrivals,
 * late arrivals, no-shows and cancellations, how full the working hours were, texts sent and replies, and bookings by
 * page. Core counts them from its one store of the practice; offline they are counted from what was read last, and
 * the screen says as of when. Each figure is a chart, a table (the same figure in rows) and a CSV file.
 */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ReadStatus } from '../../components/ReadStatus';
import { ScreenCard } from '../../components/ScreenCard';
import { Field } from '../../components/Field';
import { dayInZone, dayStart, usePracticeZone } from '../../lib/practice-time';
import { useAppStore } from '../../stores/app-store';
import { MOST_DAYS, useNumbersStore, type Period } from '../../stores/numbers-store';
import { BarChart } from './BarChart';
import { csvName, figureCsv, figuresOf, type Figure } from './numbers-figures';
import './numbers.css';

const PERIOD_WORDS: readonly { period: Period; label: string }[] = [
  { period: 'today', label: 'Today' },
  { period: 'week', label: 'This week' },
  { period: 'month', label: 'This month' },
  { period: 'custom', label: 'Choose days' },
];

/** Saves `text` as a file the browser or the app offers to keep. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One figure: its heading, chart or table, and its CSV. */
function FigureCard({ figure, range }: { figure: Figure; range: { from: string; to: string } }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = `numbers-${figure.id}`;
  return (
    <section className="numbers-figure" aria-labelledby={headingId} data-testid={`figure-${figure.id}`}>
      <div className="numbers-figure-bar">
        <h3 id={headingId}>{figure.title}</h3>
        <div className="numbers-switch" role="group" aria-label={`Show ${figure.title.toLowerCase()} as`}>
          <button type="button" aria-pressed={!asTable} onClick={() => setAsTable(false)}>
            Chart
          </button>
          <button type="button" aria-pressed={asTable} onClick={() => setAsTable(true)}>
            Table
          </button>
        </div>
        <button
          type="button"
          className="secondary-button"
          onClick={() => saveFile(csvName(figure, range), figureCsv(figure, range))}
        >
          Download CSV<span className="visually-hidden"> of {figure.title.toLowerCase()}</span>
        </button>
      </div>
      {figure.rows.length === 0 ? (
        <p className="muted">{figure.empty}</p>
      ) : asTable ? (
        // Scrolls sideways when the window is narrow: focusable, so the keyboard can scroll it too.
        <div className="numbers-table-wrap" tabIndex={0} role="group" aria-label={`${figure.title}, table`}>
          <table className="numbers-table" data-testid="numbers-table">
            <caption className="visually-hidden">{figure.title}</caption>
            <thead>
              <tr>
                <th scope="col">{figure.rowHead}</th>
                {figure.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figure.rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {r.values.map((v, i) => (
                    <td key={figure.columns[i]}>{v}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <>
          {figure.charted.length > 1 && (
            <ul className="numbers-legend" aria-hidden="true">
              {figure.charted.map((c, k) => (
                <li key={c}>
                  <span className={`numbers-swatch numbers-bar-${k}`} />
                  {figure.columns[c]}
                </li>
              ))}
            </ul>
          )}
          <BarChart figure={figure} />
        </>
      )}
    </section>
  );
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const clock = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
};

/** "Working hours counted: Monday to Friday, 8 AM to 6 PM." */
function hoursWords(hours: { days: number[]; openMin: number; closeMin: number }): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const run = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayWords =
    days.length > 2 && run
      ? `${DAY_NAMES[days[0]!]} to ${DAY_NAMES[days.at(-1)!]}`
      : days.map((d) => DAY_NAMES[d]).join(', ');
  return `Working hours counted: ${dayWords}, ${clock(hours.openMin)} to ${clock(hours.closeMin)}.`;
}

/** The days chosen, in words: "Mon 30 Nov 2026 to Sun 6 Dec 2026". */
function rangeWords(from: string, to: string, zone: string): string {
  const day = (key: string) => dayInZone(dayStart(key, zone).getTime(), zone);
  return from === to ? day(from) : `${day(from)} to ${day(to)}`;
}

/** The Numbers tab. */
export function NumbersView() {
  const { period, from, to, numbers, loading, error, choose, chooseDays, load } = useNumbersStore(
    useShallow((s) => ({
      period: s.period,
      from: s.from,
      to: s.to,
      numbers: s.numbers,
      loading: s.loading,
      error: s.error,
      choose: s.choose,
      chooseDays: s.chooseDays,
      load: s.load,
    })),
  );
  const online = useAppStore((s) => s.connectivity?.state === 'online');
  const zone = usePracticeZone();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => {
    // The screen opens on the period chosen last (this week at first), counted afresh.
    if (!from || period !== 'custom') choose(period === 'custom' ? 'week' : period);
    else void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);
  const figures = numbers ? figuresOf(numbers) : [];
  const range = numbers ? { from: numbers.from, to: numbers.to } : { from, to };
  const draftProblem =
    draft.from && draft.to && draft.from > draft.to
      ? 'The first day must come before the last.'
      : draft.from && draft.to && (Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000 >= MOST_DAYS
        ? `Choose at most ${MOST_DAYS} days.`
        : undefined;
  return (
    <ScreenCard
      className="numbers-screen"
      title="Numbers"
      testId="numbers"
      loading={loading}
      data={{ 'data-from': range.from, 'data-to': range.to, 'data-source': numbers?.source ?? 'none' }}
    >
      <div className="numbers-periods" role="group" aria-label="Days to count">
        {PERIOD_WORDS.map((p) => (
          <button
            key={p.period}
            type="button"
            aria-pressed={period === p.period}
            onClick={() => {
              if (p.period === 'custom') {
                setDraft({ from, to });
                useNumbersStore.setState({ period: 'custom' });
              } else choose(p.period);
            }}
          >
            {p.label}
          </button>
        ))}
      </div>
      {period === 'custom' && (
        <form
          className="form-row numbers-days"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.from && draft.to && !draftProblem) chooseDays(draft.from, draft.to);
          }}
        >
          <Field label="From">
            <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </Field>
          <Field label="To" error={draftProblem}>
            <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </Field>
          <button type="submit" className="primary-button" disabled={!draft.from || !draft.to || Boolean(draftProblem)}>
            Count these days
          </button>
        </form>
      )}
      {range.from && (
        <p className="numbers-range" aria-live="polite" data-testid="numbers-range">
          {rangeWords(range.from, range.to, zone)}
          {loading ? ' — counting…' : ''}
        </p>
      )}
      <ReadStatus
        data={numbers}
        loading={loading}
        error={error}
        online={online}
        what="numbers"
        unavailableText=""
        testId="numbers-stale"
        retry={() => void load()}
      />
      {!numbers && loading && <p className="muted">Counting…</p>}
      {numbers && (
        <>
          <p className="muted numbers-note">
            A visit is an appointment with a patient on it; bookings count on their appointment&apos;s day.{' '}
            {hoursWords(numbers.hours)}
            {numbers.texts === null ? ' Texts cannot be read with this sign-in.' : ''}
            {numbers.pages === null ? ' Bookings cannot be read with this sign-in.' : ''}
          </p>
          <div className="numbers-figures">
            {figures.map((f) => (
              <FigureCard key={f.id} figure={f} range={range} />
            ))}
          </div>
        </>
      )}
    </ScreenCard>
  );
}
