/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there (installing it when root) and the
 * renderer is built, then runs the Playwright e2e suite through the browser host.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureChromium } from './support/chromium';

const root = resolve(__dirname, '../..');
if (!ensureChromium()) {
  console.error('e2e: Chromium not found at /usr/bin/chromium — install it with: sudo apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync(resolve(root, 'out/renderer/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.mts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
