/** Contact reads: every page of GET /v1/contacts up to a limit, one contact, and the address books. */
import type { ServiceRequester } from '../api/service-client';
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

/** Follows `page` (1-based) until an empty page or more than `limit` matches; duplicates across pages are dropped. */
export async function listContacts(
  client: ServiceRequester,
  filter: ContactFilter,
  opts: { pageSize: number; limit: number },
): Promise<ContactPage> {
  const found: ServiceContact[] = [];
  const seen = new Set<number>();
  for (let page = 1; page <= MAX_PAGES && found.length <= opts.limit; page++) {
    const { contacts } = await client.request({
      method: 'GET',
      path: '/v1/contacts',
      query: { ...filter, page, page_size: opts.pageSize },
      schema: contactListSchema,
    });
    if (contacts.length === 0) break;
    for (const contact of contacts) {
      if (contact.is_deleted || seen.has(contact.id)) continue;
      seen.add(contact.id);
      found.push(contact);
    }
  }
  return { contacts: found.slice(0, opts.limit), more: found.length > opts.limit };
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
