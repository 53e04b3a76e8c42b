/**
 * `npm run test:electron`: the real-Electron e2e suite (Playwright `_electron`). It needs the
 * Electron binary; where the binary is not installed it says so and skips, never fails.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { installedElectron } from '../../scripts/electron-binary';

if (!installedElectron()) {
  console.log(
    'skipped: Electron binary not installed (the electron package could not download it here); test/electron/*.electron.ts did not run',
  );
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.electron.config.mts'], {
  cwd: resolve(__dirname, '../..'),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
