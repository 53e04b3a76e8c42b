/**
 * Reading the threads from the service: one read at a time, the first in full and later ones only what changed
 * (`updated_since`); the texts of changed threads and their contacts' names; then each new inbound text and the
 * unread total announced on the event bus.
 */
import type { InboundText } from '../../../common/contract';
import { listConversations, listMessages, type ServiceConversation, type ServiceMessage } from '../api/messages-api';
import { ServiceError } from '../api/service-error';
import { getContact, listContacts } from '../api/contacts-read-api';
import { countryOf } from '../phone/country';
import { displayPhone } from '../phone/phones';
import type { CoreContext } from '../core-context';
import { replyMeaning } from './reply-meaning';
import {
  atMs,
  hasMarker,
  lastAt,
  nameKey,
  nameOf,
  ordered,
  stampOf,
  unreadTotal,
  type AccountState,
  type ThreadStore,
} from './thread-state';

/** Texts of at most this many of the most recent threads are read (older ones show no last text). */
const THREADS_WITH_TEXTS = 300;
/** Requests at once when reading threads' texts or contacts' names. */
const PARALLEL = 6;

/** Runs `work` over `items`, `PARALLEL` at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

function contactName(c: { name?: string | null; first_name?: string | null; last_name?: string | null }): string {
  return (c.name ?? '').trim() || [c.first_name, c.last_name].filter(Boolean).join(' ').trim();
}

/** Brings the kept threads up to date with the service and announces what is new. */
export class ThreadSync {
  private syncing: Promise<void> | null = null;
  /** The read that follows the one under way, shared by every caller that asked meanwhile. */
  private next: { full: boolean; run: Promise<void> } | null = null;

  constructor(
    private readonly deps: CoreContext,
    private readonly store: ThreadStore,
    /** Told after a read found threads changed (the service's new texts, marks, threads). */
    private readonly changed: () => void = () => undefined,
  ) {}

  /**
   * One read from the service at a time; the first is a full read, later ones ask what changed. The read a caller
   * gets always begins after it asked: a read already under way may have taken its list of threads before a thread
   * the caller knows of (one just started, a text just sent) existed, so the caller waits for it and then for the
   * next one.
   */
  sync(full = false): Promise<void> {
    if (!this.syncing) return this.begin(full);
    if (this.next) {
      this.next.full ||= full;
      return this.next.run;
    }
    const next: { full: boolean; run: Promise<void> } = {
      full,
      run: this.syncing
        .catch(() => undefined)
        .then((): Promise<void> => {
          this.next = null;
          return this.sync(next.full);
        }),
    };
    this.next = next;
    return next.run;
  }

  private begin(full: boolean): Promise<void> {
    const run = (async () => {
      const st = await this.store.state();
      await this.read(st, full || !st.loaded);
    })().finally(() => {
      this.syncing = null;
    });
    this.syncing = run;
    return run;
  }

  /** Resolves when the reads under way or asked for have finished (whether they worked or not). */
  async settled(): Promise<void> {
    while (this.syncing || this.next) await (this.next?.run ?? this.syncing)?.catch(() => undefined);
  }

  /** Announces the unread total when it changed since last announced. */
  announceUnread(st: AccountState): void {
    const total = unreadTotal(st);
    if (total === st.lastUnread || this.deps.account() !== st.account) return;
    st.lastUnread = total;
    this.deps.events.emit('messages:unread', { unreadTotal: total });
  }

