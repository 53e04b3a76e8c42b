/** Bench rows: one Markdown table on stdout and the same in test/bench/results.json. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One measured row: Frontdesk's figure, its reference from the same run, their ratio and the target. */
export interface Row {
  metric: string;
  frontdesk: number;
  reference: number | null;
  ratio: number | null;
  target: string;
  unit: string;
  pass: boolean | null;
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** The p-th percentile (nearest rank). */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** Times `fn` `runs` times after `warmup` untimed runs; the median in ms. */
export async function timeMedian(fn: () => unknown, runs: number, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** A row with `frontdesk / reference` as its ratio, passing when `ok(ratio, frontdesk)`. */
export function ratioRow(
  metric: string,
  frontdesk: number,
  reference: number,
  unit: string,
  target: string,
  ok: ((ratio: number, value: number) => boolean) | null,
): Row {
  const ratio = reference > 0 ? frontdesk / reference : null;
  return {
    metric,
    frontdesk,
    reference,
    ratio,
    target,
    unit,
    pass: ok && ratio !== null ? ok(ratio, frontdesk) : null,
  };
}

/** A row with no reference (an absolute target, or "report"). */
export function valueRow(
  metric: string,
  value: number,
  unit: string,
  target: string,
  ok: ((v: number) => boolean) | null,
): Row {
  return { metric, frontdesk: value, reference: null, ratio: null, target, unit, pass: ok ? ok(value) : null };
}

const fmt = (n: number | null, unit = '') =>
  n === null || Number.isNaN(n)
    ? '—'
    : `${n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2)}${unit ? ` ${unit}` : ''}`;

/** The Markdown table. */
function markdown(rows: Row[]): string {
  const lines = [
    '| metric | Frontdesk | reference | ratio | target | pass |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.metric} | ${fmt(r.frontdesk, r.unit)} | ${fmt(r.reference, r.unit)} | ${r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.target} | ${r.pass === null ? 'report' : r.pass ? 'yes' : '**no**'} |`,
    ),
  ];
  return lines.join('\n');
}

/** Prints the table and writes results.json next to this file. */
export function publish(rows: Row[]): void {
  console.log(markdown(rows));
  writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(rows, null, 2)}\n`);
}
