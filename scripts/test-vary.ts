/**
 * `npm run test:vary [-- <vitest args>]`: the integration suite against sandboxes that answer within the service
 * documents' freedom (`--vary`, test/sandbox/vary.ts), once per named seed, each run whatever the one before gave.
 * Seed 14: pages of at most 40, address books slow once, refreshes keep their refresh token, no expires_in, times at
 * +05:30. Seed 20: pages of at most 30, lists slow once, refresh tokens rotate, times at +09:00, UTC written +00:00.
 * `SANDBOX_VARY_SEEDS=3,5` runs other seeds. The slow answer takes 2.5 s here (`SANDBOX_VARY_SLOW_MS`), not the
 * command line's 10 s: the tests wait 10 s at most for what a screen shows, and a 10 s answer would only time them out.
 */
import { spawnSync } from 'node:child_process';

const seeds = (process.env.SANDBOX_VARY_SEEDS ?? '14,20').split(',').filter(Boolean);
const args = process.argv.slice(2);
const files = args.length > 0 ? args : ['test/integration'];
const failed: string[] = [];
for (const seed of seeds) {
  console.log(`\n=== integration suite, sandbox --vary ${seed} ===`);
  const run = spawnSync('npx', ['vitest', 'run', ...files], {
    stdio: 'inherit',
    env: { SANDBOX_VARY_SLOW_MS: '2500', ...process.env, SANDBOX_VARY: seed },
  });
  if (run.status !== 0) failed.push(seed);
}
console.log(
  failed.length === 0
    ? `\n--vary: passed under seeds ${seeds.join(', ')}`
    : `\n--vary: failed under seeds ${failed.join(', ')}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
