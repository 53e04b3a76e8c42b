/**
 * `npm run test:defences`: takes each defence of scripts/defences.ts away in turn, in a temporary copy of the
 * project, runs only the test files that guard it, and fails unless at least one test in them goes red. A defence
 * whose code is not found (exactly once), or whose mutation breaks the build instead of a test, fails the check too.
 * `npm run test:defences -- <words>` runs only the defences whose name contains the words.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEFENCES, type Defence } from './defences';

const root = resolve(__dirname, '..');

/** A copy of the project's files (tracked and new, not ignored), sharing node_modules and out/. */
function copyProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'frontdesk-defences-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted but not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  if (existsSync(join(root, 'out'))) symlinkSync(join(root, 'out'), join(copy, 'out'), 'dir');
  return copy;
}

interface Outcome {
  defence: Defence;
  caught: boolean;
  detail: string;
}

interface VitestJson {
  numFailedTests: number;
  numPassedTests: number;
  testResults: { name: string; status: string; message: string }[];
}

/**
 * Where a copy's vitest keeps the modules it transformed (beside the copy, not in it, where a test that reads the
 * project's files would meet it).
 */
const moduleCacheOf = (copy: string) => `${copy}.vitest-cache`;

/**
 * Runs vitest in `cwd` and resolves when it exits (its output goes to the report file). Each run of a copy reuses what
 * the runs before it transformed: a module is cached by its content, so the mutated file (and the file put back) is
 * transformed afresh and the rest is not, which halves what a short run costs.
 */
function vitest(cwd: string, args: string[]): Promise<void> {
  return new Promise((done, failed) => {
    const cache = ['--experimental.fsModuleCache', `--experimental.fsModuleCachePath=${moduleCacheOf(cwd)}`];
    const child = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...args, ...cache], {
      cwd,
      env: { ...process.env, CI: 'true' },
      stdio: 'ignore',
    });
    child.once('error', failed);
    child.once('exit', () => done());
  });
}

/** Applies one mutation, runs its tests, and puts the file back. */
async function check(copy: string, defence: Defence): Promise<Outcome> {
  const path = join(copy, defence.file);
  const original = readFileSync(path, 'utf8');
  let mutated = original;
  for (const edit of [{ find: defence.find, replace: defence.replace }, ...(defence.more ?? [])]) {
    const count = mutated.split(edit.find).length - 1;
    if (count !== 1)
      return {
        defence,
        caught: false,
        detail: `${JSON.stringify(edit.find)} occurs ${count} times in ${defence.file}`,
      };
    mutated = mutated.replace(edit.find, () => edit.replace);
  }
  writeFileSync(path, mutated);
  const report = join(copy, '.defence-report.json');
  rmSync(report, { force: true });
  // Only the test that guards the defence, when the entry names it (its title matched literally).
  const only = defence.only === undefined ? [] : ['-t', defence.only.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')];
  try {
    // One failing test is enough to show the removal is noticed: stop there (a removal often makes several tests
    // wait out their timeouts, which only costs time).
    await vitest(copy, ['run', '--bail=1', '--reporter=json', `--outputFile=${report}`, ...only, ...defence.tests]);
    if (!existsSync(report)) return { defence, caught: false, detail: 'the tests did not run' };
    let result = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    if (result.numFailedTests + result.numPassedTests === 0) {
      // A run that bail ended can report no test at all (its failure not yet counted): run the files whole.
      rmSync(report, { force: true });
      await vitest(copy, ['run', '--reporter=json', `--outputFile=${report}`, ...only, ...defence.tests]);
      if (!existsSync(report)) return { defence, caught: false, detail: 'the tests did not run' };
      result = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
      if (result.numFailedTests + result.numPassedTests === 0 && defence.only !== undefined)
        return { defence, caught: false, detail: `no test named ${JSON.stringify(defence.only)} ran` };
    }
    if (result.numFailedTests > 0)
      return {
        defence,
        caught: true,
        detail: `${result.numFailedTests} of ${result.numFailedTests + result.numPassedTests} tests failed`,
      };
    const broken = result.testResults.find((file) => file.status === 'failed');
    return {
      defence,
      caught: false,
      detail: broken
        ? `the mutation broke ${broken.name} instead of failing a test: ${broken.message.split('\n')[0]}`
        : `all ${result.numPassedTests} tests still pass`,
    };
  } finally {
    writeFileSync(path, original);
  }
}

/** Copies at once: one per core, at most two (each vitest run uses a core; more would only contend). */
const WORKERS = Math.max(1, Math.min(2, availableParallelism()));

async function main(): Promise<void> {
  const words = process.argv.slice(2).join(' ').toLowerCase();
  const chosen = DEFENCES.filter((defence) => defence.name.toLowerCase().includes(words));
  if (chosen.length === 0) {
    console.error(`defences: none named like "${words}"`);
    process.exit(2);
  }
  const copies = Array.from({ length: Math.min(WORKERS, chosen.length) }, copyProject);
  const outcomes: Outcome[] = [];
  const queue = [...chosen];
  try {
    // Each copy takes the next defence when it is free; a copy holds one mutation at a time.
    await Promise.all(
      copies.map(async (copy) => {
        for (let defence = queue.shift(); defence; defence = queue.shift()) {
          const started = Date.now();
          const outcome = await check(copy, defence);
          outcomes.push(outcome);
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`${outcome.caught ? 'caught' : 'MISSED'}  ${defence.name} (${outcome.detail}; ${seconds} s)`);
        }
      }),
    );
  } finally {
    for (const copy of copies) {
      rmSync(copy, { recursive: true, force: true });
      rmSync(moduleCacheOf(copy), { recursive: true, force: true });
    }
  }
  const missed = outcomes.filter((outcome) => !outcome.caught);
  if (missed.length > 0) {
    console.error(`defences: ${missed.length} of ${outcomes.length} removals went unnoticed by the tests`);
    process.exit(1);
  }
  console.log(`defences: each of ${outcomes.length} removals made a test fail`);
}

main().catch((error: unknown) => {
  console.error(`defences: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
