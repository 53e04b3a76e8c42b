/**
 * The project's own source files under `folder` for the lint tests: tracked and new (not ignored), those still on
 * disk, TypeScript only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function sourceFiles(folder: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', folder], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && existsSync(f));
}
