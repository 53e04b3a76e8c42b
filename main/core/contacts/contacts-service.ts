/**
 * Contacts for the front desk: searches cache-first like the calendar (the last good answer per query, offline →
 * cached with its time), one contact, address books, writes through the outbox, a contact's history and the finder's
 * next appointments; unsynced changes of the account applied on top of every answer. Built once from core's context.
 */
import type { CountryCode } from 'libphonenumber-js';
import type {
  AddressBookView,
  ContactChanges,
  ContactDetail,
  ContactHistory,
  ContactInput,
  ContactList,
  ContactSearch,
  ContactView,
  NextAppointment,
  OutboxItem,
} from '../../../common/contract';
import { ServiceError } from '../api/service-error';
import { signedInAccount, type CoreContext } from '../core-context';
import { OutboxInputError, type OpChange, type OpView } from '../outbox';
import {
  createPayload,
  extraKeys,
  fieldsPayload,
  mergeIntoCreate,
  refPayload,
  type ContactTarget,
} from './contact-payloads';
import { contactHistory } from './contact-history';
import { countryOf, learnCountryFrom } from '../phone/country';
import { viewOf } from './contact-view';
import { getContact, listAddressBooks, listContacts, type ContactPage } from '../api/contacts-read-api';
import { nextAppointments } from './next-appointments';
import { contactOps, overlaid, overlay } from './overlay';
import { KeptFeed, type KeptNow } from './kept-feed';
import { matches, tidyQuery, type SearchMeaning } from '../../../common/contacts/search-query';
import { filterOf, meaningOf, searchCacheKey } from './search-query';
import { KeptNames, serviceFilters } from './name-search';
import { ContactIndex } from '../../../common/contacts/contact-index';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';
import { freshOrSaved, readThrough, unreachable } from '../cache/read-through';
import { addressBookSchema, contactViewSchema } from '../cache/model-schemas';
import type { KeptChunk } from '../../../common/contacts/kept-wire';

/** A search answer as cached: the service's contacts, before unsynced changes are applied. */
interface StoredList {
  items: ContactView[];
  more: boolean;
}

/** Page size of GET /v1/contacts (default 100) and how many matches a screen shows (default 200). */
export interface ContactPaging {
  pageSize?: number;
  limit?: number;
  /** How many contacts the read-ahead keeps of the whole address book (ALL_LIMIT). */
  allLimit?: number;
}

/**
 * The most contacts the read-ahead keeps for searches without the service: a practice's whole patient list, read a
 * page at a time in the background (50 pages of 100), so Find a patient finds anyone offline, not only the first 200.
 */
const ALL_LIMIT = 5_000;
/** Where the whole address book is kept (apart from the searches' first pages, so a search for everyone does not cut it back). */
const ALL_KEY = 'contacts:all';

const BOOKS_KEY = 'contacts:address-books';
const searchSlot = cacheSlot(
  'a contact search',
  z.object({ items: z.array(contactViewSchema), more: z.boolean() }) satisfies z.ZodType<StoredList>,
);
const contactSlot = cacheSlot('a contact', contactViewSchema);
const booksSlot = cacheSlot('the address books', z.array(addressBookSchema));

/** A search a screen shows, kept to tell it again when a contact change moves on. */
interface ShownSearch {
  account: string;
  addressBookId: number | null;
  /** Re-presents the answer with the changes as they stand now (no read). */
  present(): ContactList;
  /** What was told last, so an unchanged answer is not told again: the answer, as JSON once it is compared. */
  told: string | ContactList;
}

/** How many recent searches are told again (the contacts screen's, Find a patient's, a picker's). */
const SHOWN_SEARCHES = 4;

/** The contacts service. */
export class ContactsService {
  /** The recent searches by their cache key, newest last. */
  private readonly shown = new Map<string, ShownSearch>();
  /** The kept contacts' names, folded once per list (a search without the service). */
  private readonly keptNames = new KeptNames();
  /** The signed-in account's kept contacts, searched here at once (contact-index.ts); made on first use. */
  private index: Promise<ContactIndex> | null = null;
  /** The page's copy of the kept contacts: its parts, and what changed among them once it asked (kept-feed.ts). */
  private readonly feed = new KeptFeed(
    (account) => this.keptNow(account),
    (keptContacts) =>
      this.context.events.emit('store:changed', {
        appointments: [],
        removedAppointments: [],
        bookings: [],
        keptContacts,
      }),
  );

