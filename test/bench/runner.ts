/**
 * Runs the bench's units one after another: each unit measures one or more rows. A unit that fails becomes an error
 * row saying what went wrong, and the run goes on. Each row carries the highest load average seen while it was
 * measured and the CPU the rest of the machine used meanwhile (others-cpu.ts); it is marked unreliable when the
 * others used more than OTHERS_LIMIT, or, where that cannot be read, above a load average of LOAD_LIMIT.
 */
import { loadavg } from 'node:os';
import { procCpu, type CpuWatch } from './others-cpu';
import { errorRow, LOAD_LIMIT, OTHERS_LIMIT, type Row } from './table';

/** One or more rows measured together (one set-up, one sandbox). */
export interface Unit {
  /** A word for `BENCH_ROWS` (e.g. `schedule`). */
  name: string;
  /** The row numbers it measures, as in the table (`3a`, `3b`, `3c`). */
  ids: string[];
  /** Which half of the bench: through a Chromium page, or through the core's API. */
  half: 'page' | 'core';
  /** What the rows measure, for an error row when the unit fails. */
  title: string;
  /** True for rows no load can move (a size on disk): they stay reliable whatever the load. */
  loadFree?: boolean;
  run(): Promise<Row[]>;
}

/**
 * The units `BENCH_ROWS` asks for: a comma-separated list of `page`, `core`, unit names or row numbers (`3` runs
 * 3a–3c, `3b` the unit that measures 3b); unset or empty, all of them. An unknown word throws before anything runs.
 */
export function selectUnits(units: Unit[], spec: string | undefined): Unit[] {
  const words = (spec ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return units;
  const matches = (unit: Unit, word: string) =>
    unit.half === word ||
    unit.name === word ||
    unit.ids.some((id) => id === word || (/^\d+$/.test(word) && id.replace(/[a-z]+$/, '') === word));
  for (const word of words)
    if (!units.some((u) => matches(u, word)))
      throw new Error(
        `BENCH_ROWS: no row or unit "${word}"; try page, core, ${units.map((u) => `${u.name} (${u.ids.join(', ')})`).join(', ')}`,
      );
  return units.filter((u) => words.some((w) => matches(u, w)));
}

/** The metric an error row of a whole unit carries: its row numbers and title. */
const unitMetric = (unit: Unit) =>
  `${unit.ids.length > 1 ? `${unit.ids[0]}–${unit.ids[unit.ids.length - 1]}` : unit.ids[0]}. ${unit.title}`;

/**
 * Runs `fn` for one row; if it throws, the row is an error row for `metric` instead. For units whose rows can fail
 * one by one.
 */
export async function attempt(metric: string, target: string, fn: () => Promise<Row>): Promise<Row> {
  try {
    return await fn();
  } catch (error) {
    return errorRow(metric, target, error);
  }
}

/**
 * Runs each unit in turn, sampling `load` (the 1-minute load average) each second while it runs and watching the CPU
 * of the other processes (`cpu`). A unit that throws gives one error row and the next unit runs. `progress` hears each
 * unit's rows as they come.
 */
export async function runUnits(
  units: Unit[],
  load: () => number = () => loadavg()[0]!,
  progress: (rows: Row[]) => void = () => undefined,
  cpu: CpuWatch = procCpu,
): Promise<Row[]> {
  const all: Row[] = [];
  for (const unit of units) {
    const othersSince = cpu.start();
    let highest = load();
    const sampler = setInterval(() => (highest = Math.max(highest, load())), 1_000);
    sampler.unref();
    let rows: Row[];
    try {
      rows = await unit.run();
    } catch (error) {
      rows = [errorRow(unitMetric(unit), '—', error)];
    } finally {
      clearInterval(sampler);
    }
    highest = Math.round(Math.max(highest, load()) * 100) / 100;
    const measured = othersSince();
    const others = measured === null ? null : Math.round(measured * 100) / 100;
    const quiet = others === null ? highest <= LOAD_LIMIT : others <= OTHERS_LIMIT;
    const stamped = rows.map((r) => ({
      ...r,
      load: highest,
      others,
      reliable: unit.loadFree === true || quiet,
    }));
    progress(stamped);
    all.push(...stamped);
  }
  return all;
}
