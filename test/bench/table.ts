/**
 * Bench rows and the record of a run: one Markdown table on stdout, the same rows in test/bench/results.json, and the
 * README's speed table rebuilt from that file (scripts/bench-table.ts).
 */

/**
 * Above this 1-minute load average a row's figure moves with other work on the machine: it is marked unreliable where
 * the other processes' CPU cannot be read (see OTHERS_LIMIT).
 */
export const LOAD_LIMIT = 2;
/**
 * Above this many cores used by processes other than the bench's own (others-cpu.ts) while a row was measured, its
 * figure moves with that work: it is marked unreliable. On two cores the bench's own browser, host and sandbox hold
 * the load average above LOAD_LIMIT with nothing else running, so the load average alone would mark every row. Half
 * a core (a quarter of this machine): an idle machine's own work (the kernel, the test runner above the bench, the
 * last moments of a browser's helpers as it quits) reads 0.0–0.3; a test run beside the bench reads 1 or more.
 */
export const OTHERS_LIMIT = 0.5;

/** Repetitions of one measurement: their median, the fastest and slowest, and how many there were. */
export interface Sample {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** One measured row: Frontdesk's figure, its reference from the same run, their ratio and the target. */
export interface Row {
  metric: string;
  /** Median of Frontdesk's repetitions (4b: their 95th percentile), or the one figure of a row measured once. */
  frontdesk: number | null;
  reference: number | null;
  ratio: number | null;
  target: string;
  unit: string;
  /** null: reported, no target; false also when the row could not be measured (see `error`). */
  pass: boolean | null;
  /** Frontdesk's fastest and slowest repetitions; null for a row measured once. */
  min: number | null;
  max: number | null;
  /** How many repetitions the median is of; null for a row measured once. */
  runs: number | null;
  /** The highest 1-minute load average seen while the row was measured. */
  load: number | null;
  /** Cores the machine's other processes used while the row was measured (null: not known). */
  others?: number | null;
  /**
   * False when `others` was above OTHERS_LIMIT (or, with `others` not known, `load` above LOAD_LIMIT); true for a row
   * no load can move (a size).
   */
  reliable: boolean | null;
  /** What went wrong when the row has no figure: a mark that never came, a step that failed. */
  error?: string;
}

/** The machine a run was measured on. */
export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
}

/** What test/bench/results.json holds: when, where, how, and the rows. */
export interface Results {
  /** ISO time the run started. */
  date: string;
  seconds: number;
  command: string;
  commit: string;
  machine: Machine;
  rows: Row[];
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

/** The median, min and max of repeated measurements (at least 5, or the row is not worth a median). */
export function sample(values: number[]): Sample {
  if (values.length < 5) throw new Error(`bench: a timed row needs at least 5 repetitions, got ${values.length}`);
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

/** Times `fn` `runs` times after `warmup` untimed runs. */
export async function timeSample(fn: () => unknown, runs: number, warmup = 2): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return sample(times);
}

const value = (x: number | Sample) => (typeof x === 'number' ? x : x.median);
const spread = (x: number | Sample) =>
  typeof x === 'number' ? { min: null, max: null, runs: null } : { min: x.min, max: x.max, runs: x.runs };

/**
 * A row with `frontdesk / reference` as its ratio, passing when `ok(ratio, frontdesk)`. A Sample gives the row its
 * median, min and max; a number is a row measured once.
 */
export function ratioRow(
  metric: string,
  frontdesk: number | Sample,
  reference: number | Sample,
  unit: string,
  target: string,
  ok: ((ratio: number, value: number) => boolean) | null,
): Row {
  const ours = value(frontdesk);
  const theirs = value(reference);
  const ratio = theirs > 0 ? ours / theirs : null;
  return {
    metric,
    frontdesk: ours,
    reference: theirs,
    ratio,
    target,
    unit,
    pass: ok && ratio !== null ? ok(ratio, ours) : null,
    ...spread(frontdesk),
    load: null,
    reliable: null,
  };
}

/** A row with no reference (an absolute target, or "report"). */
export function valueRow(
  metric: string,
  measured: number | Sample,
  unit: string,
  target: string,
  ok: ((v: number) => boolean) | null,
): Row {
  const v = value(measured);
  return {
    metric,
    frontdesk: v,
    reference: null,
    ratio: null,
    target,
    unit,
    pass: ok ? ok(v) : null,
    ...spread(measured),
    load: null,
    reliable: null,
  };
}

/** A row that could not be measured: no figure, not a pass, and what went wrong. */
export function errorRow(metric: string, target: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    metric,
    frontdesk: null,
    reference: null,
    ratio: null,
    target,
    unit: '',
    pass: false,
    min: null,
    max: null,
    runs: null,
    load: null,
    reliable: null,
    error: message,
  };
}

