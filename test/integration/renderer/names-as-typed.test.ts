/**
 * Names as they are typed: the matches among the contacts core keeps (the read-ahead's address book, every contact
 * read since) come at once and the service's answer then takes their place. On the contacts screen and in Find a
 * patient each key is one call for the kept matches (no service read) and the service is asked once the typing
 * pauses. Counted: the calls each search makes, the service reads, and what the screen showed before the service was
 * asked. On the real core and sandbox.
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
const contactCalls = () => asked.filter((c) => c.startsWith('contacts:'));

/** A word that finds someone kept: a part of the last name of a contact read before (everyone's first page). */
async function keptWord(): Promise<{ word: string; someone: ContactView }> {
  const r = await window.frontdesk!.invoke['contacts:search']({ query: '' });
  if (!r.ok) throw new Error(r.error.message);
  const everyone = r.value.items;
  const someone = everyone.find((c) => c.lastName.length >= 4)!;
  return { word: someone.lastName.slice(0, 4), someone };
}

describe('a name as it is typed', () => {
  it('on the contacts screen: a call per key for the kept matches, none to the service till the pause', async () => {
    const { word, someone } = await keptWord();
    contacts.getState().clear();
    // The service reads of one search for the words (its pages), asked here first.
    let reads = await contactReads();
    expect((await window.frontdesk!.invoke['contacts:search']({ query: word })).ok).toBe(true);
    const one = (await contactReads()) - reads;
    reads = await contactReads();
    const before = contactCalls().length;
    // Three keys typed without a pause: each shows the kept matches for the words so far, and the service is not read.
    for (const typed of [word.slice(0, 2), word.slice(0, 3), word]) contacts.getState().type(typed);
    const kept = await waitFor(() => {
      const list = contacts.getState().list;
      return list && list.query === word ? list : null;
    });
    expect(kept.source).toBe('cache');
    expect(kept.items.map((c) => c.key)).toContain(someone.key);
    // Then the service's answer, read once for the last words, after the pause.
    const live = await waitFor(() => (contacts.getState().loading ? null : contacts.getState().list));
    expect(live).toMatchObject({ query: word, source: 'service' });
    expect(live!.items.map((c) => c.key)).toContain(someone.key);
    expect(contactCalls().slice(before)).toEqual([
      'contacts:kept',
      'contacts:kept',
      'contacts:kept',
      'contacts:search',
    ]);
    expect(await contactReads()).toBe(reads + one);
  });

  it('on the contacts screen: the kept matches first, then the service’s', async () => {
    const { word, someone } = await keptWord();
    contacts.getState().clear();
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
      // One call for the kept matches, one to the service.
      expect(searchCalls() - calls).toBe(1);
      expect(asked.filter((c) => c === 'contacts:kept').length).toBeGreaterThan(0);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('in Find a patient: the kept matches at the key, then the service’s and their next visits', async () => {
    const { word, someone } = await keptWord();
    await admin(pair.sandbox).faults({ answerLatencyMs: 1_500, routes: ['/v1/contacts'], methods: ['GET'] });
    try {
      const shown: { results: string[]; loading: boolean }[] = [];
      const off = finder.subscribe((s) => {
        if (s.results.length > 0) shown.push({ results: s.results.map((c) => c.key), loading: s.loading });
      });
      const before = [...asked];
      // Three keys without a pause: each shows the kept matches, and the service is read once, for the last words.
      finder.getState().show(word.slice(0, 2));
      for (const typed of [word.slice(0, 3), word]) finder.getState().type(typed);
      await waitFor(() => shown.some((s) => s.results.includes(someone.key)), {
        what: 'the first matches',
        timeoutMs: 1_500,
      });
      expect(shown.every((s) => s.loading)).toBe(true);
      await waitFor(() => !finder.getState().loading, { what: 'the service’s matches', timeoutMs: 10_000 });
      await waitFor(() => asked.length > before.length + 1, { what: 'the next visits asked', timeoutMs: 5_000 });
      off();
      // The kept matches at the key, one service search after the pause, then the next visits of its matches.
      expect(asked.slice(before.length)).toEqual([
        'contacts:kept',
        'contacts:kept',
        'contacts:kept',
        'contacts:search',
        'contacts:next-appointments',
      ]);
      expect(finder.getState().shownFor).toBe(word);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('sends at each key only the first matches the screen shows, the service’s answer the rest', async () => {
    await keptWord();
    // What core sends back for each key: its contacts, and its size as the browser host sends it (JSON).
    const sent: { contacts: number; bytes: number; more: boolean }[] = [];
    const dispatch = pair.made.core.dispatch.bind(pair.made.core);
    vi.spyOn(pair.made.core, 'dispatch').mockImplementation(async (channel, ...rest) => {
      const r = await dispatch(channel, ...rest);
      if (channel === 'contacts:kept' && r.ok && r.value) {
        const list = r.value as ContactList;
        sent.push({ contacts: list.items.length, bytes: JSON.stringify(r).length, more: list.more });
      }
      return r;
    });
    // A word most contacts have: far more matches than a screenful.
    contacts.getState().clear();
    for (const typed of ['e', 'er']) contacts.getState().type(typed);
    const live = await waitFor(() => {
      const { loading, list } = contacts.getState();
      return !loading && list?.query === 'er' ? list : null;
    });
    expect(live.items.length).toBeGreaterThan(50);
    expect(sent).toHaveLength(2);
    for (const key of sent) expect(key).toMatchObject({ contacts: 50, more: true });
    expect(Math.max(...sent.map((k) => k.bytes))).toBeLessThan(25_000);
    // Find a patient shows eight: a key sends eight.
    sent.length = 0;
    finder.getState().show('e');
    await waitFor(() => sent.length > 0, { what: 'the kept matches', timeoutMs: 5_000 });
    expect(sent[0]!.contacts).toBeLessThanOrEqual(8);
    finder.getState().clear();
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
