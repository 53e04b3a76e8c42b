/**
 * Screens ask core in one place: only renderer/stores and renderer/lib call the bridge (components and features
 * read stores), and no store pairs a `X:cached` read with the fresh one — a first paint is one call that answers
 * with the saved copy at once, the fresh answer following as `store:changed` (main/core/ipc/saved-first.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/source-files';

const BRIDGE = /\bfrontdesk\.(invoke|on)\b/;
const CACHED = /\[['"]([a-z]+):cached['"]\]/;

/** Files of components/ and features/ that call the bridge themselves. */
function bridgeCallers(files: string[], read: (f: string) => string): string[] {
  return files.filter((f) => /^renderer\/(components|features)\//.test(f) && BRIDGE.test(read(f)));
}

/** Files that read a saved answer and then the fresh one (`X:cached` and another `X:` read). */
function cachedPairs(files: string[], read: (f: string) => string): string[] {
  return files.filter((f) => {
    const text = read(f);
    const domain = CACHED.exec(text)?.[1];
    return domain !== undefined && new RegExp(`\\[['"]${domain}:(?!cached)[a-z-]+['"]\\]`).test(text);
  });
}

describe('screens ask core through stores', () => {
  it('finds a planted bridge call in a component and a planted cached-then-fresh pair', () => {
    const planted: Record<string, string> = {
      'renderer/components/A.tsx': "void frontdesk.invoke['calendar:range'](r);",
      'renderer/features/x/B.tsx': "return frontdesk.on['outbox:item'](f);",
      'renderer/stores/c.ts':
        "await frontdesk.invoke['calendar:cached'](r); await frontdesk.invoke['calendar:range'](r);",
      'renderer/stores/d.ts': "await frontdesk.invoke['calendar:range'](r);",
      'renderer/lib/e.ts': "frontdesk.invoke['contacts:search'](q);",
    };
    const read = (f: string) => planted[f] ?? '';
    expect(bridgeCallers(Object.keys(planted), read)).toEqual([
      'renderer/components/A.tsx',
      'renderer/features/x/B.tsx',
    ]);
    expect(cachedPairs(Object.keys(planted), read)).toEqual(['renderer/stores/c.ts']);
  });

  it('only stores and lib call the bridge, and no saved answer is read before the fresh one', () => {
    const files = sourceFiles('renderer');
    const read = (f: string) => readFileSync(f, 'utf8');
    expect(bridgeCallers(files, read).sort()).toEqual([]);
    expect(cachedPairs(files, read).sort()).toEqual([]);
  });

  it('outbox items come through one router (renderer/lib/outbox-items.ts), not a store of its own', () => {
    const files = sourceFiles('renderer');
    const subscribers = files.filter((f) => /\bon\[['"]outbox:item['"]\]/.test(readFileSync(f, 'utf8')));
    expect(subscribers).toEqual(['renderer/lib/outbox-items.ts']);
  });
});
