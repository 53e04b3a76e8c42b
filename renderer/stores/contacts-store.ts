/**
 * The Contacts screen's state: what was typed in the search box, the matches, and the New/Edit drafts. Drafts stay
 * here across screens until they are saved or cancelled, and are forgotten when another account signs in.
 */
import { create } from 'zustand';
import type {
  AddressBookView,
  ContactChanges,
  ContactInput,
  ContactList,
  ContactView,
  IpcError,
  OutboxItem,
  Result,
} from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import { query } from '../lib/query';
import { markContactsFirst } from '../lib/perf-marks';
import { onStoreChange } from '../lib/store-changes';
import type { StoreData } from '../lib/store-shape';
import { useKeptContactsStore } from './kept-contacts-store';
import { onAccountReset } from './session-reset';

/** A phone row of the form. */
export interface PhoneDraft {
  number: string;
  type: string;
}

/** An e-mail row of the form. */
export interface EmailDraft {
  address: string;
  type: string;
}

/** The fields of the New and Edit forms. */
export interface ContactForm {
  firstName: string;
  lastName: string;
  phones: PhoneDraft[];
  emails: EmailDraft[];
  addressBookId: number | null;
}

/** State and actions of the contacts store. */
export interface ContactsState {
  query: string;
  list: ContactList | null;
  loading: boolean;
  error: IpcError | null;
  books: AddressBookView[];
  booksError: IpcError | null;
  mode: 'list' | 'new' | 'edit';
  newDraft: ContactForm;
  edit: { original: ContactView; form: ContactForm } | null;
  saving: boolean;
  saveError: IpcError | null;
  /** The last change saved here and who it was about, followed through the outbox. */
  saved: SavedChange | null;
  type(query: string): void;
  load(): Promise<void>;
  loadBooks(): Promise<void>;
  startNew(): void;
  startEdit(contact: ContactView): void;
  refreshEdit(id: number): Promise<void>;
  updateDraft(patch: Partial<ContactForm>): void;
  cancel(): void;
  saveNew(input: ContactInput, name: string): Promise<void>;
  saveEdit(changes: ContactChanges): Promise<void>;
  remove(): Promise<void>;
  /** Forgets everything (another account signed in). */
  clear(): void;
}

/** A change saved from this screen. */
export interface SavedChange {
  item: OutboxItem;
  name: string;
}

/** An empty form: one blank phone and e-mail row. */
export const blankForm = (): ContactForm => ({
  firstName: '',
  lastName: '',
  phones: [{ number: '', type: '' }],
  emails: [{ address: '', type: '' }],
  addressBookId: null,
});

const primaryFirst = <T extends { primary: boolean }>(items: T[]) =>
  [...items].sort((a, b) => Number(b.primary) - Number(a.primary));

/** The Edit form's starting values (primary phone and e-mail first). */
export function fromContact(c: ContactView): ContactForm {
  const phones = primaryFirst(c.phones).map((p) => ({ number: p.display || p.number, type: p.type ?? '' }));
  const emails = primaryFirst(c.emails).map((e) => ({ address: e.address, type: e.type ?? '' }));
  return {
    firstName: c.firstName || (c.lastName ? '' : c.name),
    lastName: c.lastName,
    phones: phones.length ? phones : blankForm().phones,
    emails: emails.length ? emails : blankForm().emails,
    addressBookId: c.addressBookId,
  };
}

/** How long the typing must pause before the service is asked (the kept matches do not wait: they spare it). */
const SEARCH_DELAY_MS = 300;
/**
 * The search box's matches from the service: only the newest search may write its answer, and only while the box
 * still holds its words. Each search is its own call (asked again after a change, it must not share an older one).
 */
const searchRead = query(
  // `soonest`: the service's first page as soon as it is here; the rest follows as a store change (wireContactEvents).
  (args: { query: string }) => frontdesk.invoke['contacts:search']({ ...args, soonest: true }),
  { shareInFlight: false },
);
/**
 * How many kept matches a key brings: more than the list shows before it is scrolled (its rows are 64 px, at most
 * 560 px high). The service's answer, after the pause, brings the rest.
 */