  constructor(
    private readonly context: CoreContext,
    private readonly paging: ContactPaging = {},
  ) {
    context.session.on((event) => {
      if (event.type !== 'account_changed' && event.type !== 'signed_out') return;
      this.shown.clear();
      this.index = null;
      this.feed.reset();
    });
  }

  /**
   * A change of the outbox: when it is a contact's (queued, sent, refused) or a withdrawn one, each recent search is
   * told again as it now stands — its answer with the changes laid over, nothing read from the service — as
   * `store:changed` (`contacts`), so a screen showing it follows without asking again.
   */
  outboxChanged(change: OpChange): void {
    if ('op' in change && !change.op.kind.startsWith('contact.')) return;
    const account = this.context.account();
    if (account) this.feed.changed(account);
    for (const shown of this.shown.values()) {
      if (shown.account !== account) continue;
      const list = shown.present();
      const told = JSON.stringify(list);
      if (typeof shown.told !== 'string') shown.told = JSON.stringify(shown.told);
      if (told === shown.told) continue;
      shown.told = told;
      this.tell(shown, list);
    }
  }

  /** Tells a search a screen shows as it now stands (`store:changed`, `contacts`). */
  private tell(shown: ShownSearch, list: ContactList): void {
    this.context.events.emit('store:changed', {
      appointments: [],
      removedAppointments: [],
      bookings: [],
      contacts: { ...list, addressBookId: shown.addressBookId },
    });
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  /**
   * The cached answer for a search, with unsynced changes applied; null if never asked. Never asked, the kept contacts'
   * first `first` matches (the walk stops there), and whether there are more.
   */
  async cached(args: ContactSearch, first?: number): Promise<ContactList | null> {
    const account = signedInAccount(this.context);
    const country = await countryOf(this.context, account);
    const meaning = meaningOf(args.query, country);
    const hit = await this.context.cache.get(account, searchSlot, searchCacheKey(args.query, args.addressBookId));
    if (hit)
      return this.present(
        account,
        args.query,
        hit.value,
        { fetchedAt: hit.fetchedAt, source: 'cache' },
        meaning,
        country,
      );
    // Never asked: the kept contacts, searched here (the service's answer follows and takes its place).
    const index = await this.indexOf(account);
    if (index.fetchedAt === null) return null;
    const limit = Math.min(first ?? Infinity, this.paging.limit ?? 200);
    const local = index.find(meaning, { addressBookId: args.addressBookId, limit });
    return this.present(account, args.query, local, { fetchedAt: index.fetchedAt, source: 'cache' }, meaning, country);
  }

  /**
   * What a key shows at once (`contacts:kept`): the cached answer, else the kept contacts' matches, cut to the `first`
   * ones when asked — each key sends only what the screen shows before the service's answer brings the rest.
   */
  async kept({ first, ...args }: ContactSearch & { first?: number | undefined }): Promise<ContactList | null> {
    const list = await this.cached(args, first);
    if (!list || first === undefined || list.items.length <= first) return list;
    return { ...list, items: list.items.slice(0, first), more: true };
  }

  /** Fresh from the service (every page up to the limit) and cached; when it cannot be reached, the cached answer. */
  async search(args: ContactSearch, options: { soonest?: boolean } = {}): Promise<ContactList> {
    const { service, cache, clock } = this.context;
    const account = signedInAccount(this.context);
    const fetchedAt = clock.now();
    const known = await countryOf(this.context, account);
    const meaning = meaningOf(args.query, known);
    const none = { items: [], more: false };
    type Answer = {
      list: StoredList;
      source: ContactList['source'];
      at: number;
      country: CountryCode | null;
      /** When `list` is the first pages only: the whole answer, to come. */
      rest?: Promise<{ list: StoredList; country: CountryCode | null }>;
    };
    const index = await this.indexOf(account);
    const cacheKey = searchCacheKey(args.query, args.addressBookId);
    const stored = await freshOrSaved<Answer>(
      async () => {
        const pageSize = this.paging.pageSize ?? 100;
        const limit = this.paging.limit ?? 200;
        const filters = serviceFilters(meaning, args.addressBookId);
        // Each read's first page, when more pages follow it (a read that ends there tells its whole answer instead).
        const firsts: Promise<{ page: ContactPage; whole: boolean }>[] = [];
        const reads = Promise.all(
          filters.map((filter) => {
            // Pages the kept contacts already fill are full at the service too: asked for together, counted once the
            // first page's request has left (the count walks the kept contacts: up to a millisecond at 5,000).
            const atOnce = () =>
              Math.floor((filter.q ? index.serviceCount(filter.q, limit, args.addressBookId) : 0) / pageSize) + 1;
            let first!: (told: { page: ContactPage; whole: boolean }) => void;
            firsts.push(new Promise((resolve) => (first = resolve)));
            const firstOfMore = (page: ContactPage) => first({ page, whole: false });
            return listContacts(service, filter, { pageSize, limit, atOnce, firstOfMore }).then((page) => {
              first({ page, whole: true });
              return page;
            });
          }),
        );
        // Once the reads are sent, and while the service answers: the kept contacts only this computer finds. Node's
        // fetch (the browser host's) writes a request from an immediate of its own, queued after this call's: two
        // turns, so the walk never holds the requests back (answer-first.test.ts).
        reads.catch(() => undefined); // awaited below; a failure meanwhile is not unheard
        await new Promise<void>((sent) => setImmediate(sent));
        await new Promise<void>((sent) => setImmediate(sent));
        const asked = filters.flatMap((f) => (f.q ? [f.q.toLowerCase()] : []));
        const extra = index.extra(meaning, asked, args.addressBookId);
        const listOf = async (pages: ContactPage[]) => {
          const contacts = [...new Map(pages.flatMap((p) => p.contacts).map((c) => [c.id, c])).values()];
          const country = await learnCountryFrom(this.context, account, contacts, known);
          const items = contacts.map((c) => viewOf(c, country));
          const list: StoredList = { items: [...items, ...extra(items)], more: pages.some((p) => p.more) };
          return { items, list, country };
        };
        const whole = async () => {
          const { items, list, country } = await listOf(await reads);
          // The answer goes back in this turn; what it does not need follows in the next (keepAnswer).
          setImmediate(() => this.keepAnswer(account, index, items, { key: cacheKey, list, fetchedAt }));
          return { list, country };
        };
        // Asked `soonest`: each read's first page as soon as they are all here, when one of them has more to read.
        const early = options.soonest ? await Promise.race([reads.then(() => null), Promise.all(firsts)]) : null;
        if (early && early.some((f) => !f.whole)) {
          const { list, country } = await listOf(early.map((f) => f.page));
          const rest = whole();
          rest.catch(() => undefined); // heard where the rest is told (tellRest)
          return { list, source: 'service', at: fetchedAt, country, rest };
        }
        return { ...(await whole()), source: 'service', at: fetchedAt };
      },
      async () => {
        const hit =
          (await cache.get(account, searchSlot, cacheKey)) ?? (await this.narrowedFromList(account, args, meaning));
        if (hit) return { list: hit.value, source: 'cache', at: hit.fetchedAt, country: known };
        // Nothing saved: the contacts added here alone, if any.
        const local = this.present(account, args.query, none, { fetchedAt, source: 'unavailable' }, meaning, known);
        return local.items.length > 0 ? { list: none, source: 'unavailable', at: fetchedAt, country: known } : null;
      },
    );
    const at = { fetchedAt: stored.at, source: stored.source };
    const present = () => this.present(account, args.query, stored.list, at, meaning, stored.country);
    // A first page is told again (after a contact change here) as a first page until the rest is in (tellRest).
    const firstPage = () => ({ ...present(), partial: true as const });
    const shown: ShownSearch = {
      account,
      addressBookId: args.addressBookId ?? null,
      present: stored.rest ? firstPage : present,
      told: '',
    };
    const answer = shown.present();
    shown.told = answer;
    this.shown.delete(cacheKey);
    this.shown.set(cacheKey, shown);
    for (const old of this.shown.keys()) if (this.shown.size > SHOWN_SEARCHES) this.shown.delete(old);
    if (stored.rest)
      void this.tellRest(shown, stored.rest, present, (list, country) =>
        this.present(account, args.query, list, at, meaning, country),
      );
    return answer;
  }

  /**
   * The whole answer of a search that was told its first pages (`soonest`): told as `store:changed` (`contacts`) once
   * it is here, and from then on what the search is told again as. Not once the account changed meanwhile. Should the
   * rest fail, the first pages are told again as the answer, whole as far as it goes (logged).
   */
  private async tellRest(
    shown: ShownSearch,
    rest: Promise<{ list: StoredList; country: CountryCode | null }>,
    firstPages: () => ContactList,
    presentOf: (list: StoredList, country: CountryCode | null) => ContactList,
  ): Promise<void> {
    try {
      const whole = await rest;
      shown.present = () => presentOf(whole.list, whole.country);
    } catch (error) {
      // The first pages stay the answer, no longer told as partial (their `more` says others may match).
      this.context.log.warn('the rest of a contact search did not come', { reason: String(error) });
      shown.present = firstPages;
    }
    if (this.context.account() !== shown.account) return;
    const list = shown.present();
    shown.told = list;
    this.tell(shown, list);
  }

  /**
   * What a search's answer does not need, done once it has gone back (the reply is sent in the turn it is made): the
   * contacts into the practice store and the kept contacts, and the answer's encrypted offline copy. A crash in between
   * loses that copy only (a change made here is the outbox's, kept before it was answered). Not once the account
   * changed meanwhile: its store and cache are another's.
   */
  private keepAnswer(
    account: string,
    index: ContactIndex,
    items: ContactView[],
    copy: { key: string; list: StoredList; fetchedAt: number },
  ): void {
    if (this.context.account() !== account) return;
    this.context.store.putContacts(items);
    index.add(items, copy.fetchedAt);
    this.feed.changed(account);
    this.context.cache.remember(account, searchSlot, copy.key, copy.list, copy.fetchedAt);
  }

  /** One contact by id, fresh (cached; the cache when offline), or a contact not yet on the service by its outbox id. */
  async get(ref: { id?: number | undefined; externalId?: string | undefined }): Promise<ContactDetail> {
    const { service } = this.context;
    const account = signedInAccount(this.context);
    const country = await countryOf(this.context, account);
    if (ref.id === undefined) {
      const local = this.unsyncedContact(account, ref.externalId ?? '', country);
      if (local) return local;
      throw new ServiceError(
        'permanent',
        'contacts:get',
        'That contact is not on this computer yet. Search for it instead.',
      );
    }
    const key = `contacts:one:${ref.id}`;
    const entry = await readThrough(this.context, account, contactSlot, key, async () => {
      const contact = viewOf(await getContact(service, ref.id!), country);
      this.context.store.putContacts([contact]);
      return contact;
    });
    const shown = overlay(
      [entry.value],
      contactOps(this.accountOps(account), entry.fetchedAt),
      { by: 'all' },
      country,
    ).find((c) => c.key === entry.value.key);
    return { contact: shown ?? { ...entry.value, deleted: true }, fetchedAt: entry.fetchedAt, source: entry.source };
  }

  /** The address books from the service, saved for offline use. The default is the one flagged so, else the first. */
  async freshAddressBooks(): Promise<AddressBookView[]> {
    const account = signedInAccount(this.context);
    const books = await listAddressBooks(this.context.service);
    const flagged = books.findIndex((b) => b.is_default === true);
    const views = books.map((b, i) => ({
      id: b.id,
      name: b.name,
      phoneTypes: b.phone_types,
      isDefault: i === Math.max(0, flagged),
    }));
    await this.context.cache.put(account, booksSlot, BOOKS_KEY, views, this.context.clock.now());
    return views;
  }

  /** The address books (cached; the cache when offline). */
  async addressBooks(): Promise<AddressBookView[]> {
    const account = signedInAccount(this.context);
    return freshOrSaved(
      () => this.freshAddressBooks(),
      async () => (await this.context.cache.get(account, booksSlot, BOOKS_KEY))?.value ?? null,
    );
  }

  /** The contact's appointments (upcoming and past) and bookings; the saved copy when offline. */
  history(args: { phones: string[]; emails: string[] }): Promise<ContactHistory> {
    return contactHistory(this.context, args);
  }

  /** The next appointment (not yet ended) of each person. */
  nextAppointments(args: {
    people: { key: string; phones: string[]; emails: string[] }[];
  }): Promise<NextAppointment[]> {
    return nextAppointments(this.context, args);
  }

  // ── writes, all through the outbox: sent at once when online, kept and retried otherwise ──

  /** Queues a new contact (the outbox gives it its id as external_id, so a lost answer can be checked). */
  async create(input: ContactInput): Promise<OutboxItem> {
    const account = signedInAccount(this.context);
    const bookId = input.addressBookId ?? (await this.defaultBookId());
    const payload = createPayload(input, bookId, await countryOf(this.context, account));
    return this.context.outbox.enqueue('contact.create', payload);
  }

  /** A queued create not yet sent changes in place; otherwise a patch of only the changed fields is queued. */
  async update(target: ContactTarget, changes: ContactChanges): Promise<OutboxItem> {
    const outbox = this.context.outbox;
    const account = signedInAccount(this.context);
    const fields = fieldsPayload(changes, await countryOf(this.context, account));
    if (Object.keys(fields).length === 0) throw new OutboxInputError('Nothing was changed.');
    if (target.id === undefined && target.externalId) {
      const create = this.accountOps(account).find(
        (op) => op.kind === 'contact.create' && op.payload.external_id === target.externalId,
      );
      if (create && (create.status === 'queued' || create.status === 'needs_attention') && !create.ambiguous) {
        try {
          return await outbox.edit(create.id, mergeIntoCreate(create.payload, fields));
        } catch (error) {
          if (!(error instanceof OutboxInputError)) throw error; // being sent right now: queue a patch behind it
        }
      }
    }
    const payload = { ...refPayload(target), ...fields };
    return outbox.enqueue('contact.update', payload, { extraRecordKeys: extraKeys(target) });
  }

  /** Queues the deletion (a contact not yet on the service is deleted right after it is added, in order). */
  async delete(target: ContactTarget): Promise<OutboxItem> {
    signedInAccount(this.context);
    return this.context.outbox.enqueue('contact.delete', refPayload(target), { extraRecordKeys: extraKeys(target) });
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────

  /**
   * The account's contact changes in queue order, with the recently done (none while the outbox cannot be opened):
   * the outbox files its changes by kind, so a search walks the contact changes alone, however much else is queued.
   */
  private accountOps(account: string): OpView[] {
    try {
      return this.context.outbox.get().listFamily('contact', account);
    } catch (error) {
      if (error instanceof OutboxInputError) return [];
      throw error;
    }
  }

  private present(
    account: string,
    query: string,
    stored: StoredList,
    at: { fetchedAt: number; source: ContactList['source'] },
    meaning: SearchMeaning,
    country: CountryCode | null,
  ): ContactList {
    const items = overlay(stored.items, contactOps(this.accountOps(account), at.fetchedAt), meaning, country);
    return { query: tidyQuery(query), items, more: stored.more, ...at };
  }

  /**
   * Reads the whole address book (every page, up to ALL_LIMIT) and keeps it for searches without the service, with its
   * first contacts as the search for everyone keeps them (that search's pages are this read's first pages: not asked
   * for again beside it). Kept whole only: a read cut short by the network keeps the previous copy.
   */
  async saveAll(): Promise<void> {
    const { service, cache, clock } = this.context;
    const account = signedInAccount(this.context);
    const fetchedAt = clock.now();
    const known = await countryOf(this.context, account);
    const page = await listContacts(service, filterOf(meaningOf('', known), undefined), {
      pageSize: this.paging.pageSize ?? 100,
      limit: this.paging.allLimit ?? ALL_LIMIT,
    });
    const country = await learnCountryFrom(this.context, account, page.contacts, known);
    const items = page.contacts.map((c) => viewOf(c, country));
    cache.remember(account, searchSlot, ALL_KEY, { items, more: page.more }, fetchedAt);
    const limit = this.paging.limit ?? 200;
    const first = items.slice(0, limit);
    this.context.store.putContacts(first);
    const everyone = { items: first, more: page.more || items.length > limit };
    cache.remember(account, searchSlot, searchCacheKey(''), everyone, fetchedAt);
    (await this.indexOf(account)).add(items, fetchedAt);
    this.feed.changed(account);
  }

  /**
   * A part of the contacts kept here for the page's own index (`contacts:kept-list`), from `from` on; once asked, what
   * changes among them is told as `store:changed` (`keptContacts`).
   */
  async keptList(from: number): Promise<KeptChunk> {
    return this.feed.part(signedInAccount(this.context), from);
  }

  /** The kept contacts as the page is shown them: as `kept` presents its matches, the changes made here laid over. */
  private async keptNow(account: string): Promise<KeptNow> {
    const index = await this.indexOf(account);
    const country = await countryOf(this.context, account);
    const fetchedAt = index.fetchedAt;
    const ops = contactOps(this.accountOps(account), fetchedAt ?? this.context.clock.now());
    return { ...overlaid(index.contacts(), ops, { by: 'all' }, country), fetchedAt };
  }

  /**
   * Offline and never asked: the whole address book kept by the read-ahead, and the last first page of everyone
   * (newer contacts may be on it), narrowed down here. Each contact once, as the newer copy has it; as of the older.
   */
  private async narrowedFromList(
    account: string,
    args: ContactSearch,
    meaning: SearchMeaning,
  ): Promise<{ value: StoredList; fetchedAt: number } | null> {
    const [all, first] = await Promise.all([
      args.addressBookId == null ? this.context.cache.get(account, searchSlot, ALL_KEY) : null,
      this.context.cache.get(account, searchSlot, searchCacheKey('', args.addressBookId)),
    ]);
    const kept = [all, first].filter((hit) => hit !== null).sort((a, b) => b.fetchedAt - a.fetchedAt);
    if (kept.length === 0) return null;
    const lists = kept.map((hit) => hit.value.items);
    // Each contact once, as the newer copy has it; a name as name-match.ts finds it (folded once per kept list).
    const items =
      meaning.by === 'name'
        ? this.keptNames.extra(meaning, lists, [], { offline: true })
        : [...new Map([...lists].reverse().flatMap((l) => l.map((c) => [c.key, c] as const))).values()].filter((c) =>
            matches(meaning, c),
          );
    return {
      value: { items, more: kept.every((hit) => hit.value.more) },
      fetchedAt: kept.at(-1)!.fetchedAt,
    };
  }

  /**
   * The account's kept contacts as an index, made once: from the whole address book and the first page of everyone
   * kept by an earlier run, then fed by every answer (a search's, the read-ahead's).
   */
  private indexOf(account: string): Promise<ContactIndex> {
    const made = this.index;
    if (made) return made.then((index) => (index.account === account ? index : this.startIndex(account)));
    return this.startIndex(account);
  }

  private startIndex(account: string): Promise<ContactIndex> {
    const started = (async () => {
      const index = new ContactIndex(account);
      const hits = await Promise.all([
        this.context.cache.get(account, searchSlot, ALL_KEY),
        this.context.cache.get(account, searchSlot, searchCacheKey('')),
      ]);
      // Older first, so the newer copy of a contact on both is the one kept.
      for (const hit of hits.filter((h) => h !== null).sort((a, b) => a.fetchedAt - b.fetchedAt))
        index.add(hit.value.items, hit.fetchedAt);
      return index;
    })();
    this.index = started;
    return started;
  }

  /** A contact known only as a queued create (named by its outbox id), with later changes applied. */
  private unsyncedContact(account: string, externalId: string, country: CountryCode | null): ContactDetail | null {
    const ops = this.accountOps(account).filter((op) => op.status !== 'done');
    const create = ops.find((op) => op.kind === 'contact.create' && op.payload.external_id === externalId);
    if (!create) return null;
    const contact = overlay([], ops, { by: 'all' }, country).find((c) => c.externalId === externalId);
    return contact ? { contact, fetchedAt: create.updatedAt, source: 'cache' } : null;
  }

  /** Where a new contact goes when the form did not say: the default (else the first) address book. */
  private async defaultBookId(): Promise<number> {
    const books = await this.addressBooks().catch((error: unknown) => {
      if (!unreachable(error)) throw error;
      throw new OutboxInputError(
        'Frontdesk has not learned this account’s address books yet, so it cannot add a contact until the service answers. Please try again in a moment.',
      );
    });
    const book = books.find((b) => b.isDefault) ?? books[0];
    if (!book) throw new OutboxInputError('This account has no address book to add the contact to.');
    return book.id;
  }
}
