/** The read cache keeps the last good answers encrypted and bounded: a day of searches cannot grow it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { z } from 'zod';
import { cacheSlot, ReadCache } from '../../../main/core/cache/read-cache';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

async function makeCache(budget: number, dir?: string) {
  const t = dir ? { dir, cleanup() {} } : tempDir();
  dirs.push(t);
  const cipher = createFileCipher(join(t.dir, 'key'));
  const cache = new ReadCache(join(t.dir, 'cache'), cipher, memoryLogger(), async () => true, budget);
  return { cache, dir: t.dir };
}

const files = (dir: string) =>
  existsSync(join(dir, 'cache'))
    ? readdirSync(join(dir, 'cache'), { recursive: true, withFileTypes: true }).filter((e) => e.name.endsWith('.bin'))
    : [];

const slot = cacheSlot('answers', z.object({ items: z.array(z.object({ name: z.string(), phone: z.string() })) }));

const answer = (i: number) => ({ items: [{ name: `Patient ${i}`, phone: `+1708555${String(i).padStart(4, '0')}` }] });

describe('read cache', () => {
  it('drops the least recently used answers once over its budget, keeping the recent and the re-read ones', async () => {
    const { cache, dir } = await makeCache(4_000);
    await cache.put('acct', slot, 'search:0', answer(0), 1);
    for (let i = 1; i < 600; i++) {
      await cache.put('acct', slot, `search:${i}`, answer(i), 1);
      if (i % 10 === 0) expect(await cache.get('acct', slot, 'search:0')).not.toBeNull(); // kept warm by use
    }
    expect(cache.size).toBeLessThanOrEqual(4_000);
    expect(files(dir).length).toBeLessThan(60);
    expect((await cache.get('acct', slot, 'search:599'))?.value).toEqual(answer(599));
    expect(await cache.get('acct', slot, 'search:0')).not.toBeNull();
    expect(await cache.get('acct', slot, 'search:1')).toBeNull();
  });

  it('counts what earlier runs left on disk, so the bound holds across restarts', async () => {
    const first = await makeCache(1_000_000);
    for (let i = 0; i < 100; i++) await first.cache.put('acct', slot, `search:${i}`, answer(i), 1);
    expect(files(first.dir).length).toBe(100);
    const again = await makeCache(3_000, first.dir);
    await again.cache.put('acct', slot, 'search:new', answer(1000), 2);
    expect(again.cache.size).toBeLessThanOrEqual(3_000);
    expect(files(first.dir).length).toBeLessThan(40);
    expect((await again.cache.get('acct', slot, 'search:new'))?.value).toEqual(answer(1000));
  });

  it('keeps patients’ details encrypted on disk', async () => {
    const { cache, dir } = await makeCache(1_000_000);
    await cache.put('acct', slot, 'search:maria', answer(42), 1);
    for (const f of files(dir)) {
      const bytes = readFileSync(join(f.parentPath, f.name)).toString('latin1');
      expect(bytes).not.toContain('Patient 42');
      expect(bytes).not.toContain('7085550042');
    }
  });

  it('keeps the answer read last when an earlier read of the same view arrives after it, in memory and on disk', async () => {
    const { cache, dir } = await makeCache(1_000_000);
    // The read-ahead asked at t=5, a search asked at t=9 and was answered first; the t=5 answer lands last.
    cache.remember('acct', slot, 'search:', answer(9), 9);
    cache.remember('acct', slot, 'search:', answer(5), 5);
    await cache.put('acct', slot, 'search:', answer(4), 4);
    expect(await cache.get('acct', slot, 'search:')).toEqual({ value: answer(9), fetchedAt: 9 });
    await cache.flush();
    const { cache: reopened } = await makeCache(1_000_000, dir);
    expect(await reopened.get('acct', slot, 'search:')).toEqual({ value: answer(9), fetchedAt: 9 });
    // A newer answer still replaces it.
    await reopened.put('acct', slot, 'search:', answer(12), 12);
    expect(await reopened.get('acct', slot, 'search:')).toEqual({ value: answer(12), fetchedAt: 12 });
  });

  it('answers from memory at once with remember(), and the disk copy follows', async () => {
    const { cache, dir } = await makeCache(1_000_000);
    cache.remember('acct', slot, 'search:x', answer(7), 5);
    expect(await cache.get('acct', slot, 'search:x')).toEqual({ value: answer(7), fetchedAt: 5 });
    await expect.poll(() => files(dir).length).toBe(1);
  });

  it('a sign-out wipe right after a search leaves nothing behind, even while its offline copy was being written', async () => {
    const { cache, dir } = await makeCache(1_000_000);
    for (let i = 0; i < 20; i++) cache.remember('acct', slot, `search:${i}`, answer(i), 1);
    await cache.wipeAccount('acct');
    await cache.flush(); // anything the wipe did not wait for would land now
    expect(files(dir)).toHaveLength(0);
    expect(await cache.get('acct', slot, 'search:3')).toBeNull();
  });

  it('keeps no answer that arrives for an account after its sign-out wipe, until it signs in again', async () => {
    const { cache, dir } = await makeCache(1_000_000);
    await cache.put('acct', slot, 'search:1', answer(1), 1);
    await cache.wipeAccount('acct');
    // A read ahead that was under way at sign-out answers now.
    await cache.put('acct', slot, 'search:2', answer(2), 2);
    cache.remember('acct', slot, 'search:3', answer(3), 3);
    await cache.flush();
    expect(files(dir)).toHaveLength(0);
    expect(await cache.get('acct', slot, 'search:2')).toBeNull();
    cache.open('acct');
    await cache.put('acct', slot, 'search:2', answer(2), 4);
    expect(files(dir)).toHaveLength(1);
    expect((await cache.get('acct', slot, 'search:2'))?.fetchedAt).toBe(4);
  });
});
