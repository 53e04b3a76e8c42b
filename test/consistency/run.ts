/**
 * `npm run test:consistency [-- --seed N] [--at <time>] [--steps N]`: the consistency e2e (consistency.e2e.ts), one
 * run per seed through the browser host, at the suite's fixed clock (test/e2e/support/clock.ts).
 *
 * Without --seed it runs two seeds chosen from the commit (`git rev-parse HEAD`), and without --at one of the suite's
 * times chosen the same way (as test/e2e/run.ts does), so a commit always runs the same day and a red run can be
 * repeated: a failed seed prints the command that runs it again.
 *
 * The seeds run side by side, one per core (two on a machine with two), each with its own sandbox, host and Chromium
 * as two e2e files are; each seed's output is printed whole when it ends, so the two never interleave.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ensureChromium } from '../e2e/support/chromium';
import { E2E_TIMES, resolveAt } from '../e2e/support/clock';
import { whySeedFailed } from './report';

const root = resolve(__dirname, '../..');

function argsOf(argv: readonly string[]): { seeds: number[]; at: string | undefined; steps: string | undefined } {
  const seeds: number[] = [];
  let at: string | undefined;
  let steps: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--seed') {
      const n = Number(value());
      if (!Number.isSafeInteger(n) || n < 0) {
        console.error('consistency: --seed takes a whole number, like --seed 42');
        process.exit(2);
      }
      seeds.push(n);
    } else if (flag === '--at') at = value();
    else if (flag === '--steps') steps = value();
    else {
      console.error(`consistency: unknown argument ${argv[i]} (use --seed N, --at <time>, --steps N)`);
      process.exit(2);
    }
  }
  return { seeds, at, steps };
}

function commit(): string | null {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const sha = head.status === 0 ? head.stdout.trim() : '';
  return /^[0-9a-f]{40}$/.test(sha) ? sha : null;
}

const { seeds: given, at: givenAt, steps } = argsOf(process.argv.slice(2));
const sha = commit();
// Two seeds from the commit's hash (bits apart from those that pick the time).
const seeds =
  given.length > 0 ? given : sha ? [parseInt(sha.slice(8, 15), 16), parseInt(sha.slice(15, 22), 16)] : [1, 2];
const names = Object.keys(E2E_TIMES);
const at = givenAt ?? (sha ? names[parseInt(sha.slice(0, 8), 16) % names.length]! : names[0]!);
if (resolveAt(at) === null) {
  console.error(`consistency: --at must be one of ${names.join(', ')} or a time with its offset`);
  process.exit(2);
}
const instant = (E2E_TIMES as Record<string, string>)[at] ?? at;

if (!ensureChromium()) {
  console.error(
    'consistency: Chromium not found at /usr/bin/chromium — install it with: sudo apt-get install -y chromium',
  );
  process.exit(1);
}
if (!existsSync(resolve(root, 'out/renderer/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Why each failed seed failed, kept for the end of the run. */
const reasons = new Map<number, string[]>();

/** Runs one seed's vitest, its output kept until it ends; resolves to whether it passed. */
function runSeed(seed: number): Promise<boolean> {
  const again = `npm run test:consistency -- --seed ${seed} --at ${at}`;
  const heading = `consistency: seed ${seed} at ${at} (${instant})${given.length ? '' : `, chosen from commit ${sha?.slice(0, 12) ?? '(none)'}`}`;
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn('npx', ['vitest', 'run', '-c', 'vitest.consistency.config.mts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Its own output is read here, not a terminal's: keep vitest's colours as they would be in one.
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
        E2E_AT: instant,
        E2E_AT_NAME: at,
        CONSISTENCY_SEED: String(seed),
        ...(steps ? { CONSISTENCY_STEPS: steps } : {}),
      },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let ended = false;
    const end = (code: number | null) => {
      if (ended) return;
      ended = true;
      const took = Math.round((Date.now() - t0) / 1000);
      console.log(heading);
      process.stdout.write(Buffer.concat(output));
      if (code === 0) console.log(`consistency: seed ${seed} passed in ${took} s`);
      else {
        console.error(`consistency: seed ${seed} FAILED in ${took} s; again with: ${again}`);
        reasons.set(seed, whySeedFailed(Buffer.concat(output).toString('utf8')));
      }
      done(code === 0);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`consistency: could not run vitest: ${error.message}\n`));
      end(null);
    });
    child.once('close', end);
  });
}

async function main(): Promise<void> {
  const failed: number[] = [];
  const queue = [...seeds];
  const atOnce = Math.max(1, Math.min(2, availableParallelism(), seeds.length));
  console.log(`consistency: seeds ${seeds.join(', ')} at ${at}, ${atOnce} at once, each printed when it ends`);
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let seed = queue.shift(); seed !== undefined; seed = queue.shift())
        if (!(await runSeed(seed))) failed.push(seed);
    }),
  );
  if (failed.length > 0) {
    for (const seed of failed) {
      const why = reasons.get(seed) ?? [];
      console.error(`consistency: why seed ${seed} failed${why.length ? ':' : ': its output said nothing more'}`);
      for (const line of why) console.error(line);
    }
    console.error(`consistency: failed seeds ${failed.join(', ')} (at ${at})`);
    process.exit(1);
  }
}

void main();