const KEPT_FIRST = 50;
/** The matches among the contacts core keeps, asked at a key while the page's own copy is not here yet. */
const keptRead = query((args: { query: string }) => frontdesk.invoke['contacts:kept']({ ...args, first: KEPT_FIRST }));
/** Puts a search's fresh answer in place (a failure keeps the matches shown for the same words). */
function freshList(r: Result<ContactList>): void {
  const kept = useContactsStore.getState().list;
  const query = useContactsStore.getState().query;
  // A first page whose whole answer was told before it (the event overtook the reply) is not put back over it.
  if (r.ok && r.value.partial && kept && wholeOf(kept, r.value)) return useContactsStore.setState({ loading: false });
  useContactsStore.setState(
    r.ok
      ? // Still loading while only the first page is here: the rest comes as a store change (wireContactEvents).
        { loading: r.value.partial === true, list: r.value, error: null }
      : { loading: false, error: r.error, list: kept && same(kept.query, query) ? kept : null },
  );
}
/** `whole` is the whole answer of the search `first` is the first page of. */
const wholeOf = (whole: ContactList, first: ContactList) =>
  !whole.partial && whole.source === 'service' && whole.fetchedAt === first.fetchedAt && same(whole.query, first.query);
const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** How a contact is named to main. */
export function targetOf(c: ContactView) {
  return {
    ...(c.id !== null ? { id: c.id } : {}),
    ...(c.externalId ? { externalId: c.externalId } : {}),
    ...(c.addressBookId !== null ? { addressBookId: c.addressBookId } : {}),
  };
}

/** Nothing searched or typed (at start and for each account). */
export const getEmptyState = (): StoreData<ContactsState> => ({
  query: '',
  list: null,
  loading: false,
  error: null,
  books: [],
  booksError: null,
  mode: 'list',
  newDraft: blankForm(),
  edit: null,
  saving: false,
  saveError: null,
  saved: null,
});

/**
 * The kept matches for `query`, shown while its service answer is still to come (`loading`) and the box still holds
 * these words: never over a newer search's list nor over the service's answer, which refines them. Worked out here
 * from the page's copy when it is here (shown in the key's own render, no bridge call), else asked of core.
 */
async function showKept(query: string): Promise<void> {
  const first = useKeptContactsStore.getState().first(query, KEPT_FIRST);
  if (first !== undefined) {
    keptRead.cancel();
    if (first) {
      useContactsStore.setState({ list: first });
      markContactsFirst(first.query);
    }
    return;
  }
  const r = await keptRead.run({ query });
  const { loading, query: typed } = useContactsStore.getState();
  if (r?.ok && r.value && loading && same(typed, query)) useContactsStore.setState({ list: r.value });
}

