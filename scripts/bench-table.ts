/**
 * `npm run bench:table` (and the end of `npm run bench`): rebuilds the speed table in README.md, between its
 * bench-table markers, from test/bench/results.json — with the run's date, machine and command.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withTable, type Results } from '../test/bench/table';

const root = resolve(__dirname, '..');
const results = JSON.parse(readFileSync(resolve(root, 'test/bench/results.json'), 'utf8')) as Results;
const readme = resolve(root, 'README.md');
const before = readFileSync(readme, 'utf8');
const after = withTable(before, results);
if (after !== before) writeFileSync(readme, after);
console.log(`README.md: bench table of ${results.date} ${after === before ? 'already there' : 'written'}`);
