/**
 * Contacts for the front desk: searches cache-first like the calendar (the last good answer per query, offline →
 * cached with its time), one contact, address books; unsynced changes of the account applied on top of every answer.
 */
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import type {
  AddressBookView,
  ContactDetail,
  ContactList,
  ContactSearch,
  ContactView,
} from '../../../preload/contract';
import { ServiceError } from '../api/service-error';
import { SignedOutError } from '../auth/errors';
import type { CoreContext } from '../core-context';
import { OutboxInputError, type OpView } from '../outbox';
import type { ServiceContact } from './contact-schema';
import { viewOf } from './contact-view';
import { getContact, listAddressBooks, listContacts } from './contacts-read-api';
import { contactOps, overlay } from './overlay';
import { learnCountry } from './phones';
import { filterOf, matches, meaningOf, searchCacheKey, tidyQuery, type SearchMeaning } from './search-query';

/** A search answer as cached: the service's contacts, before unsynced changes are applied. */
interface StoredList {
  items: ContactView[];
  more: boolean;
}

const COUNTRY_KEY = 'contacts:country';
const BOOKS_KEY = 'contacts:address-books';

/** The signed-in account's key. */
export function accountOf(deps: Pick<CoreContext, 'account'>): string {
  const key = deps.account();
  if (!key) throw new SignedOutError();
  return key;
}

/** The account's country as learned from the service's answers, or null. */
export async function countryOf(deps: CoreContext, account: string): Promise<CountryCode | null> {
  const hit = await deps.cache.get<string>(account, COUNTRY_KEY);
  return hit && isSupportedCountry(hit.value) ? hit.value : null;
}

async function learnFrom(
  deps: CoreContext,
  account: string,
  contacts: ServiceContact[],
  known: CountryCode | null,
): Promise<CountryCode | null> {
  const learned = learnCountry(contacts.flatMap((c) => c.phone_numbers));
  if (!learned || learned === known) return known;
  await deps.cache.put(account, COUNTRY_KEY, learned, deps.clock.now());
  return learned;
}

/** The account's contact changes in queue order (none while the outbox cannot be opened). */
export function accountOps(deps: CoreContext, account: string): OpView[] {
  try {
    return deps.outbox.get().list(account);
  } catch (error) {
    if (error instanceof OutboxInputError) return [];
    throw error;
  }
}

const isUnreachable = (error: unknown) => error instanceof ServiceError && error.kind === 'retryable';

function present(
  deps: CoreContext,
  account: string,
  query: string,
  stored: StoredList,
  at: { fetchedAt: number; source: ContactList['source'] },
  meaning: SearchMeaning,
  country: CountryCode | null,
): ContactList {
  const items = overlay(stored.items, contactOps(accountOps(deps, account), at.fetchedAt), meaning, country);
  return { query: tidyQuery(query), items, more: stored.more, ...at };
}

/** The cached answer for a search, with unsynced changes applied; null if never asked. */
export async function cachedContacts(deps: CoreContext, args: ContactSearch): Promise<ContactList | null> {
  const account = accountOf(deps);
  const country = await countryOf(deps, account);
  const hit = await deps.cache.get<StoredList>(account, searchCacheKey(args.query, args.addressBookId));
  return hit
    ? present(
        deps,
        account,
        args.query,
        hit.value,
        { fetchedAt: hit.fetchedAt, source: 'cache' },
        meaningOf(args.query, country),
        country,
      )
    : null;
}

/** Offline and never asked: the last full list narrowed down here (it may be missing some matches beyond its first page). */
async function narrowedFromList(
  deps: CoreContext,
  account: string,
  args: ContactSearch,
  country: CountryCode | null,
): Promise<ContactList | null> {
  const meaning = meaningOf(args.query, country);
  const hit = await deps.cache.get<StoredList>(account, searchCacheKey('', args.addressBookId));
  if (!hit) return null;
  const stored = { items: hit.value.items.filter((c) => matches(meaning, c)), more: hit.value.more };
  return present(deps, account, args.query, stored, { fetchedAt: hit.fetchedAt, source: 'cache' }, meaning, country);
}

