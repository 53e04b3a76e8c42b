/**
 * Core reads go through one door (main/core/cache/read-through.ts): fresh from the service, kept, and the kept answer
 * only when the service cannot be reached. A read that decides that on its own ("retryable? then the cache") is how
 * screens came to disagree, so no other file of core may name the failure a saved answer stands in for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files';

/** Where the kind may be named: the client that makes the error, the outbox's retry rules, the IPC words, the door. */
const ALLOWED = ['main/core/api/', 'main/core/outbox/', 'main/core/ipc/result.ts', 'main/core/cache/read-through.ts'];
const NAMED = /kind\s*[!=]==?\s*'retryable'|case 'retryable'/;

/** Lines of core outside the allowed files that decide "cannot be reached" themselves. */
function ownFallbacks(files: string[], read: (file: string) => string): string[] {
  const hits: string[] = [];
  for (const file of files) {
    if (ALLOWED.some((a) => file.startsWith(a))) continue;
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (NAMED.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

describe('reads through one door', () => {
  it('finds a planted fresh-else-cache block', () => {
    const planted: Record<string, string> = {
      'main/core/calendar/a.ts':
        "} catch (error) {\n  if (error instanceof ServiceError && error.kind === 'retryable') {\n",
      'main/core/contacts/b.ts': "if (!(error instanceof ServiceError) || error.kind !== 'retryable') throw error;\n",
      'main/core/cache/read-through.ts': "return error instanceof ServiceError && error.kind === 'retryable';\n",
      'main/core/outbox/failure.ts': "    case 'retryable': {\n",
    };
    expect(ownFallbacks(Object.keys(planted), (f) => planted[f] ?? '')).toEqual([
      "main/core/calendar/a.ts:2: if (error instanceof ServiceError && error.kind === 'retryable') {",
      "main/core/contacts/b.ts:1: if (!(error instanceof ServiceError) || error.kind !== 'retryable') throw error;",
    ]);
  });

  it('no file of core falls back to the cache on its own', () => {
    const files = sourceFiles('main/core');
    expect(ownFallbacks(files, (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });
});
