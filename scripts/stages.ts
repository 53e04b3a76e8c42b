/**
 * The stages of `npm test`, run one after another; each runs whatever came before it (a red typecheck does not hide
 * the unit tests, nor a red unit test the defences and e2e), except that a stage which needs the build is not run on a
 * build that failed (it would test the previous build). The summary names each stage's result and time, and the run
 * fails if any stage failed or was not run.
 */
import { spawn } from 'node:child_process';

/** One stage: a command, and the stage it needs to have passed (if any). */
export interface Stage {
  name: string;
  command: readonly string[];
  needs?: string;
}

/** What came of one stage. */
interface StageResult {
  stage: Stage;
  outcome: 'passed' | 'failed' | 'not run';
  /** Wall time in ms (0 when not run). */
  ms: number;
  /** Why it failed or was not run. */
  detail: string;
  /** A failed stage's last lines of error output. */
  why?: string[];
}

const npmRun = (script: string, ...args: string[]): string[] =>
  args.length === 0 ? ['npm', 'run', script] : ['npm', 'run', script, '--', ...args];

/**
 * The seed the e2e stage's sandboxes vary their answers by (test/sandbox/vary.ts): the suite runs once, under
 * `--vary 14` with `--strict` still on, so CI meets a service that answers within the documents' freedom (pages of at
 * most 40, a proxy's 502 page once on some paths, one slow answer, optional fields left out or null, times at +05:30, no
 * refresh-token rotation, no expires_in) without a second e2e pass. `npm run test:e2e` alone stays plain.
 */
export const E2E_VARY_SEED = 14;

/** `npm test`'s stages, in order. */
export const STAGES: readonly Stage[] = [
  { name: 'typecheck', command: npmRun('typecheck') },
  { name: 'lint', command: npmRun('lint') },
  { name: 'build', command: npmRun('build') },
  { name: 'electronegativity', command: npmRun('test:electronegativity'), needs: 'build' },
  { name: 'unit + integration', command: npmRun('test:unit') },
  { name: 'defences', command: npmRun('test:defences') },
  {
    name: `e2e (--vary ${E2E_VARY_SEED})`,
    command: npmRun('test:e2e', '--vary', String(E2E_VARY_SEED)),
    needs: 'build',
  },
  { name: 'consistency', command: npmRun('test:consistency'), needs: 'build' },
  { name: 'electron', command: npmRun('test:electron'), needs: 'build' },
];

/** 41 s, 3 min 12 s. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** How many of a failed stage's last error lines the summary repeats (CI keeps only the tail of a log). */
export const WHY_LINES = 12;

/** The last `n` lines of `text` with something on them, colours taken out. */
export function lastLines(text: string, n: number): string[] {
  // eslint-disable-next-line no-control-regex -- a stage's colours, when it ran with them
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  return lines.filter((l) => l.trim() !== '').slice(-n);
}

/**
 * Runs `command` with the terminal's output (its error output passed on as it comes, and its tail kept; `quiet`: none
 * passed on); resolves to how it ended and the last lines of its error output.
 */
function run(
  command: readonly string[],
  quiet: boolean,
): Promise<{ code: number | null; signal: string | null; errorTail: string[] }> {
  return new Promise((done) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { stdio: [quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit', 'pipe'] });
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (!quiet) process.stderr.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-16_384);
    });
    child.once('error', (error) => {
      process.stderr.write(`npm test: could not run ${command.join(' ')}: ${error.message}\n`);
      done({ code: 127, signal: null, errorTail: [] });
    });
    child.once('close', (code, signal) => done({ code, signal, errorTail: lastLines(tail, WHY_LINES) }));
  });
}

/**
 * Runs every stage and returns the summary's lines and whether all passed. Interrupted (Ctrl-C or a stage ended by
 * SIGINT/SIGTERM), it runs no more stages.
 */
export async function runStages(
  stages: readonly Stage[],
  {
    quiet = false,
    print = (line) => void process.stdout.write(`${line}\n`),
  }: { quiet?: boolean; print?: (line: string) => void } = {},
): Promise<{ ok: boolean; summary: string[] }> {
  const results: StageResult[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const started = performance.now();
  try {
    for (const [i, stage] of stages.entries()) {
      const needed = stage.needs === undefined ? undefined : results.find((r) => r.stage.name === stage.needs);
      if (stopped) {
        results.push({ stage, outcome: 'not run', ms: 0, detail: 'the run was interrupted' });
        continue;
      }
      if (needed && needed.outcome !== 'passed') {
        results.push({
          stage,
          outcome: 'not run',
          ms: 0,
          detail: `needs the ${needed.stage.name}, which ${needed.outcome === 'failed' ? 'failed' : 'did not run'}`,
        });
        continue;
      }
      print(`\n── npm test, stage ${i + 1} of ${stages.length}: ${stage.name} (${stage.command.join(' ')})`);
      const t0 = performance.now();
      const { code, signal, errorTail } = await run(stage.command, quiet);
      const ms = performance.now() - t0;
      if (signal === 'SIGINT' || signal === 'SIGTERM') stopped = true;
      results.push(
        code === 0
          ? { stage, outcome: 'passed', ms, detail: '' }
          : {
              stage,
              outcome: 'failed',
              ms,
              detail: signal ? `ended by ${signal}` : `exit code ${code}`,
              why: errorTail,
            },
      );
    }
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
  }
  const count = (o: StageResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const ok = count('passed') === results.length;
  const width = Math.max(...stages.map((s) => s.name.length));
  const summary = [
    `npm test ${ok ? 'passed' : 'FAILED'}: ${count('passed')} of ${results.length} stages passed` +
      `${count('failed') ? `, ${count('failed')} failed` : ''}${count('not run') ? `, ${count('not run')} not run` : ''}` +
      ` (${duration(performance.now() - started)})`,
    ...results.map((r) => {
      const label = r.outcome === 'failed' ? 'FAILED' : r.outcome;
      const time = r.outcome === 'not run' ? '' : duration(r.ms);
      return `  ${label.padEnd(7)}  ${r.stage.name.padEnd(width)}  ${time.padStart(10)}  ${r.detail}`.trimEnd();
    }),
    ...results
      .filter((r) => r.why?.length)
      .flatMap((r) => [`the last error lines of ${r.stage.name}:`, ...r.why!.map((l) => `  | ${l}`)]),
  ];
  print('');
  for (const line of summary) print(line);
  return { ok, summary };
}