const fmt = (n: number | null, unit = '') =>
  n === null || Number.isNaN(n)
    ? '—'
    : `${n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2)}${unit ? ` ${unit}` : ''}`;

/** A Markdown cell: one line, no pipes, not too long (Playwright's errors run to many lines). */
const cell = (text: string, max = Infinity) => {
  const line = text.split('\n')[0]!.replaceAll('|', '\\|').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

function frontdeskCell(r: Row): string {
  if (r.error !== undefined) return `**error:** ${cell(r.error, 160)}`;
  const runs = r.min !== null && r.max !== null ? ` (${fmt(r.min)}–${fmt(r.max)}, ${r.runs} runs)` : '';
  return `${fmt(r.frontdesk, r.unit)}${runs}`;
}

function loadCell(r: Row): string {
  if (r.load === null) return '—';
  const others = r.others == null ? '' : ` (others ${r.others.toFixed(2)})`;
  return `${r.load.toFixed(1)}${others}${r.reliable === false ? ' **unreliable**' : ''}`;
}

function passCell(r: Row): string {
  if (r.error !== undefined) return '**error**';
  return r.pass === null ? 'report' : r.pass ? 'yes' : '**no**';
}

/** The Markdown table of `rows`. */
export function markdown(rows: Row[]): string {
  return [
    '| metric | Frontdesk (min–max) | reference | ratio | target | load (others’ cores) | pass |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${cell(r.metric)} | ${frontdeskCell(r)} | ${fmt(r.reference, r.unit)} | ${r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.target} | ${loadCell(r)} | ${passCell(r)} |`,
    ),
  ].join('\n');
}

const BEGIN = '<!-- bench-table: made by `npm run bench:table` from test/bench/results.json; edits here are lost -->';
const END = '<!-- /bench-table -->';

/** The README's block: when, on what and by which command the rows were measured, then the table. */
function tableBlock(results: Results): string {
  const m = results.machine;
  const loads = results.rows.map((r) => r.load).filter((l): l is number => l !== null);
  const unreliable = results.rows.filter((r) => r.reliable === false).length;
  const errors = results.rows.filter((r) => r.error !== undefined).length;
  const when = `${results.date.slice(0, 16).replace('T', ' ')} UTC`;
  const others = results.rows.map((r) => r.others).filter((o): o is number => o != null);
  const limit =
    others.length > 0
      ? `while other processes used more than ${OTHERS_LIMIT} cores (the bench's own keep the load average above ${LOAD_LIMIT} on two cores)`
      : `above ${LOAD_LIMIT}`;
  const load =
    loads.length > 0
      ? `1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}${others.length > 0 ? `, other processes ${Math.min(...others).toFixed(2)}–${Math.max(...others).toFixed(2)} cores` : ''}; ${unreliable} of ${results.rows.length} rows measured ${limit} are marked unreliable`
      : 'load average not recorded';
  return [
    `Measured ${when} at ${results.commit} by \`${results.command}\` (${Math.round(results.seconds)} s) on ${m.cores} cores (${m.cpu}, ${m.memoryGb} GB, ${m.os}), Node ${m.node}, ${m.chromium}; ${load}${errors > 0 ? `; ${errors} ${errors === 1 ? 'row' : 'rows'} could not be measured` : ''}.`,
    '',
    markdown(results.rows),
  ].join('\n');
}

/** `readme` with the block between its bench-table markers replaced by the table of `results`. */
export function withTable(readme: string, results: Results): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no bench table markers: ${BEGIN} … ${END}`);
  return `${readme.slice(0, begin + BEGIN.length)}\n\n${tableBlock(results)}\n\n${readme.slice(end)}`;
}