/** One store for contacts. */
export const useContactsStore = create<ContactsState>()((set, get) => {
  /** The search waiting for the typing to pause. */
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  const afterSave = (
    r: { ok: true; value: OutboxItem } | { ok: false; error: IpcError },
    name: string,
    done: Partial<ContactsState>,
  ) => {
    if (!r.ok) return set({ saving: false, saveError: r.error });
    const asked = get().query;
    set({ saving: false, saveError: null, mode: 'list', saved: { item: r.value, name }, ...done });
    // The matches shown are told again by core (wireContactEvents); a new search only when the words changed.
    if (!same(get().query, asked) || !get().list) void get().load();
  };
  return {
    ...getEmptyState(),
    type(query) {
      // The pause is counted from the key: the timer starts before the kept matches are worked out.
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => void get().load(), SEARCH_DELAY_MS);
      set({ query, saved: null, loading: true });
      // Each key shows the kept matches at once; the service is asked when the typing pauses.
      void showKept(query);
    },
    async load() {
      clearTimeout(searchTimer);
      // The screen opened (or came back online): the page's copy of the kept contacts is asked for once.
      useKeptContactsStore.getState().want();
      const query = get().query;
      set({ loading: true });
      const shown = get().list;
      if (!shown || !same(shown.query, query)) void showKept(query);
      const r = await searchRead.run({ query });
      // Dropped when a newer search was asked or the words changed meanwhile (their own search follows the pause).
      if (r && same(get().query, query)) freshList(r);
    },
    async loadBooks() {
      const r = await frontdesk.invoke['contacts:address-books']();
      set(r.ok ? { books: r.value, booksError: null } : { booksError: r.error });
    },
    startNew: () => set({ mode: 'new', saveError: null, saved: null }),
    startEdit(contact) {
      set({ mode: 'edit', saveError: null, saved: null, edit: { original: contact, form: fromContact(contact) } });
      if (contact.id !== null) void get().refreshEdit(contact.id);
    },
    async refreshEdit(id) {
      const r = await frontdesk.invoke['contacts:get']({ id });
      const edit = get().edit;
      if (!r.ok || !edit || edit.original.id !== id) return;
      // Fresh values only while nothing was typed: what the user changed is compared with what they started from.
      const untouched = JSON.stringify(edit.form) === JSON.stringify(fromContact(edit.original));
      if (untouched) set({ edit: { original: r.value.contact, form: fromContact(r.value.contact) } });
      else if (r.value.contact.deleted) set({ edit: { ...edit, original: { ...edit.original, deleted: true } } });
    },
    updateDraft(patch) {
      const { mode, edit, newDraft } = get();
      if (mode === 'edit' && edit) set({ edit: { ...edit, form: { ...edit.form, ...patch } }, saveError: null });
      else set({ newDraft: { ...newDraft, ...patch }, saveError: null });
    },
    cancel() {
      const { mode } = get();
      set({ mode: 'list', saveError: null, ...(mode === 'edit' ? { edit: null } : { newDraft: blankForm() }) });
    },
    async saveNew(input, name) {
      set({ saving: true, saveError: null });
      afterSave(await frontdesk.invoke['contacts:create'](input), name, { newDraft: blankForm(), query: name });
    },
    async saveEdit(changes) {
      const edit = get().edit;
      if (!edit) return;
      set({ saving: true, saveError: null });
      afterSave(
        await frontdesk.invoke['contacts:update']({ ...targetOf(edit.original), changes }),
        edit.original.name,
        { edit: null },
      );
    },
    async remove() {
      const edit = get().edit;
      if (!edit) return;
      set({ saving: true, saveError: null });
      afterSave(await frontdesk.invoke['contacts:delete'](targetOf(edit.original)), edit.original.name, { edit: null });
    },
    clear() {
      clearTimeout(searchTimer);
      searchRead.cancel();
      keptRead.cancel();
      set(getEmptyState());
    },
  };
});

/**
 * Follows contact changes: the change saved here moves on in the outbox (its notice), and core tells the matches
 * shown again as they stand after each change (`store:changed`), so nothing is read again. Call once.
 */
export function wireContactEvents(): () => void {
  const offItem = onOutboxItem('contacts', (item) => {
    const { saved } = useContactsStore.getState();
    if (saved?.item.id === item.id) useContactsStore.setState({ saved: { ...saved, item } });
  });
  const offStore = onStoreChange(({ contacts }) => {
    const { list } = useContactsStore.getState();
    if (!contacts || !list || contacts.addressBookId !== null || !same(contacts.query, list.query)) return;
    const { addressBookId: _all, ...matches } = contacts;
    // The whole answer of a first page shown: the search is done.
    useContactsStore.setState(list.partial && !matches.partial ? { list: matches, loading: false } : { list: matches });
  });
  return () => {
    offItem();
    offStore();
  };
}

onAccountReset('contacts', () => useContactsStore.getState().clear());
