/** Contact reads: every page of GET /v1/contacts up to a limit, one contact, and the address books. */
import type { ServiceRequester } from './service-client';
import { addressBookListSchema, contactListSchema, serviceContactSchema, type ServiceContact } from './contact-schema';

/** Filters of GET /v1/contacts the app uses. */
export interface ContactFilter {
  q?: string;
  phone_number?: string;
  email_address?: string;
  address_book_id?: number;
}

/** Matches up to `limit`, and whether there were more. */
export interface ContactPage {
  contacts: ServiceContact[];
  more: boolean;
}

const MAX_PAGES = 100;

/**
 * Follows `page` (1-based) until `limit` matches, an empty page, or a page shorter than the longest seen (the end:
 * a server may cap `page_size` below what was asked, so "short" is measured against what it actually sends).
 * `atOnce` pages are asked for together first (the caller knows at least that many are full: a search whose kept
 * contacts already fill them), then one at a time, so no page is fetched that will not be shown unless the caller
 * said it would be. Given as a function, it is asked once the first page's request has left (page 1 is always read:
 * the caller's own count never holds it back). Pages are read in order whatever order they arrive in. `more` says the last page was full when
 * the limit was reached (more may follow). Duplicates across pages are dropped. `firstOfMore` hears the first page's
 * matches when further pages are to be read, so a caller may show them while the rest comes.
 */
export async function listContacts(
  client: ServiceRequester,
  filter: ContactFilter,
  opts: {
    pageSize: number;
    limit: number;
    atOnce?: number | (() => number);
    /** Told a full first page's matches when more pages are to be read (not when the first page is the end). */
    firstOfMore?: (page: ContactPage) => void;
  },
): Promise<ContactPage> {
  const found: ServiceContact[] = [];
  const seen = new Set<number>();
  let longest = 0;
  const read = (page: number) => {
    const asked = client.request({
      method: 'GET',
      path: '/v1/contacts',
      query: { ...filter, page, page_size: opts.pageSize },
      schema: contactListSchema,
    });
    // A page asked ahead and not needed (the list ended before it) may fail unheard.
    asked.catch(() => undefined);
    return asked;
  };
  const ahead = [read(1)];
  const together = typeof opts.atOnce === 'function' ? opts.atOnce() : (opts.atOnce ?? 1);
  const first = Math.max(1, Math.min(together, Math.ceil(opts.limit / opts.pageSize), MAX_PAGES));
  for (let page = 2; page <= first; page++) ahead.push(read(page));
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { contacts } = await (ahead[page - 1] ?? read(page));
    longest = Math.max(longest, contacts.length);
    for (const contact of contacts) {
      if (contact.is_deleted || seen.has(contact.id)) continue;
      seen.add(contact.id);
      found.push(contact);
    }
    const ended = contacts.length === 0 || contacts.length < longest;
    if (ended) return { contacts: found.slice(0, opts.limit), more: found.length > opts.limit };
    if (found.length >= opts.limit) return { contacts: found.slice(0, opts.limit), more: true };
    // Told only of a full first page: a shorter one is most likely all there is (the next, read to be sure, is empty).
    if (page === 1 && contacts.length >= opts.pageSize) opts.firstOfMore?.({ contacts: [...found], more: true });
  }
  return { contacts: found.slice(0, opts.limit), more: true };
}

/** GET /v1/contact?id= (deleted contacts come back flagged). */
export function getContact(client: ServiceRequester, id: number): Promise<ServiceContact> {
  return client.request({ method: 'GET', path: '/v1/contact', query: { id }, schema: serviceContactSchema });
}

/** GET /v1/address_books. */
export async function listAddressBooks(client: ServiceRequester) {
  const { address_books } = await client.request({
    method: 'GET',
    path: '/v1/address_books',
    schema: addressBookListSchema,
  });
  return address_books;
}
