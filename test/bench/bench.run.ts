/**
 * `npm run bench`: what a receptionist feels, each row against a reference measured in the same run — from a Chromium
 * page through the browser host against the sandbox, or through the core's public API with its listeners attached.
 * Prints one Markdown table and writes test/bench/results.json, from which `npm run bench:table` rebuilds README.md's.
 * `BENCH_ROWS` runs some rows only (`page`, `core`, a unit's name or a row number, comma-separated) and then prints
 * them without touching results.json.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { coreUnits } from './core-rows';
import { dayUnits } from './day-rows';
import { pageBench } from './page-rows';
import { runUnits, selectUnits } from './runner';
import { markdown, type Machine, type Results, type Row } from './table';

import { it } from 'vitest';

const output = (command: string, args: string[]) =>
  spawnSync(command, args, { encoding: 'utf8' }).stdout?.trim() || 'unknown';

function machine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.versions.node,
    chromium: output(CHROMIUM_PATH, ['--version']),
  };
}

it('measures every row', async () => {
  const only = process.env.BENCH_ROWS?.trim() ?? '';
  const page = pageBench();
  const units = selectUnits([...page.units, ...coreUnits, ...dayUnits], only);
  const date = new Date().toISOString();
  const t0 = performance.now();
  let rows: Row[];
  try {
    rows = await runUnits(units, undefined, (done) =>
      done.forEach((r) =>
        console.log(`${r.metric}: ${r.error ?? `${r.frontdesk?.toPrecision(3)} ${r.unit}`} (load ${r.load})`),
      ),
    );
  } finally {
    await page.close();
  }
  rows.sort((a, b) => a.metric.localeCompare(b.metric, 'en', { numeric: true }));
  const results: Results = {
    date,
    seconds: Math.round((performance.now() - t0) / 1000),
    command: only ? `BENCH_ROWS=${only} npm run bench` : 'npm run bench',
    commit: output('git', ['rev-parse', '--short', 'HEAD']),
    machine: machine(),
    rows,
  };
  console.log(`\n${markdown(rows)}\n\n${date} · ${results.seconds} s`);
  if (only) console.log(`BENCH_ROWS=${only}: test/bench/results.json is left as it was (a full run writes it).`);
  else writeFileSync(join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
});