  private async read(st: AccountState, full: boolean): Promise<void> {
    const firstRead = !st.loaded && st.texts.size === 0;
    const now = this.deps.clock.now();
    const found = await listConversations(this.deps.service, full || !st.since ? {} : { updated_since: st.since });
    if (!this.store.isCurrent(st)) return;
    if (full) st.conversations = new Map();
    const changed: ServiceConversation[] = [];
    const unmarked: ServiceConversation[] = [];
    for (const c of found) {
      const before = st.texts.get(c.id);
      st.conversations.set(c.id, c);
      if (!before || before.stamp !== stampOf(c)) changed.push(c);
      else if (!hasMarker(c)) unmarked.push(c);
    }
    const recent = new Set(
      ordered(st)
        .slice(0, THREADS_WITH_TEXTS)
        .map((c) => c.id),
    );
    await inParallel(
      changed.filter((c) => recent.has(c.id)),
      async (c) => {
        const list = await listMessages(this.deps.service, c.id);
        st.texts.set(c.id, { stamp: stampOf(c), list });
      },
    );
    // A thread listed without any change marker (updated_at, last_message_at and message_count are undocumented and
    // may be absent): its texts are read again, and it changed when they did.
    await inParallel(
      unmarked.filter((c) => recent.has(c.id)),
      async (c) => {
        const before = st.texts.get(c.id)?.list ?? [];
        const list = await listMessages(this.deps.service, c.id);
        if (list.length === before.length && list.at(-1)?.id === before.at(-1)?.id) return;
        st.texts.set(c.id, { stamp: stampOf(c), list });
        changed.push(c);
      },
    );
    await this.resolveNames(st, changed);
    // The cursor: the latest change the service told, else the latest text read (never later than the change).
    for (const c of found) {
      const mark = c.updated_at ?? lastAt(st, c);
      if (mark && Number.isFinite(atMs(mark)) && (!st.since || atMs(mark) > atMs(st.since))) st.since = mark;
    }
    const wasLoaded = st.loaded;
    st.loaded = true;
    st.fetchedAt = now;
    if (changed.length > 0 || !wasLoaded) this.store.persist(st);
    const fresh: { c: ServiceConversation; m: ServiceMessage }[] = [];
    for (const c of changed) {
      for (const m of st.texts.get(c.id)?.list ?? []) {
        if (m.direction !== 'inbound' || st.seenInbound.has(m.id)) continue;
        st.seenInbound.add(m.id);
        if (!firstRead) fresh.push({ c, m });
      }
    }
    if (this.deps.account() !== st.account) return;
    fresh.sort((a, b) => atMs(a.m.at) - atMs(b.m.at));
    const country = await countryOf(this.deps, st.account);
    const total = unreadTotal(st);
    for (const { c, m } of fresh) {
      const event: InboundText = {
        threadId: c.id,
        name: nameOf(st, c),
        phoneDisplay: c.phone ? displayPhone(c.phone, c.phone, country) : c.email,
        text: m.content,
        at: m.at,
        meaning: replyMeaning(m.content),
        eventId: c.event_id ?? null,
        unreadTotal: total,
      };
      this.deps.events.emit('messages:inbound', event);
    }
    if (changed.length > 0 && !firstRead)
      this.deps.events.emit('messages:changed', { threadIds: changed.map((c) => c.id) });
    if (changed.length > 0) this.changed();
    this.announceUnread(st);
  }

  /** Looks up the contact's name of threads not looked up yet (by contact id, else phone); failures are ignored. */
  private async resolveNames(st: AccountState, threads: readonly ServiceConversation[]): Promise<void> {
    const scopes = this.deps.grantedScopes();
    if (scopes !== null && !scopes.includes('contacts:read')) return;
    const todo = [
      ...new Map(
        threads.flatMap((c) => {
          const key = nameKey(c);
          return key && !st.names.has(key) ? [[key, c] as const] : [];
        }),
      ).entries(),
    ].slice(0, 100);
    let refused = false;
    await inParallel(todo, async ([key, c]) => {
      if (refused) return;
      try {
        if (c.contact_id) {
          const contact = await getContact(this.deps.service, c.contact_id);
          st.names.set(key, contact.is_deleted ? '' : contactName(contact));
        } else {
          const { contacts } = await listContacts(
            this.deps.service,
            { phone_number: c.phone },
            { pageSize: 5, limit: 1 },
          );
          st.names.set(key, contacts[0] ? contactName(contacts[0]) : '');
        }
      } catch (error) {
        if (error instanceof ServiceError && (error.kind === 'scope' || error.kind === 'needs_auth')) refused = true;
        if (error instanceof ServiceError && error.kind === 'permanent') st.names.set(key, '');
      }
    });
  }
}
