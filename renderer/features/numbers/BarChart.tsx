/**
 * A figure drawn as horizontal bars (visx: its scales place the bars, React draws the SVG, so no inline style
 * attribute meets the page's CSP). The picture is one image with its own name and a description that reads every
 * value; the table beside it (FigureTable) is the same figure for anyone who would rather read it.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import type { Figure } from './numbers-figures';

const WIDTH = 520;
const LABEL_W = 170;
const VALUE_W = 48;
const BAR_H = 14;
const ROW_GAP = 10;

const valueWords = (figure: Figure, v: number) => (figure.unit === 'percent' ? `${v}%` : String(v));

/** "Dr. Hart: Visits 12, Arrived 10, …; Hygiene: …". */
export function chartDescription(figure: Figure): string {
  return figure.rows
    .map(
      (r) =>
        `${r.label}: ${figure.charted.map((c) => `${figure.columns[c]} ${valueWords(figure, r.values[c] ?? 0)}`).join(', ')}`,
    )
    .join('; ');
}

/** The figure's bars, one group per row, one bar per charted column. */
export function BarChart({ figure }: { figure: Figure }) {
  const titleId = useId();
  const descId = useId();
  const series = figure.charted;
  const groupH = series.length * BAR_H + ROW_GAP;
  const height = Math.max(1, figure.rows.length) * groupH + 8;
  const max = figure.chartMax ?? Math.max(1, ...figure.rows.flatMap((r) => series.map((c) => r.values[c] ?? 0)));
  const x = scaleLinear<number>({
    domain: [0, max],
    range: [0, WIDTH - LABEL_W - VALUE_W],
    nice: figure.chartMax === null,
  });
  const y = scaleBand<string>({ domain: figure.rows.map((_, i) => String(i)), range: [4, height - 4], padding: 0 });
  const inner = scaleBand<number>({ domain: [...series], range: [0, series.length * BAR_H], padding: 0.15 });
  return (
    <svg
      className="numbers-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="numbers-chart"
    >
      <title id={titleId}>{figure.title}</title>
      <desc id={descId}>{chartDescription(figure)}</desc>
      {figure.rows.map((row, i) => (
        <Group key={row.label + i} top={y(String(i)) ?? 0} aria-hidden="true">
          <text
            className="numbers-chart-label"
            x={LABEL_W - 8}
            y={(series.length * BAR_H) / 2}
            dy="0.35em"
            textAnchor="end"
          >
            {row.label.length > 26 ? `${row.label.slice(0, 25)}…` : row.label}
          </text>
          {series.map((c, k) => {
            const v = row.values[c] ?? 0;
            const w = x(v);
            const top = inner(c) ?? 0;
            return (
              <g key={c}>
                <Bar
                  className={`numbers-bar numbers-bar-${k}`}
                  x={LABEL_W}
                  y={top}
                  width={Math.max(0, w)}
                  height={inner.bandwidth()}
                />
                <text className="numbers-chart-value" x={LABEL_W + w + 4} y={top + inner.bandwidth() / 2} dy="0.35em">
                  {valueWords(figure, v)}
                </text>
              </g>
            );
          })}
        </Group>
      ))}
    </svg>
  );
}
