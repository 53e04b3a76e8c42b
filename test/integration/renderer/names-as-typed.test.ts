/**
 * Names as they are typed: the matches among the contacts core keeps (the read-ahead's address book, every contact
 * read since) come at once and the service's answer then takes their place. The page holds its own copy of them
 * (renderer/stores/kept-contacts-store.ts, asked for once a search screen opens): on the contacts screen and in Find
 * a patient a key's first matches are worked out in the key's own render, with no bridge call, the same as core's
 * (`contacts:kept`, still asked at a key while the copy is not here), and the service is asked once the typing
 * pauses. Counted: the calls each search makes, the service reads, and what the screen showed before the service was
 * asked. On the real core and sandbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactList, ContactView } from '../../../common/contract';
import { ReadCache } from '../../../main/core/cache/read-cache';
import { STORE_KEY } from '../../../main/core/store/practice-store';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import type { useFinderStore as FinderStore } from '../../../renderer/stores/finder-store';
import type { useKeptContactsStore as KeptStore } from '../../../renderer/stores/kept-contacts-store';
import { admin } from '../../support/auth-fixture';
import { countBridgeAsks, ownerGet, requestCount, useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const pair = useRendererOnCore('owner@frontdesk.test', { sandbox: { contacts: 300, events: 5 } });

let asked: string[] = [];
let contacts: typeof ContactsStore;
let finder: typeof FinderStore;
let kept: typeof KeptStore;
let unwire: () => void = () => undefined;
beforeAll(async () => {
  asked = countBridgeAsks();
  // The stores read window.frontdesk when they load: imported once it is counted.
  ({ useContactsStore: contacts } = await import('../../../renderer/stores/contacts-store'));
  ({ useFinderStore: finder } = await import('../../../renderer/stores/finder-store'));
  const keptStore = await import('../../../renderer/stores/kept-contacts-store');
  kept = keptStore.useKeptContactsStore;
  unwire = keptStore.wireKeptContacts();
});
afterAll(() => {
  unwire();
  contacts?.getState().clear();
  finder?.getState().clear();
  kept?.getState().clear();
});
afterEach(() => vi.restoreAllMocks());

const contactReads = () => requestCount(pair.sandbox, 'GET /v1/contacts');
const searchCalls = () => asked.filter((c) => c === 'contacts:search').length;
const contactCalls = () => asked.filter((c) => c.startsWith('contacts:'));

/** The page's copy of the kept contacts, asked for and here. */
async function keptHere(): Promise<void> {
  kept.getState().want();
  await waitFor(() => kept.getState().state === 'ready', { what: 'the page’s copy of the kept contacts' });
}

