/**
 * Names as they are typed: each search is one bridge call, answered at once with the matches among the contacts core
 * keeps (the read-ahead's address book, every contact read since), and the service's answer then takes their place
 * as a change of core's store. Counted: the calls each search makes, and what the screen showed before the service
 * was asked. The contacts screen and Find a patient (the picker's search) on the real core and sandbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactList, ContactView } from '../../../common/contract';
import { ReadCache } from '../../../main/core/cache/read-cache';
import { STORE_KEY } from '../../../main/core/store/practice-store';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import type { useFinderStore as FinderStore } from '../../../renderer/stores/finder-store';
import { admin } from '../../support/auth-fixture';
import { countBridgeAsks, ownerGet, requestCount, useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const pair = useRendererOnCore('owner@frontdesk.test', { sandbox: { contacts: 300, events: 5 } });

let asked: string[] = [];
let contacts: typeof ContactsStore;
let finder: typeof FinderStore;
beforeAll(async () => {
  asked = countBridgeAsks();
  // The stores read window.frontdesk when they load: imported once it is counted.
  ({ useContactsStore: contacts } = await import('../../../renderer/stores/contacts-store'));
  ({ useFinderStore: finder } = await import('../../../renderer/stores/finder-store'));
});
afterAll(() => {
  contacts?.getState().clear();
  finder?.getState().clear();
});
afterEach(() => vi.restoreAllMocks());

const contactReads = () => requestCount(pair.sandbox, 'GET /v1/contacts');
const searchCalls = () => asked.filter((c) => c === 'contacts:search').length;

/** A word that finds someone kept: a part of the last name of a contact read before (everyone's first page). */
async function keptWord(): Promise<{ word: string; someone: ContactView }> {
  const r = await window.frontdesk!.invoke['contacts:search']({ query: '' });
  if (!r.ok) throw new Error(r.error.message);
  const everyone = r.value.items;
  const someone = everyone.find((c) => c.lastName.length >= 4)!;
  return { word: someone.lastName.slice(0, 4), someone };
}

describe('a name as it is typed', () => {
  it('on the contacts screen: one call, the kept matches first, then the service’s', async () => {
    const { word, someone } = await keptWord();
    // The service answers slowly: what the screen shows before it answers comes from what core keeps.
    await admin(pair.sandbox).faults({ answerLatencyMs: 1_500, routes: ['/v1/contacts'], methods: ['GET'] });
    try {
      const lists: ContactList[] = [];
      const off = contacts.subscribe((s) => {
        if (s.list && s.list !== lists.at(-1)) lists.push(s.list);
      });
      const [calls, reads] = [searchCalls(), await contactReads()];
      contacts.setState({ query: word });
      const loading = contacts.getState().load();
      await waitFor(() => lists.length > 0, { what: 'the first matches', timeoutMs: 1_000 });
      // Shown before the service answered, from the contacts kept here.
      expect(lists[0]!.source).toBe('cache');
      expect(lists[0]!.items.map((c) => c.key)).toContain(someone.key);
      expect(await contactReads()).toBe(reads);
      await loading;
      off();
      expect(lists.at(-1)!.source).toBe('service');
      expect(searchCalls() - calls).toBe(1);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('in Find a patient: one call, the kept matches first, then the service’s and their next visits', async () => {
    const { word, someone } = await keptWord();
    await admin(pair.sandbox).faults({ answerLatencyMs: 1_500, routes: ['/v1/contacts'], methods: ['GET'] });
    try {
      const shown: { results: string[]; loading: boolean }[] = [];
      const off = finder.subscribe((s) => {
        if (s.results.length > 0) shown.push({ results: s.results.map((c) => c.key), loading: s.loading });
      });
      const before = [...asked];
      finder.getState().show(word);
      await waitFor(() => shown.length > 0, { what: 'the first matches', timeoutMs: 1_500 });
      expect(shown[0]!.loading).toBe(true);
      expect(shown[0]!.results).toContain(someone.key);
      await waitFor(() => !finder.getState().loading, { what: 'the service’s matches', timeoutMs: 10_000 });
      await waitFor(() => asked.length > before.length + 1, { what: 'the next visits asked', timeoutMs: 5_000 });
      off();
      // One search call for the word, then one for the next visits of the service's matches.
      expect(asked.slice(before.length)).toEqual(['contacts:search', 'contacts:next-appointments']);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('is answered before core writes its whole store out for the contacts it brought', async () => {
    // Someone not read yet: from the service's last page of everyone.
    const { body } = await ownerGet<{ contacts: { name: string }[] }>(pair.sandbox, '/v1/contacts', {
      page: 3,
      page_size: 100,
    });
    const name = body.contacts.at(-1)!.name;
    const kept: string[] = [];
    const remember = ReadCache.prototype.remember;
    vi.spyOn(ReadCache.prototype, 'remember').mockImplementation(function (this: ReadCache, ...args) {
      kept.push(args[2]);
      return remember.apply(this, args);
    });
    const r = await window.frontdesk!.invoke['contacts:search']({ query: name });
    expect(r.ok && r.value.items.some((c) => c.name === name)).toBe(true);
    // The answer is back; the store, changed by it, is written out after (once).
    expect(kept.filter((k) => k === STORE_KEY)).toHaveLength(0);
    await new Promise((done) => setImmediate(done));
    expect(kept.filter((k) => k === STORE_KEY)).toHaveLength(1);
  });
});
