/**
 * A search as core sends it to the service: its meaning with the account's country (the meaning and the matching are
 * common/contacts/search-query.ts, shared with the page), its GET /v1/contacts filters and its cache key.
 */
import type { CountryCode } from 'libphonenumber-js';
import type { ContactFilter } from '../api/contacts-read-api';
import { meaningOf as meaningWith, tidyQuery, type SearchMeaning } from '../../../common/contacts/search-query';
import { toE164 } from '../phone/phones';

/** What the words mean, a whole phone number parsed in the account's country. */
export function meaningOf(query: string, country: CountryCode | null): SearchMeaning {
  return meaningWith(query, country, toE164);
}

/** GET /v1/contacts filters for a search (the service normalises phone filters with the account's country). */
export function filterOf(meaning: SearchMeaning, addressBookId?: number): ContactFilter {
  const book = addressBookId !== undefined ? { address_book_id: addressBookId } : {};
  switch (meaning.by) {
    case 'all':
      return book;
    case 'name':
      return { ...book, q: meaning.text };
    case 'phone':
      return { ...book, phone_number: meaning.e164 ?? meaning.typed };
    case 'email':
      return { ...book, email_address: meaning.address };
  }
}

/** Cache key of a search. */
export function searchCacheKey(query: string, addressBookId?: number): string {
  return `contacts:search:${addressBookId ?? '*'}:${tidyQuery(query).toLowerCase()}`;
}
