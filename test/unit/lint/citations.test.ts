/**
 * Code and comments cite only what a reader of this repository can open: no issue numbers of a tracker that is not
 * here, no notes kept outside it. A reason is stated where it applies, not pointed at.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const OUTSIDE = /\b[Ii]ssue \d+\b|\bdesign\.md\b|\bfacts §/;
const FOLDERS = ['main', 'preload', 'renderer', 'common', 'test', 'scripts'];

/** Lines of tracked source files that cite something outside the repository. */
function outsideCitations(files: string[], read: (file: string) => string): string[] {
  const hits: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

describe('citations', () => {
  it('finds a planted citation of an issue number and of a file outside the repo', () => {
    const planted: Record<string, string> = {
      'a.ts': '// fine\n// see issue 12 for why\n',
      'b.ts': '/** (design.md rule 8) */\n',
      'c.ts': '// the service wraps lists (facts §1)\n',
      'd.ts': '// an issue with the network\n',
    };
    expect(outsideCitations(Object.keys(planted), (f) => planted[f] ?? '')).toEqual([
      'a.ts:2: // see issue 12 for why',
      'b.ts:1: /** (design.md rule 8) */',
      'c.ts:1: // the service wraps lists (facts §1)',
    ]);
  });

  it('source files cite only what is in the repository', () => {
    const files = execFileSync('git', ['ls-files', '--', ...FOLDERS], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mts|cjs|css)$/.test(f) && f !== 'test/unit/lint/citations.test.ts' && existsSync(f));
    expect(outsideCitations(files, (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });
});