/** Fresh from the service (every page up to the limit) and cached; when it cannot be reached, the cached answer. */
export async function searchContacts(deps: CoreContext, args: ContactSearch): Promise<ContactList> {
  const account = accountOf(deps);
  const fetchedAt = deps.clock.now();
  const known = await countryOf(deps, account);
  const meaning = meaningOf(args.query, known);
  try {
    const page = await listContacts(deps.service, filterOf(meaning, args.addressBookId), {
      pageSize: deps.contactPaging?.pageSize ?? 100,
      limit: deps.contactPaging?.limit ?? 200,
    });
    const country = await learnFrom(deps, account, page.contacts, known);
    const stored: StoredList = { items: page.contacts.map((c) => viewOf(c, country)), more: page.more };
    // The answer goes back now; the encrypted offline copy is written meanwhile.
    deps.cache.remember(account, searchCacheKey(args.query, args.addressBookId), stored, fetchedAt);
    return present(deps, account, args.query, stored, { fetchedAt, source: 'service' }, meaning, country);
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const cached = (await cachedContacts(deps, args)) ?? (await narrowedFromList(deps, account, args, known));
    if (cached) return cached;
    const local = present(
      deps,
      account,
      args.query,
      { items: [], more: false },
      { fetchedAt, source: 'unavailable' },
      meaning,
      known,
    );
    if (local.items.length > 0) return local;
    throw error;
  }
}

/** A contact known only as a queued create (named by its outbox id), with later changes applied. */
function unsyncedContact(
  deps: CoreContext,
  account: string,
  externalId: string,
  country: CountryCode | null,
): ContactDetail | null {
  const ops = accountOps(deps, account).filter((op) => op.status !== 'done');
  const create = ops.find((op) => op.kind === 'contact.create' && op.payload.external_id === externalId);
  if (!create) return null;
  const contact = overlay([], ops, { by: 'all' }, country).find((c) => c.externalId === externalId);
  return contact ? { contact, fetchedAt: create.updatedAt, source: 'cache' } : null;
}

/** One contact by id, fresh (cached; the cache when offline), or a contact not yet on the service by its outbox id. */
export async function contactById(
  deps: CoreContext,
  ref: { id?: number | undefined; externalId?: string | undefined },
): Promise<ContactDetail> {
  const account = accountOf(deps);
  const country = await countryOf(deps, account);
  if (ref.id === undefined) {
    const local = unsyncedContact(deps, account, ref.externalId ?? '', country);
    if (local) return local;
    throw new ServiceError(
      'permanent',
      'contacts:get',
      'That contact is not on this computer yet. Search for it instead.',
    );
  }
  const key = `contacts:one:${ref.id}`;
  let entry: { value: ContactView; fetchedAt: number; source: ContactDetail['source'] };
  try {
    const fetchedAt = deps.clock.now();
    const value = viewOf(await getContact(deps.service, ref.id), country);
    await deps.cache.put(account, key, value, fetchedAt);
    entry = { value, fetchedAt, source: 'service' };
  } catch (error) {
    const hit = isUnreachable(error) ? await deps.cache.get<ContactView>(account, key) : null;
    if (!hit) throw error;
    entry = { ...hit, source: 'cache' };
  }
  const shown = overlay(
    [entry.value],
    contactOps(accountOps(deps, account), entry.fetchedAt),
    { by: 'all' },
    country,
  ).find((c) => c.key === entry.value.key);
  return { contact: shown ?? { ...entry.value, deleted: true }, fetchedAt: entry.fetchedAt, source: entry.source };
}

/** The address books from the service, saved for offline use. The default is the one flagged so, else the first. */
export async function freshAddressBooks(deps: CoreContext): Promise<AddressBookView[]> {
  const account = accountOf(deps);
  const books = await listAddressBooks(deps.service);
  const flagged = books.findIndex((b) => b.is_default === true);
  const views = books.map((b, i) => ({
    id: b.id,
    name: b.name,
    phoneTypes: b.phone_types,
    isDefault: i === Math.max(0, flagged),
  }));
  await deps.cache.put(account, BOOKS_KEY, views, deps.clock.now());
  return views;
}

/** The address books (cached; the cache when offline). */
export async function addressBooks(deps: CoreContext): Promise<AddressBookView[]> {
  const account = accountOf(deps);
  try {
    return await freshAddressBooks(deps);
  } catch (error) {
    const hit = isUnreachable(error) ? await deps.cache.get<AddressBookView[]>(account, BOOKS_KEY) : null;
    if (hit) return hit.value;
    throw error;
  }
}
