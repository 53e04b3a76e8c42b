/**
 * Core's stop closes the read cache: the copies being written land before it resolves (a put begun just before, not
 * only `remember`'s), and an answer that arrives after it is not written into the folder the host may be removing
 * (a test's cleanup once failed with ENOTEMPTY: a read answered after the stop wrote into a folder being removed).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { cacheSlot, ReadCache } from '../../../main/core/cache/read-cache';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function makeCache() {
  const t = tempDir();
  dirs.push(t);
  const cache = new ReadCache(
    join(t.dir, 'cache'),
    createFileCipher(join(t.dir, 'key')),
    memoryLogger(),
    async () => true,
  );
  return { cache, dir: t.dir };
}

const files = (dir: string) =>
  existsSync(join(dir, 'cache'))
    ? readdirSync(join(dir, 'cache'), { recursive: true }).filter((name) => String(name).endsWith('.bin'))
    : [];

const slot = cacheSlot('answers', z.object({ n: z.number() }));

describe('the read cache at core’s stop', () => {
  it('lands the copies being written, a put as well as a remember, before close resolves', async () => {
    const { cache, dir } = makeCache();
    const put = cache.put('acct', slot, 'a', { n: 1 }, 1);
    cache.remember('acct', slot, 'b', { n: 2 }, 1);
    await cache.close();
    expect(files(dir)).toHaveLength(2);
    await put;
  });

  it('keeps nothing on disk that is answered after it closed', async () => {
    const { cache, dir } = makeCache();
    await cache.put('acct', slot, 'a', { n: 1 }, 1);
    await cache.close();
    cache.remember('acct', slot, 'late', { n: 2 }, 2);
    await cache.put('acct', slot, 'later', { n: 3 }, 3);
    await cache.flush();
    expect(files(dir)).toHaveLength(1);
  });
});
