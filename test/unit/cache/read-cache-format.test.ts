/**
 * Copies on disk are read with their slot's schema (test/fixtures/read-cache-1): a copy of today's shape is a hit,
 * one of another shape under the same key is a miss, never handed to the screen.
 */
import { chmodSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { z } from 'zod';
import { cacheSlot, ReadCache } from '../../../main/core/cache/read-cache';
import { agendaSlot } from '../../../main/core/calendar/calendar-service';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'read-cache-1');
const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function fixtureCache() {
  const d = tempDir('read-cache-1-');
  dirs.push(d);
  cpSync(FIXTURE, d.dir, { recursive: true });
  // git checks files out readable by others; a key file others can read is refused (as it should be)
  chmodSync(join(d.dir, 'vault.key'), 0o600);
  const log = memoryLogger();
  const cache = new ReadCache(join(d.dir, 'cache'), createFileCipher(join(d.dir, 'vault.key')), log, async () => true);
  return { cache, log };
}

describe('read-cache copies on disk', () => {
  it('a copy of the slot’s shape is read as it was kept', async () => {
    const { cache } = fixtureCache();
    const hit = await cache.get('acct', agendaSlot, 'calendar:range:2026-12-01T06:00:00.000Z:2026-12-02T06:00:00.000Z');
    expect(hit?.fetchedAt).toBe(1795000000000);
    expect(hit?.value.source).toBe('service');
    expect(hit?.value.items.map((i) => [i.id, i.title, i.calendarName, i.people.map((p) => p.name)])).toEqual([
      [4101, 'Cleaning', 'Dr. Hart', ['Ada One']],
    ]);
  });

  it('a copy of another shape under the same key is a miss, and is said to be one', async () => {
    const { cache, log } = fixtureCache();
    const key = 'calendar:range:2026-12-02T06:00:00.000Z:2026-12-03T06:00:00.000Z';
    expect(await cache.get('acct', agendaSlot, key)).toBeNull();
    expect(log.lines.join('\n')).toContain('not of the shape this version reads');
  });

  it('an answer kept through one slot is not handed out through another, from memory or disk', async () => {
    const { cache } = fixtureCache();
    const names = cacheSlot('names', z.object({ names: z.array(z.string()) }));
    const key = 'calendar:range:2026-12-01T06:00:00.000Z:2026-12-02T06:00:00.000Z';
    expect(await cache.get('acct', agendaSlot, key)).not.toBeNull();
    expect(await cache.get('acct', names, key)).toBeNull();
    await cache.put('acct', names, 'contacts:names', { names: ['Ada One'] }, 1);
    expect(await cache.get('acct', agendaSlot, 'contacts:names')).toBeNull();
    expect((await cache.get('acct', names, 'contacts:names'))?.value).toEqual({ names: ['Ada One'] });
  });
});
