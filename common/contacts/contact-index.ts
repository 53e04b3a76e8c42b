/**
 * The contacts this computer keeps, searched here as a name is typed: the read-ahead's whole address book and every
 * contact a search brought since, each once (the newest copy), its name folded once when it comes in. Core keeps one
 * (main/core/contacts/contacts-service.ts) and the page a copy of it (renderer/stores/kept-contacts-store.ts), so a
 * key's first matches come from the page at once — no bridge, no service, no folding on the hot path — and the
 * service's answer then refines them. Matching is `name-match.ts`'s: no accents or case, any order, one slip.
 */
import type { ContactView } from '../contract';
import { foldedName, type FoldedName } from './name-match';
import { keysOf, matcherOf, serviceFinder, type ContactKeys, type SearchMeaning } from './search-query';

/** One kept contact, its name folded and its e-mails and phones as searches compare them (worked out once). */
interface Entry {
  contact: ContactView;
  name: FoldedName;
  keys: ContactKeys;
}

/** The kept contacts of one account, by key, in the order they first came. */
export class ContactIndex {
  private readonly entries = new Map<string, Entry>();
  /** When the oldest copy kept was read (a local answer is as old as that). */
  private oldest = Infinity;

  constructor(readonly account: string) {}

  /** How many contacts are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** When the oldest copy kept was read; null while nothing is kept. */
  get fetchedAt(): number | null {
    return this.entries.size > 0 ? this.oldest : null;
  }

  /** Contacts read from the service at `fetchedAt`: each replaces an older copy (its name folded again only if it changed). */
  add(list: readonly ContactView[], fetchedAt: number): void {
    if (list.length === 0) return;
    for (const contact of list) {
      const was = this.entries.get(contact.key);
      const name = was && was.contact.name === contact.name ? was.name : foldedName(contact.name);
      this.entries.set(contact.key, { contact, name, keys: keysOf(contact) });
    }
    this.oldest = Math.min(this.oldest, fetchedAt);
  }

  /** The kept contacts, in the order they first came. */
  contacts(): ContactView[] {
    return Array.from(this.entries.values(), (e) => e.contact);
  }

  /** Forgets these contacts (the page's copy, when core says they went). */
  remove(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  /**
   * The first `limit` kept contacts a search finds (not deleted, of the address book asked for), and whether more were
   * kept: a phone or e-mail lookup as the service matches it, a name as `name-match.ts` says.
   */
  find(
    meaning: SearchMeaning,
    options: { addressBookId?: number | undefined; limit: number },
  ): { items: ContactView[]; more: boolean } {
    const test = matcherOf(meaning);
    const items: ContactView[] = [];
    for (const { contact, name, keys } of this.entries.values()) {
      if (contact.deleted) continue;
      if (options.addressBookId !== undefined && contact.addressBookId !== options.addressBookId) continue;
      if (!test(contact, name, keys)) continue;
      if (items.length === options.limit) return { items, more: true };
      items.push(contact);
    }
    return { items, more: false };
  }

  /**
   * The kept contacts a name search finds (each once, not deleted, of the address book asked for) that the service
   * could not have matched by `asked` (its `q`s, lower-cased): one it could have is the service's to tell (a kept copy
   * may be of a contact deleted or renamed since). Only a name search. Worked out now, while the service is asked;
   * the function returned leaves out those its answer, `shown`, has. A contact first kept after this call is not
   * among them (the next search finds it).
   */
  extra(
    meaning: SearchMeaning,
    asked: readonly string[],
    addressBookId?: number,
  ): (shown: readonly ContactView[]) => ContactView[] {
    if (meaning.by !== 'name') return () => [];
    const test = matcherOf(meaning);
    const finds = asked.map(serviceFinder);
    const found: ContactView[] = [];
    for (const { contact, name, keys } of this.entries.values()) {
      if (contact.deleted) continue;
      if (addressBookId !== undefined && contact.addressBookId !== addressBookId) continue;
      if (!test(contact, name, keys) || finds.some((f) => f(name.lower, keys))) continue;
      found.push(contact);
    }
    return (shown) => {
      const seen = new Set(shown.map((c) => c.key));
      return found.filter((c) => !seen.has(c.key));
    };
  }

  /**
   * How many kept contacts the service's own search by `q` finds, counted up to `upTo`: at least that many are at the
   * service too, so that many matches' pages can be asked for at once.
   */
  serviceCount(q: string, upTo: number, addressBookId?: number): number {
    const finds = serviceFinder(q.toLowerCase());
    let count = 0;
    for (const { contact, name, keys } of this.entries.values()) {
      if (contact.deleted) continue;
      if (addressBookId !== undefined && contact.addressBookId !== addressBookId) continue;
      if (finds(name.lower, keys) && ++count >= upTo) return count;
    }
    return count;
  }
}
