/** A miss is told without reading the disk once the account's files are listed (a key typed for the first time). */
import type * as FsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { cacheSlot, ReadCache } from '../../../main/core/cache/read-cache';
import { memoryLogger, tempDir } from '../../support/core-fixture';

// Every read of a file, counted; the reads themselves are the real ones.
const reads = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const readFile = (...args: Parameters<typeof fs.readFile>) => {
    reads.files.push(String(args[0]));
    return fs.readFile(...args);
  };
  return { ...fs, readFile, default: { ...fs, readFile } };
});

const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function makeCache(dir?: string) {
  const t = dir ? { dir, cleanup() {} } : tempDir();
  dirs.push(t);
  const cipher = createFileCipher(join(t.dir, 'key'));
  return { cache: new ReadCache(join(t.dir, 'cache'), cipher, memoryLogger(), async () => true), dir: t.dir };
}

const slot = cacheSlot('answers', z.object({ name: z.string() }));
const cacheReads = () => reads.files.filter((f) => f.endsWith('.bin')).length;

describe('read cache misses', () => {
  it('reads no file for an answer never kept, in this run or an earlier one', async () => {
    const earlier = makeCache();
    await earlier.cache.put('acct', slot, 'search:maria', { name: 'Maria' }, 1);
    const { cache } = makeCache(earlier.dir);
    reads.files.length = 0;
    for (const q of ['a', 'an', 'ann', 'b']) expect(await cache.get('acct', slot, `search:${q}`)).toBeNull();
    expect(await cache.get('other', slot, 'search:maria')).toBeNull();
    expect(cacheReads()).toBe(0);
    // What an earlier run kept is still read from its file, once.
    expect((await cache.get('acct', slot, 'search:maria'))?.value).toEqual({ name: 'Maria' });
    expect((await cache.get('acct', slot, 'search:maria'))?.value).toEqual({ name: 'Maria' });
    expect(cacheReads()).toBe(1);
  });

  it('tells a miss only once the listing is complete, however many ask meanwhile', async () => {
    const earlier = makeCache();
    for (let i = 0; i < 20; i++) await earlier.cache.put('acct', slot, `search:${i}`, { name: `P${i}` }, 1);
    const { cache } = makeCache(earlier.dir);
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.get('acct', slot, `search:${i}`)));
    expect(hits.map((h) => h?.value.name)).toEqual(Array.from({ length: 20 }, (_, i) => `P${i}`));
  });
});
