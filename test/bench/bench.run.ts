/**
 * `npm run bench`: what a receptionist feels, each row against a reference measured in the same run — from a Chromium
 * page through the browser host against the sandbox, or through the core's public API with its listeners attached.
 * Prints one Markdown table and writes test/bench/results.json. `BENCH_ROWS=core` or `=page` runs one half.
 */
import { drainRow, queuedReadRows, singleFlightRow } from './core-rows';
import { pageRows } from './page-rows';
import { publish, type Row } from './table';

import { it } from 'vitest';

it('measures every row', async () => {
  const only = process.env.BENCH_ROWS;
  const rows: Row[] = [];
  const t0 = performance.now();
  if (only !== 'core') rows.push(...(await pageRows()));
  if (only !== 'page') {
    rows.push(...(await queuedReadRows()));
    rows.push(await drainRow());
    rows.push(await singleFlightRow());
  }
  rows.sort((a, b) => parseFloat(a.metric) - parseFloat(b.metric));
  publish(rows);
  console.log(`\n${new Date().toISOString()} · ${Math.round((performance.now() - t0) / 1000)} s`);
});
