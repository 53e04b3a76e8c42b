/** Contacts when the service cannot be reached: the last good answer per search, with the time it was read. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { admin, type MadeCore } from '../../support/auth-fixture';
import { call, callRaw, goOffline, goOnline, signedInCore, startContactsSandbox } from './contacts-kit';

let sb: Sandbox;
let made: MadeCore;

beforeAll(async () => {
  sb = await startContactsSandbox();
  made = await signedInCore(sb);
});
afterEach(async () => {
  await admin(sb).clearFaults();
});
afterAll(async () => {
  await made.cleanup();
  await sb.close();
});

describe('contacts offline', () => {
  it('answers a search from the cache with the time of the last good answer, and fresh again once back', async () => {
    const browse = await call(made, 'contacts:search', { query: '' });
    const fresh = await call(made, 'contacts:search', { query: 'an' });
    expect(fresh.source).toBe('service');
    const someone = fresh.items[3]!;
    const byId = await call(made, 'contacts:get', { id: someone.id! });
    const books = await call(made, 'contacts:address-books');
    await goOffline(sb, made);

    const stale = await call(made, 'contacts:search', { query: ' AN ' });
    expect(stale).toEqual({ ...fresh, query: 'AN', source: 'cache' });
    expect(await call(made, 'contacts:cached', { query: 'an' })).toEqual({ ...fresh, source: 'cache' });
    expect(await call(made, 'contacts:get', { id: someone.id! })).toEqual({ ...byId, source: 'cache' });
    expect(await call(made, 'contacts:address-books')).toEqual(books);

    // Never asked while online: narrowed down from the last full list.
    const narrowed = await call(made, 'contacts:search', { query: someone.lastName });
    expect(narrowed).toMatchObject({ source: 'cache', fetchedAt: browse.fetchedAt });
    expect(narrowed.items.map((c) => c.id)).toContain(someone.id);
    expect(
      narrowed.items.every(
        (c) =>
          c.name.toLowerCase().includes(someone.lastName.toLowerCase()) ||
          c.emails.some((e) => e.address.includes(someone.lastName.toLowerCase())),
      ),
    ).toBe(true);

    await goOnline(sb, made);
    const again = await call(made, 'contacts:search', { query: 'an' });
    expect(again.source).toBe('service');
    expect(again.fetchedAt).toBeGreaterThan(fresh.fetchedAt);
  });

  it('says it is offline when nothing is cached, yet still shows contacts added here', async () => {
    const other = await signedInCore(sb, { readAhead: false });
    try {
      await call(other, 'contacts:address-books');
      await goOffline(sb, other);
      const result = await callRaw(other, 'contacts:search', { query: 'nobody asked this' });
      expect(result).toMatchObject({ ok: false, error: { code: 'offline' } });
      expect(await call(other, 'contacts:cached', { query: 'nobody asked this' })).toBeNull();
      const item = await call(other, 'contacts:create', {
        firstName: 'Only',
        lastName: 'Local',
        phones: [],
        emails: [],
      });
      const local = await call(other, 'contacts:search', { query: 'local' });
      expect(local).toMatchObject({
        source: 'unavailable',
        more: false,
        items: [{ key: `op:${item.id}`, name: 'Only Local', pending: { change: 'create' } }],
      });
    } finally {
      await goOnline(sb, other);
      await other.cleanup();
    }
  });
});
