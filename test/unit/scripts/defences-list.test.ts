/**
 * Every defence in scripts/defences.ts still names code that is there: its `find` (and each `more`) occurs exactly
 * once in its file, and its tests exist (and the test it names by title). Code that moved without its entry would
 * make `npm run test:defences` skip the removal ("MISSED") long after the unit tests ran; here it fails at once,
 * naming the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFENCES } from '../../../scripts/defences';

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the defences list', () => {
  it('names code that is there, once, and tests that exist', () => {
    const problems: string[] = [];
    for (const d of DEFENCES) {
      if (!existsSync(d.file)) {
        problems.push(`${d.name}: ${d.file} is gone`);
        continue;
      }
      const text = readFileSync(d.file, 'utf8');
      for (const find of [d.find, ...(d.more ?? []).map((m) => m.find)]) {
        const n = count(text, find);
        if (n !== 1) problems.push(`${d.name}: its code occurs ${n} times in ${d.file}`);
      }
      for (const test of d.tests) if (!existsSync(test)) problems.push(`${d.name}: test ${test} is gone`);
      // The test it names by title (`only`) is in one of its files, else the check would run no test at all.
      const only = d.only;
      if (only !== undefined && !d.tests.some((test) => existsSync(test) && readFileSync(test, 'utf8').includes(only)))
        problems.push(`${d.name}: no test in ${d.tests.join(', ')} is named ${JSON.stringify(only)}`);
    }
    expect(problems).toEqual([]);
  });

  it('finds a planted entry whose code is not there', () => {
    const text = 'const a = 1;\nconst a = 1;\n';
    expect(count(text, 'const a = 1;')).toBe(2);
    expect(count(text, 'const b = 2;')).toBe(0);
  });
});
