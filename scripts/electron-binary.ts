/** Finds the Electron binary that the `electron` package manages, fetching it once if missing. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function packageDir(): string | null {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** Path of the installed binary, or null. Never downloads. */
export function installedElectron(): string | null {
  const dir = packageDir();
  if (!dir) return null;
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** Path of the binary, running the package's own installer first when it is missing. */
export function obtainElectron(): { binary: string | null; reason: string | null } {
  const existing = installedElectron();
  if (existing) return { binary: existing, reason: null };
  const dir = packageDir();
  if (!dir) return { binary: null, reason: 'the electron package is not installed' };
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], {
    stdio: 'pipe',
    timeout: 5 * 60_000,
    encoding: 'utf8',
  });
  const binary = installedElectron();
  if (binary) return { binary, reason: null };
  const why = `${result.stderr ?? ''}`
    .split('\n')
    .find((l) => /error/i.test(l))
    ?.trim();
  return { binary: null, reason: why ? `its download failed: ${why.slice(0, 120)}` : 'its download failed' };
}
