/**
 * A name search beyond what the service matches: the service is asked what it can find (the words as typed, and
 * without their accents when they have any), and the contacts this computer keeps (the whole address book of the
 * read-ahead, the first page of everyone) are searched here as `name-match.ts` says, so "Tomas" finds "Tomás" and
 * "wiliams" finds "Williams". The service's matches come first, then those found only here.
 */
import type { ContactView } from '../../../common/contract';
import type { ContactFilter } from '../api/contacts-read-api';
import { foldName, foldedName, type FoldedName } from '../../../common/contacts/name-match';
import { keysOf, matcherOf, serviceFinder, tidyQuery, type SearchMeaning } from '../../../common/contacts/search-query';
import { filterOf } from './search-query';

/** The service filters of a search: a name with accents is also asked without them. */
export function serviceFilters(meaning: SearchMeaning, addressBookId?: number): ContactFilter[] {
  const asTyped = filterOf(meaning, addressBookId);
  if (meaning.by !== 'name') return [asTyped];
  const plain = foldName(meaning.text);
  return plain && plain !== tidyQuery(meaning.text).toLowerCase()
    ? [asTyped, filterOf({ by: 'name', text: plain }, addressBookId)]
    : [asTyped];
}

/** Names folded once per kept list (a list is kept as one object until it is read again). */
export class KeptNames {
  private readonly folded = new WeakMap<readonly ContactView[], FoldedName[]>();

  /**
   * The kept contacts a name search finds that `shown` lacks (each once, not deleted, of the address book asked
   * for) and that the service could not have matched: one it could have is the service's to tell (a kept copy may be
   * of a contact deleted or renamed since). Only a name search: a phone or e-mail lookup is the service's own.
   * `offline`: the service was not asked, so every match counts.
   */
  extra(
    meaning: SearchMeaning,
    kept: readonly (readonly ContactView[])[],
    shown: readonly ContactView[],
    options: { addressBookId?: number | undefined; offline?: boolean } = {},
  ): ContactView[] {
    const { addressBookId, offline = false } = options;
    if (meaning.by !== 'name') return [];
    const test = matcherOf(meaning);
    const finds = (offline ? [] : serviceFilters(meaning).flatMap((f) => (f.q ? [f.q.toLowerCase()] : []))).map(
      serviceFinder,
    );
    const seen = new Set(shown.map((c) => c.key));
    const found: ContactView[] = [];
    for (const list of kept) {
      const names = this.namesOf(list);
      list.forEach((c, i) => {
        if (seen.has(c.key) || c.deleted) return;
        if (addressBookId !== undefined && c.addressBookId !== addressBookId) return;
        const name = names[i]!;
        if (!test(c, name)) return;
        if (finds.length > 0 && finds.some((f) => f(name.lower, keysOf(c)))) return;
        seen.add(c.key);
        found.push(c);
      });
    }
    return found;
  }

  private namesOf(list: readonly ContactView[]): FoldedName[] {
    let names = this.folded.get(list);
    if (!names) {
      names = list.map((c) => foldedName(c.name));
      this.folded.set(list, names);
    }
    return names;
  }
}