/** Core's own kept answer for the words (`contacts:kept`), the first `first` matches. */
async function coreKept(query: string, first: number): Promise<ContactList | null> {
  const r = await window.frontdesk!.invoke['contacts:kept']({ query, first });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A word that finds someone kept: a part of the last name of a contact read before (everyone's first page). */
async function keptWord(): Promise<{ word: string; someone: ContactView }> {
  const r = await window.frontdesk!.invoke['contacts:search']({ query: '' });
  if (!r.ok) throw new Error(r.error.message);
  const everyone = r.value.items;
  const someone = everyone.find((c) => c.lastName.length >= 4)!;
  return { word: someone.lastName.slice(0, 4), someone };
}

describe('a name as it is typed', () => {
  it('on the contacts screen: each key’s first matches in its own render, no call till the pause', async () => {
    const { word, someone } = await keptWord();
    contacts.getState().clear();
    await keptHere();
    // The service reads of one search for the words (its pages), asked here first.
    let reads = await contactReads();
    expect((await window.frontdesk!.invoke['contacts:search']({ query: word })).ok).toBe(true);
    const one = (await contactReads()) - reads;
    reads = await contactReads();
    const before = contactCalls().length;
    // Three keys typed without a pause: each shows the kept matches for the words so far as it is typed (nothing
    // awaited), with no bridge call, and the service is not read.
    for (const typed of [word.slice(0, 2), word.slice(0, 3), word]) {
      contacts.getState().type(typed);
      expect(contacts.getState().list?.query, `the matches for “${typed}” at its key`).toBe(typed);
    }
    expect(contactCalls().slice(before)).toEqual([]);
    const first = contacts.getState().list!;
    expect(first.source).toBe('cache');
    expect(first.items.map((c) => c.key)).toContain(someone.key);
    // Then the service's answer, read once for the last words, after the pause: the one call of the three keys.
    const live = await waitFor(() => (contacts.getState().loading ? null : contacts.getState().list));
    expect(live).toMatchObject({ query: word, source: 'service' });
    expect(live!.items.map((c) => c.key)).toContain(someone.key);
    expect(contactCalls().slice(before)).toEqual(['contacts:search']);
    expect(await contactReads()).toBe(reads + one);
  });

  it('the page’s first matches are core’s kept answer for the same words: same contacts, same order', async () => {
    await keptWord();
    await keptHere();
    const slipped = kept
      .getState()
      .index!.contacts()
      .map((c) => c.lastName)
      .find((name) => /^[a-z]{7,}$/i.test(name))!;
    // Words never searched (core answers them from its index too): parts of names, a slip, a phone's digits, an
    // e-mail's part, nothing found.
    const words = [
      'an',
      'el',
      'ro',
      'sa',
      'mi',
      'li',
      `${slipped.slice(0, 2)}${slipped[3]}${slipped[2]}${slipped.slice(4)}`,
    ];
    words.push('555', 'example', 'zqxj');
    let found = 0;
    for (const word of words)
      for (const first of [50, 8]) {
        const page = kept.getState().first(word, first);
        expect(page, `“${word}”, first ${first}`).toEqual(await coreKept(word, first));
        found += page?.items.length ?? 0;
      }
    expect(found).toBeGreaterThan(100);
    // A whole phone number's meaning needs the account's country: core tells it.
    expect(kept.getState().first('(312) 555-0100', 50)).toBeUndefined();
  });

  it('the page’s copy follows the contacts core keeps: a contact added here, and one deleted', async () => {
    await keptWord();
    await keptHere();
    const before = contactCalls().length;
    const created = await window.frontdesk!.invoke['contacts:create']({
      firstName: 'Quillon',
      lastName: 'Zephyrine',
      phones: [],
      emails: [],
    });
    expect(created.ok).toBe(true);
    const added = await waitFor(() => kept.getState().first('quillon', 50)?.items[0] ?? null, {
      what: 'the new contact in the page’s copy',
    });
    expect(added.name).toBe('Quillon Zephyrine');
    expect(kept.getState().first('quillon', 50)).toEqual(await coreKept('quillon', 50));
    // A kept contact deleted here leaves the page's first matches once core says it went (nothing asked again).
    const gone = kept
      .getState()
      .first('an', 50)!
      .items.find((c) => c.id !== null && !c.pending)!;
    expect((await window.frontdesk!.invoke['contacts:delete']({ id: gone.id! })).ok).toBe(true);
    await waitFor(
      () =>
        !kept
          .getState()
          .first(gone.name, 50)
          ?.items.some((c) => c.key === gone.key),
      {
        what: 'the deleted contact out of the page’s copy',
      },
    );
    expect(kept.getState().first(gone.name, 50)).toEqual(await coreKept(gone.name, 50));
    expect(
      contactCalls()
        .slice(before)
        .filter((c) => c === 'contacts:kept-list'),
    ).toEqual([]);
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
      // The kept matches from the page's copy (or core's, while it comes), one call to the service.
      expect(searchCalls() - calls).toBe(1);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('in Find a patient: the kept matches at the key, then the service’s and their next visits', async () => {
    const { word, someone } = await keptWord();
    await keptHere();
    await admin(pair.sandbox).faults({ answerLatencyMs: 1_500, routes: ['/v1/contacts'], methods: ['GET'] });
    try {
      const shown: { results: string[]; loading: boolean }[] = [];
      const off = finder.subscribe((s) => {
        if (s.results.length > 0) shown.push({ results: s.results.map((c) => c.key), loading: s.loading });
      });
      const before = [...asked];
      // Three keys without a pause: each shows the kept matches, and the service is read once, for the last words.
      finder.getState().show(word.slice(0, 2));
      for (const typed of [word.slice(0, 3), word]) {
        finder.getState().type(typed);
        expect(finder.getState().shownFor, `the matches for “${typed}” at its key`).toBe(typed);
      }
      expect(shown.some((s) => s.results.includes(someone.key))).toBe(true);
      expect(shown.every((s) => s.loading)).toBe(true);
      await waitFor(() => !finder.getState().loading, { what: 'the service’s matches', timeoutMs: 10_000 });
      await waitFor(() => asked.length > before.length + 1, { what: 'the next visits asked', timeoutMs: 5_000 });
      off();
      // The kept matches at the key (no call), one service search after the pause, then the next visits of its matches.
      expect(asked.slice(before.length)).toEqual(['contacts:search', 'contacts:next-appointments']);
      expect(finder.getState().shownFor).toBe(word);
    } finally {
      await admin(pair.sandbox).clearFaults();
    }
  });

  it('while the page’s copy is not here, sends at each key only the first matches the screen shows', async () => {
    await keptWord();
    kept.getState().clear();
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
    kept.getState().clear();
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
    // The answer is back; the store, changed by it, is written out after (once): the search keeps its contacts in the
    // turn after the answer, and the store writes itself out in the turn after that.
    expect(kept.filter((k) => k === STORE_KEY)).toHaveLength(0);
    await new Promise((done) => setImmediate(done));
    await new Promise((done) => setImmediate(done));
    expect(kept.filter((k) => k === STORE_KEY)).toHaveLength(1);
  });
});
