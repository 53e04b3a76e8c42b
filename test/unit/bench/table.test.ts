import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorRow, ratioRow, sample, valueRow, withTable, type Results, type Row } from '../../bench/table';

const BEGIN = '<!-- bench-table: made by `npm run bench:table` from test/bench/results.json; edits here are lost -->';
const END = '<!-- /bench-table -->';

const stamped = (row: Row, load: number): Row => ({ ...row, load, reliable: load <= 2 });

const results: Results = {
  date: '2026-11-25T23:40:12.345Z',
  seconds: 231.4,
  command: 'npm run bench',
  commit: 'abc1234',
  machine: {
    cores: 2,
    cpu: 'Bench CPU @ 2.0GHz',
    memoryGb: 8,
    os: 'Linux 6.1.0',
    node: '22.23.3',
    chromium: 'Chromium 142.0.7444.59 built on Debian',
  },
  rows: [
    stamped(
      ratioRow('2b. calendar shown, warm', sample([500, 480, 530, 490, 610]), 52.7, 'ms', '≤ 1.5×', (r) => r <= 1.5),
      1.25,
    ),
    stamped(
      valueRow('3a. a day of 200 | blocks', sample([60, 55, 70, 58, 61]), 'ms', '< 100 ms', (v) => v < 100),
      9.5,
    ),
    stamped(
      errorRow('3b. a week of 1,000', '< 200 ms', new Error('the fd:schedule-data mark was missing\nat line 2')),
      9.5,
    ),
    stamped(
      valueRow('10. refreshes', 1, 'requests', 'exactly 1', (v) => v === 1),
      3,
    ),
  ],
};

const readme = ['# App', '', '## Speed', '', 'What it measures.', '', BEGIN, 'old table', END, '', '## Next', ''].join(
  '\n',
);

describe('the README speed table', () => {
  const made = withTable(readme, results);
  const table = made.slice(made.indexOf(BEGIN), made.indexOf(END));
  const line = (metric: string) => table.split('\n').find((l) => l.startsWith(`| ${metric}`)) ?? '';

  it('replaces only what is between the markers', () => {
    expect(made.startsWith('# App\n\n## Speed\n\nWhat it measures.\n\n' + BEGIN)).toBe(true);
    expect(made.endsWith(`${END}\n\n## Next\n`)).toBe(true);
    expect(made).not.toContain('old table');
    expect(withTable(made, results)).toBe(made);
  });

  it('says when, on what and by which command', () => {
    expect(table).toContain('2026-11-25 23:40 UTC');
    expect(table).toContain('abc1234');
    expect(table).toContain('`npm run bench`');
    expect(table).toContain('2 cores (Bench CPU @ 2.0GHz, 8 GB, Linux 6.1.0)');
    expect(table).toContain('Node 22.23.3');
    expect(table).toContain('Chromium 142.0.7444.59');
    expect(table).toContain('load average 1.3–9.5; 3 of 4 rows measured above 2 are marked unreliable');
  });

  it('gives each timed row its median, min and max, and the load it was measured under', () => {
    expect(line('2b.')).toBe(
      '| 2b. calendar shown, warm | 500 ms (480–610, 5 runs) | 52.7 ms | 9.49× | ≤ 1.5× | 1.3 | **no** |',
    );
    expect(line('3a.')).toContain('| 60.0 ms (55.0–70.0, 5 runs) |');
    expect(line('3a.')).toContain('| 9.5 **unreliable** | yes |');
    expect(line('10.')).toBe('| 10. refreshes | 1.00 requests | — | — | exactly 1 | 3.0 **unreliable** | yes |');
  });

  it('keeps a row that could not be measured, with what went wrong, as not a pass', () => {
    expect(line('3b.')).toBe(
      '| 3b. a week of 1,000 | **error:** the fd:schedule-data mark was missing | — | — | < 200 ms | 9.5 **unreliable** | **error** |',
    );
    expect(table).toContain('1 row could not be measured');
  });

  it('escapes a pipe in a metric cell', () => {
    expect(line('3a.')).toContain('| 3a. a day of 200 \\| blocks |');
  });

  it('refuses a README without the markers', () => {
    expect(() => withTable('# App\n', results)).toThrow('no bench table markers');
  });

  it('in README.md is the one made from test/bench/results.json, not typed', () => {
    const root = resolve(__dirname, '../../..');
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const recorded = JSON.parse(readFileSync(resolve(root, 'test/bench/results.json'), 'utf8')) as Results;
    // `npm run bench:table` makes it again; a run of `npm run bench` does that itself.
    expect(withTable(readme, recorded) === readme, 'README.md’s table as results.json makes it').toBe(true);
  });
});
