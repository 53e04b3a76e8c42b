/**
 * `npm run test:e2e [-- --at <time>] [--vary <seed>] [vitest args]`: makes sure Debian's Chromium is there (installing
 * it when root) and the renderer is built, then runs the Playwright e2e suite through the browser host, at a chosen
 * time.
 *
 * `--at` names one of the suite's times (support/clock.ts: morning, noon, evening, dst-fall) or gives an instant with
 * its offset (2026-11-30T12:30:00-06:00). Without it, the time is chosen from the commit (`git rev-parse HEAD`), so a
 * commit always runs at the same time and a red run can be repeated; the first line says which and how.
 *
 * `--vary <seed>` (or `SANDBOX_VARY=<seed>` in the environment) makes every sandbox of the run answer within the
 * service documents' freedom, chosen by that seed (test/sandbox/vary.ts), still refusing undocumented request fields
 * (`--strict`); the first line names the seed too. Without either, the sandboxes answer in their one shape.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureChromium } from './support/chromium';
import { E2E_TIMES, resolveAt } from './support/clock';

const root = resolve(__dirname, '../..');

/** Splits `--at X` / `--at=X` and `--vary N` / `--vary=N` from the arguments vitest gets. */
function splitOptions(argv: readonly string[]): { at: string | undefined; vary: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let at: string | undefined;
  let vary: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--at') at = argv[++i] ?? '';
    else if (arg.startsWith('--at=')) at = arg.slice('--at='.length);
    else if (arg === '--vary') vary = argv[++i] ?? '';
    else if (arg.startsWith('--vary=')) vary = arg.slice('--vary='.length);
    else rest.push(arg);
  }
  return { at, vary, rest };
}

/** The named time a commit runs at: its hash, read as a number, picks one. */
function timeForCommit(): { name: string; why: string } {
  const names = Object.keys(E2E_TIMES);
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const sha = head.status === 0 ? head.stdout.trim() : '';
  if (!/^[0-9a-f]{40}$/.test(sha)) return { name: names[0]!, why: 'no git commit to choose from' };
  return { name: names[parseInt(sha.slice(0, 8), 16) % names.length]!, why: `chosen from commit ${sha.slice(0, 12)}` };
}

const { at, vary: varyArg, rest } = splitOptions(process.argv.slice(2));
const chosen = at === undefined ? timeForCommit() : { name: at, why: 'given with --at' };
if (resolveAt(chosen.name) === null) {
  console.error(
    `e2e: --at must be one of ${Object.keys(E2E_TIMES).join(', ')} or a time with its offset, like 2026-11-30T12:30:00-06:00`,
  );
  process.exit(2);
}
const vary = varyArg ?? process.env.SANDBOX_VARY;
if (vary !== undefined && !/^\d+$/.test(vary)) {
  console.error(`e2e: --vary takes a seed, a whole number (as in --vary 14), not ${JSON.stringify(vary)}`);
  process.exit(2);
}
const instant = (E2E_TIMES as Record<string, string>)[chosen.name] ?? chosen.name;
const varied =
  vary === undefined
    ? 'sandbox answers in its one shape'
    : `sandbox --vary ${vary} (answers varied by seed ${vary}, fields strict${varyArg === undefined ? ', from SANDBOX_VARY' : ''})`;
console.log(
  `e2e: at ${chosen.name} (${instant}), ${chosen.why}; ${varied}; again with: npm run test:e2e -- --at ${chosen.name}` +
    (vary === undefined ? '' : ` --vary ${vary}`),
);

if (!ensureChromium()) {
  console.error('e2e: Chromium not found at /usr/bin/chromium — install it with: sudo apt-get install -y chromium');
  process.exit(1);
}
// The renderer and its first screen's Node build (the host draws a reload's first frame with it).
if (!existsSync(resolve(root, 'out/renderer/index.html')) || !existsSync(resolve(root, 'out/first-screen/index.mjs'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.mts', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_AT: instant, ...(vary === undefined ? {} : { SANDBOX_VARY: vary }) },
});
process.exit(run.status ?? 1);
