/**
 * What ships with the app (`dependencies`, packed by electron-builder) is exactly what main's runtimes may import
 * (scripts/lint/closed-world.ts): the renderer, browser host and sandbox are bundled or run from a dev install, so
 * their packages are devDependencies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runtimes } from '../../../scripts/lint/closed-world';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
/** Runtimes whose code runs in the packaged app's main process, with packages resolved from node_modules. */
const MAIN_SIDE = ['main/core/', 'main/electron/', 'main/index.ts'];
const mainPackages = new Set(
  runtimes
    .filter((r) => r.files.some((f) => MAIN_SIDE.includes(f)))
    .flatMap((r) => r.packages)
    // Node's built-ins ship with Node; electron-builder wants electron itself as a devDependency.
    .filter((p) => !p.startsWith('node:') && p !== 'electron'),
);

describe('shipped dependencies', () => {
  it('every dependency is one main may import', () => {
    expect(Object.keys(pkg.dependencies).filter((d) => !mainPackages.has(d))).toEqual([]);
  });

  it('every package main may import ships as a dependency', () => {
    expect([...mainPackages].filter((p) => !(p in pkg.dependencies))).toEqual([]);
  });

  it('renderer-only and sandbox-only packages are devDependencies', () => {
    const elsewhere = runtimes.filter((r) => !r.files.some((f) => MAIN_SIDE.includes(f))).flatMap((r) => r.packages);
    const devOnly = elsewhere.filter((p) => !mainPackages.has(p) && !p.startsWith('node:') && p !== 'electron');
    expect(devOnly.length).toBeGreaterThan(5);
    for (const p of devOnly)
      expect(`${p} in ${p in pkg.devDependencies ? 'devDependencies' : 'dependencies'}`).toBe(
        `${p} in devDependencies`,
      );
  });
});
