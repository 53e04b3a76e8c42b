/**
 * A search's answer goes back as soon as the service's pages are in: the kept contacts are walked while the service
 * answers (once its reads have left), and what the answer does not need — the practice store, the kept contacts and
 * the encrypted offline copy — follows it, still done (over real HTTP).
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactView } from '../../../common/contract';
import { ContactIndex } from '../../../common/contacts/contact-index';
import { ReadCache } from '../../../main/core/cache/read-cache';
import { searchCacheKey } from '../../../main/core/contacts/search-query';
import { PracticeStore } from '../../../main/core/store/practice-store';
import { call, goOffline, goOnline, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 } });
beforeAll(async () => {
  await kit.made.core.prefetch.idle(); // the read-ahead keeps the address book: nothing of it lands during a search
});
afterEach(() => vi.restoreAllMocks());

/** The next turn of the loop, and the one after (what waits for an answer to have gone runs in the first). */
const turns = async () => {
  await new Promise<void>((done) => setImmediate(done));
  await new Promise<void>((done) => setImmediate(done));
};

describe('a search answers first', () => {
  it('keeps nothing before its answer goes back, and each thing once right after', async () => {
    let answered = false;
    const kept: Array<{ what: 'store' | 'index' | 'copy'; after: boolean; keys: string[] }> = [];
    const keysOf = (list: readonly ContactView[]) => list.map((c) => c.key);
    const putContacts = PracticeStore.prototype.putContacts;
    vi.spyOn(PracticeStore.prototype, 'putContacts').mockImplementation(function (this: PracticeStore, list) {
      kept.push({ what: 'store', after: answered, keys: keysOf(list) });
      return putContacts.call(this, list);
    });
    const add = ContactIndex.prototype.add;
    vi.spyOn(ContactIndex.prototype, 'add').mockImplementation(function (this: ContactIndex, list, at) {
      kept.push({ what: 'index', after: answered, keys: keysOf(list) });
      return add.call(this, list, at);
    });
    const put = ReadCache.prototype.put;
    vi.spyOn(ReadCache.prototype, 'put').mockImplementation(function (this: ReadCache, account, slot, key, value, at) {
      const list = (value as { items?: ContactView[] }).items;
      if (key === searchCacheKey('ro')) kept.push({ what: 'copy', after: answered, keys: keysOf(list ?? []) });
      return put.call(this, account, slot, key, value, at);
    });

    const answer = await call(kit.made, 'contacts:search', { query: 'ro' });
    answered = true;
    expect(answer.source).toBe('service');
    expect(answer.items.length).toBeGreaterThan(0);
    const shown = new Set(keysOf(answer.items));
    const ofAnswer = () => kept.filter((k) => k.keys.some((key) => shown.has(key)));
    // Nothing of the answer was put in the store or the kept contacts, nor sealed for offline, before it went back.
    expect(ofAnswer()).toEqual([]);

    await turns();
    expect(ofAnswer().map(({ what, after }) => ({ what, after }))).toEqual([
      { what: 'store', after: true },
      { what: 'index', after: true },
      { what: 'copy', after: true },
    ]);
    // The copy kept is the answer as the service gave it.
    expect(ofAnswer().find((k) => k.what === 'copy')!.keys).toEqual(keysOf(answer.items));
  });

  it('lets the reads leave for the service before it walks the kept contacts', async () => {
    // The service (in this process) tells each request as it arrives; the walk says how many had arrived by then.
    const arrived: string[] = [];
    const onRequest = (req: IncomingMessage) => {
      if (req.url?.startsWith('/v1/contacts?') && req.url.includes('q=')) arrived.push(req.url);
    };
    kit.sb.app.server.on('request', onRequest);
    const atWalk: number[] = [];
    const extra = ContactIndex.prototype.extra;
    vi.spyOn(ContactIndex.prototype, 'extra').mockImplementation(function (this: ContactIndex, ...args) {
      atWalk.push(arrived.length);
      return extra.apply(this, args);
    });
    try {
      const answer = await call(kit.made, 'contacts:search', { query: 'an' });
      expect(answer.source).toBe('service');
    } finally {
      kit.sb.app.server.off('request', onRequest);
    }
    expect(atWalk).toHaveLength(1);
    expect(atWalk[0]).toBeGreaterThanOrEqual(1);
  });

  it('its offline copy still lands after the answer: a reopened app finds it without the service', async () => {
    const puts: Promise<void>[] = [];
    const put = ReadCache.prototype.put;
    vi.spyOn(ReadCache.prototype, 'put').mockImplementation(function (this: ReadCache, account, slot, key, value, at) {
      const written = put.call(this, account, slot, key, value, at);
      if (key === searchCacheKey('el')) puts.push(written);
      return written;
    });
    const fresh = await call(kit.made, 'contacts:search', { query: 'el' });
    expect(puts).toHaveLength(0);
    await turns();
    expect(puts).toHaveLength(1);
    await puts[0]; // on disk
    vi.restoreAllMocks();

    const made = await kit.restart();
    await goOffline(kit.sb, made);
    try {
      // The copy of this very answer (its time), not one narrowed from the read-ahead's address book.
      expect(await call(made, 'contacts:search', { query: 'el' })).toEqual({ ...fresh, source: 'cache' });
    } finally {
      await goOnline(kit.sb, made);
    }
  });
});
