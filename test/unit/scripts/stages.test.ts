/**
 * `npm test` runs every stage whatever came before it, and its summary names each stage's result and time: a red
 * stage never hides the later ones (real child processes stand in for the stages).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { duration, E2E_VARY_SEED, runStages, STAGES, WHY_LINES, type Stage } from '../../../scripts/stages';
import { tempDir } from '../../support/core-fixture';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A stage that leaves a file named after itself, then exits with `code`. */
function stage(dir: string, name: string, code: number, needs?: string): Stage {
  const script = `require('node:fs').writeFileSync(${JSON.stringify(join(dir, name))}, ''); process.exit(${code})`;
  return { name, command: [process.execPath, '-e', script], ...(needs ? { needs } : {}) };
}

describe('npm test stages', () => {
  it('runs the stages after a failed one, names each result in the summary and fails the run', async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const printed: string[] = [];
    const { ok, summary } = await runStages(
      [stage(dir, 'first', 0), stage(dir, 'second', 3), stage(dir, 'third', 0), stage(dir, 'fourth', 0, 'first')],
      { quiet: true, print: (line) => printed.push(line) },
    );
    expect(ok).toBe(false);
    for (const name of ['first', 'second', 'third', 'fourth']) expect(existsSync(join(dir, name)), name).toBe(true);
    expect(summary[0]).toMatch(/^npm test FAILED: 3 of 4 stages passed, 1 failed \(\d+ s\)$/);
    expect(summary.slice(1)).toEqual([
      expect.stringMatching(/^ {2}passed {3}first {3}\s+\d+ s$/),
      expect.stringMatching(/^ {2}FAILED {3}second {2}\s+\d+ s {2}exit code 3$/),
      expect.stringMatching(/^ {2}passed {3}third {3}\s+\d+ s$/),
      expect.stringMatching(/^ {2}passed {3}fourth {2}\s+\d+ s$/),
    ]);
    expect(printed.slice(-summary.length)).toEqual(summary);
    expect(printed).toContain(
      `\n── npm test, stage 3 of 4: third (${process.execPath} -e ${stage(dir, 'third', 0).command[2]})`,
    );
  });

  it('does not run a stage on a build that failed (it would test the previous one), and says why', async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const { ok, summary } = await runStages(
      [stage(dir, 'build', 1), stage(dir, 'e2e', 0, 'build'), stage(dir, 'unit', 0)],
      { quiet: true, print: () => undefined },
    );
    expect(ok).toBe(false);
    expect(existsSync(join(dir, 'e2e'))).toBe(false);
    expect(existsSync(join(dir, 'unit'))).toBe(true);
    expect(summary[0]).toMatch(/^npm test FAILED: 1 of 3 stages passed, 1 failed, 1 not run /);
    expect(summary[2]).toMatch(/^ {2}not run {2}e2e {4}\s+needs the build, which failed$/);
  });

  it("ends with a failed stage's last error lines (CI keeps only a log's tail), not a passed one's", async () => {
    const noisy = (name: string, code: number, lines: number): Stage => ({
      name,
      command: [
        process.execPath,
        '-e',
        `for (let i = 1; i <= ${lines}; i++) console.error('${name} line ' + i + '\\n'); process.exit(${code})`,
      ],
    });
    const { summary } = await runStages([noisy('talks', 0, 3), noisy('breaks', 2, 20)], {
      quiet: true,
      print: () => undefined,
    });
    expect(summary.slice(3)).toEqual([
      'the last error lines of breaks:',
      ...Array.from({ length: WHY_LINES }, (_, i) => `  | breaks line ${20 - WHY_LINES + 1 + i}`),
    ]);
  });

  it('passes when every stage passed', async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const { ok, summary } = await runStages([stage(dir, 'only', 0)], { quiet: true, print: () => undefined });
    expect(ok).toBe(true);
    expect(summary[0]).toMatch(/^npm test passed: 1 of 1 stages passed \(\d+ s\)$/);
  });

  it('is what npm test runs: after the Node check, every stage of the README’s list', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toBe('node scripts/check-node.cjs && tsx scripts/test.ts');
    const scripts = STAGES.map((s) => s.command[2]);
    expect(scripts).toEqual([
      'typecheck',
      'lint',
      'build',
      'test:electronegativity',
      'test:unit',
      'test:defences',
      'test:e2e',
      'test:consistency',
      'test:electron',
    ]);
    for (const s of STAGES) expect(pkg.scripts[s.command[2]!], s.name).toBeDefined();
    // The e2e suite runs once, its sandboxes varied by the named seed (strict as ever).
    expect(STAGES.find((s) => s.command[2] === 'test:e2e')?.command).toEqual([
      'npm',
      'run',
      'test:e2e',
      '--',
      '--vary',
      String(E2E_VARY_SEED),
    ]);
    expect([duration(41_200), duration(192_000)]).toEqual(['41 s', '3 min 12 s']);
  });
});
