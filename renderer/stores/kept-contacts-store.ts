/**
 * The page's own copy of the contacts core keeps (common/contacts/contact-index.ts, the same index and matching as
 * core's), so a key's first matches are worked out in the key's own render, with no bridge call: asked for once a
 * screen that searches names first opens (Contacts, Find a patient, the patient picker) — not at start — a part at a
 * time (`contacts:kept-list`), kept current by core's `store:changed` (`keptContacts`), forgotten for another account.
 * Until it is here, and for a whole phone number (its meaning needs the account's country, which core holds), a key
 * asks core (`contacts:kept`).
 */
import { create } from 'zustand';
import type { ContactList, ContactView } from '../../common/contract';
import { ContactIndex } from '../../common/contacts/contact-index';
import { unpackContact, type KeptChange } from '../../common/contacts/kept-wire';
import { matcherOf, meaningOf, needsPhoneParse, tidyQuery } from '../../common/contacts/search-query';
import { frontdesk } from '../lib/frontdesk';
import { onStoreChange } from '../lib/store-changes';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** Contacts made ready (unpacked, names folded) between two turns of the page while the parts come: keys go first. */
const SLICE = 500;

/** The page's copy and its actions. */
export interface KeptContactsState {
  /** 'none': not asked (or its parts failed: asked again when a search screen opens); 'loading'; 'ready'. */
  state: 'none' | 'loading' | 'ready';
  /** The kept contacts the service has, as the changes made here leave them, in core's order. */
  index: ContactIndex | null;
  /** Contacts added here and not yet on the service, newest first. */
  created: ContactView[];
  /** When the oldest copy kept was read; null while core keeps none. */
  fetchedAt: number | null;
  /** Changes told while the parts were on their way, applied after the last one. */
  held: KeptChange[];
  /** A screen that searches names opened: asks for the kept contacts once (for this account). */
  want(): void;
  /**
   * The first `limit` kept matches for the words, as core's `contacts:kept` answers them, worked out here; null when
   * core keeps none, undefined when only core can tell (not here yet, or a whole phone number).
   */
  first(query: string, limit: number): ContactList | null | undefined;
  /** Forgets them (another account signed in). */
  clear(): void;
}

/** Nothing asked. */
export const getEmptyState = (): StoreData<KeptContactsState> => ({
  state: 'none',
  index: null,
  created: [],
  fetchedAt: null,
  held: [],
});

/**
 * Puts a told change in the index (a changed contact stays where it was, a new one goes last, one gone leaves) and
 * returns the rest of it for the store.
 */
function applied(index: ContactIndex, change: KeptChange): Partial<KeptContactsState> {
  index.remove(change.removed);
  index.add(change.put.map(unpackContact), change.fetchedAt ?? 0);
  return { fetchedAt: change.fetchedAt, ...(change.created ? { created: change.created.map(unpackContact) } : {}) };
}

/** The page's one copy of the kept contacts. */
export const useKeptContactsStore = create<KeptContactsState>()((set, get) => {
  /** Reads every part into `index`; false when a part failed or the copy was forgotten meanwhile. */
  const load = async (index: ContactIndex): Promise<boolean> => {
    for (let from: number | null = 0; from !== null;) {
      const r = await frontdesk.invoke['contacts:kept-list']({ from });
      // A bridge that does not know the channel (an older core) answers nothing: core is asked at each key then.
      if (get().index !== index || !r.ok || !Array.isArray(r.value?.contacts)) return false;
      const part = r.value;
      if (from === 0) set({ created: part.created.map(unpackContact) });
      for (let at = 0; at < part.contacts.length; at += SLICE) {
        if (at > 0) await new Promise((turn) => setTimeout(turn, 0));
        if (get().index !== index) return false;
        index.add(part.contacts.slice(at, at + SLICE).map(unpackContact), part.fetchedAt ?? 0);
      }
      set({ fetchedAt: part.fetchedAt });
      from = part.next;
    }
    return true;
  };
  return {
    ...getEmptyState(),
    want() {
      if (get().state !== 'none') return;
      const index = new ContactIndex('');
      set({ ...getEmptyState(), state: 'loading', index });
      void load(index).then((done) => {
        if (get().index !== index) return;
        if (!done) return set(getEmptyState());
        for (const change of get().held) set(applied(index, change));
        set({ state: 'ready', held: [] });
      });
    },
    first(query, limit) {
      const { state, index, created, fetchedAt } = get();
      if (state !== 'ready' || !index || needsPhoneParse(query)) return undefined;
      if (fetchedAt === null) return null;
      // No phone is parsed here (needsPhoneParse): the country and the parser are not needed.
      const meaning = meaningOf(query, null, () => null);
      const test = matcherOf(meaning);
      const found = index.find(meaning, { limit });
      const items = [...created.filter((c) => test(c)), ...found.items];
      return {
        query: tidyQuery(query),
        items: items.slice(0, limit),
        more: found.more || items.length > limit,
        fetchedAt,
        source: 'cache',
      };
    },
    clear: () => set(getEmptyState()),
  };
});

/** Follows core's changes of the kept contacts (held while the parts come, then put in place). Call once. */
export function wireKeptContacts(): () => void {
  return onStoreChange(({ keptContacts }) => {
    const { state, index, held } = useKeptContactsStore.getState();
    if (!keptContacts || !index || state === 'none') return;
    useKeptContactsStore.setState(
      state === 'loading' ? { held: [...held, keptContacts] } : applied(index, keptContacts),
    );
  });
}

onAccountReset('kept-contacts', () => useKeptContactsStore.getState().clear());
