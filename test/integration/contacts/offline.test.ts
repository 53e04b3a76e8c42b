/** Contacts when the service cannot be reached: the last good answer per search, with the time it was read. */
import { afterEach, describe, expect, it } from 'vitest';
import { call, callRaw, goOffline, goOnline, signedInCore, useBootstrap } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 } });
afterEach(async () => {
  await kit.admin().clearFaults();
});

describe('contacts offline', () => {
  it('answers a search from the cache with the time of the last good answer, and fresh again once back', async () => {
    // The read-ahead (started at sign-in, beside this test) keeps the whole address book: done before the searches, so
    // the lists a search is narrowed from offline are the read-ahead's and then the browse's, in that order.
    const readAhead = await waitFor(() => kit.made.core.prefetch.lastRun(), { what: 'the read-ahead' });
    expect(readAhead.failed).toEqual([]);
    const browse = await call(kit.made, 'contacts:search', { query: '' });
    const fresh = await call(kit.made, 'contacts:search', { query: 'an' });
    expect(fresh.source).toBe('service');
    const someone = fresh.items[3]!;
    const byId = await call(kit.made, 'contacts:get', { id: someone.id! });
    const books = await call(kit.made, 'contacts:address-books');
    await goOffline(kit.sb, kit.made);

    const stale = await call(kit.made, 'contacts:search', { query: ' AN ' });
    expect(stale).toEqual({ ...fresh, query: 'AN', source: 'cache' });
    expect(await call(kit.made, 'contacts:search', { query: 'an', savedFirst: true })).toEqual({
      ...fresh,
      source: 'cache',
    });
    expect(await call(kit.made, 'contacts:get', { id: someone.id! })).toEqual({ ...byId, source: 'cache' });
    expect(await call(kit.made, 'contacts:address-books')).toEqual(books);

    // Never asked while online: narrowed down from the whole address book and the last first page of everyone, as of
    // the older of them (the read-ahead's, read before the browse).
    const narrowed = await call(kit.made, 'contacts:search', { query: someone.lastName });
    expect(narrowed.source).toBe('cache');
    expect(narrowed.fetchedAt).toBeLessThanOrEqual(Math.min(browse.fetchedAt, readAhead.at));
    expect(narrowed.items.map((c) => c.id)).toContain(someone.id);
    expect(
      narrowed.items.every(
        (c) =>
          c.name.toLowerCase().includes(someone.lastName.toLowerCase()) ||
          c.emails.some((e) => e.address.includes(someone.lastName.toLowerCase())),
      ),
    ).toBe(true);

    await goOnline(kit.sb, kit.made);
    const again = await call(kit.made, 'contacts:search', { query: 'an' });
    expect(again.source).toBe('service');
    expect(again.fetchedAt).toBeGreaterThan(fresh.fetchedAt);
  });

  it('says it is offline when nothing is cached, yet still shows contacts added here', async () => {
    const other = await signedInCore(kit.sb, { readAhead: false });
    try {
      await call(other, 'contacts:address-books');
      await goOffline(kit.sb, other);
      const result = await callRaw(other, 'contacts:search', { query: 'nobody asked this' });
      expect(result).toMatchObject({ ok: false, error: { code: 'offline' } });
      expect(await callRaw(other, 'contacts:search', { query: 'nobody asked this', savedFirst: true })).toMatchObject({
        ok: false,
        error: { code: 'offline' },
      });
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
      await goOnline(kit.sb, other);
      await other.cleanup();
    }
  });
});
