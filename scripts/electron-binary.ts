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

/** The binary's name inside a dist folder, as the electron package records it (path.txt). */
function binaryName(dir: string | null): string {
  const pathFile = dir ? join(dir, 'path.txt') : null;
  return pathFile && existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
}

/**
 * Path of the installed binary, or null. Never downloads. Honours ELECTRON_OVERRIDE_DIST_PATH (a folder holding an
 * Electron build), as the electron package itself does.
 */
export function installedElectron(): string | null {
  const dir = packageDir();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = join(override, binaryName(dir));
    return existsSync(binary) ? binary : null;
  }
  if (!dir || !existsSync(join(dir, 'path.txt'))) return null;
  const binary = join(dir, 'dist', binaryName(dir));
  return existsSync(binary) ? binary : null;
}

/** Path of the binary, running the package's own installer first when it is missing. */
export function obtainElectron(): { binary: string | null; reason: string | null } {
  const existing = installedElectron();
  if (existing) return { binary: existing, reason: null };
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return { binary: null, reason: `there is no Electron in ELECTRON_OVERRIDE_DIST_PATH (${override})` };
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
