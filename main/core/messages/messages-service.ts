/**
 * Texts with patients: the threads (most recent first, the contact's name when known, last text, unread count), one
 * thread's texts, replies and new threads through the outbox, read state kept on this workstation (in the encrypted
 * read cache), the practice's quick texts (settings), and a poller that asks the service what changed
 * (`updated_since`) while signed in — less often while the window is hidden, backing off while offline or failing —
 * and announces each new inbound text.
 */
import { z } from 'zod';
import {
  DEFAULT_QUICK_TEXTS,
  type InboundText,
  type MessageView,
  type OutboxItem,
  type PendingText,
  type StartText,
  type ThreadDetail,
  type ThreadList,
  type ThreadSummary,
} from '../../../preload/contract';
import { SignedOutError } from '../auth/errors';
import { listConversations, listMessages, type ServiceConversation, type ServiceMessage } from '../api/messages-api';
import { ServiceError } from '../api/service-error';
import { toItem } from '../outbox/outbox-items';
import { listContacts, getContact } from '../contacts/contacts-read-api';
import { countryOf } from '../contacts/contacts-service';
import type { CoreContext } from '../core-context';
import { displayPhone, toE164 } from '../contacts/phones';
import type { EventBus } from '../events';
import { backoffCeiling } from '../outbox/backoff';
import { TEXT_HOLD_MS } from '../outbox/kinds/messages';
import type { OpView } from '../outbox';
import type { KeyValueStore } from '../platform';
import { replyMeaning } from './reply-meaning';

/** What the messages service needs. */
export interface MessagesDeps extends CoreContext {
  events: EventBus;
  settings: KeyValueStore;
  /** Scopes of the sign-in, or null when not known (then the service decides). */
  grantedScopes(): readonly string[] | null;
  isOnline(): boolean;
  /** Poll every `pollMs` while visible (default 15 s), `hiddenPollMs` while hidden or idle (default 60 s). */
  pollMs?: number;
  hiddenPollMs?: number;
}

const STATE_KEY = 'messages:state';
const READ_KEY = 'messages:read';
const QUICK_KEY = 'messages:quick-texts';
/** Texts of at most this many of the most recent threads are read (older ones show no last text). */
const THREADS_WITH_TEXTS = 300;
/** Requests at once when reading threads' texts or contacts' names. */
const PARALLEL = 6;
/** Longest wait between polls after failures. */
const MAX_POLL_MS = 5 * 60_000;

interface Texts {
  /** The conversation's change marker when its texts were read. */
  stamp: string;
  list: ServiceMessage[];
}

/** One account's view of its threads. */
interface AccountState {
  account: string;
  conversations: Map<number, ServiceConversation>;
  texts: Map<number, Texts>;
  /** Thread → epoch ms of the latest text the user has read. */
  readMarks: Map<number, number>;
  /** `c:<contact id>` or `p:<phone>` → the contact's name ('' when none matched). */
  names: Map<string, string>;
  /** Inbound texts already announced (or present at the first read). */
  seenInbound: Set<number>;
  /** The service's latest `updated_at` seen: the next `updated_since`. */
  since: string | null;
  /** Threads were read from the service at least once since start. */
  loaded: boolean;
  fetchedAt: number;
  lastUnread: number | null;
}

/** What is cached for offline. */
interface Snapshot {
  conversations: ServiceConversation[];
  texts: [number, Texts][];
  names: [string, string][];
  since: string | null;
}

const quickTextsSchema = z.array(z.string().min(1).max(1600)).max(20);
const atMs = (at: string | null | undefined) => (at ? Date.parse(at) : NaN);
const stampOf = (c: ServiceConversation) => `${c.updated_at ?? ''}|${c.last_message_at ?? ''}|${c.message_count ?? ''}`;
const nameKey = (c: ServiceConversation) => (c.contact_id ? `c:${c.contact_id}` : c.phone ? `p:${c.phone}` : null);

/** Runs `work` over `items`, `PARALLEL` at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

/** The error the UI explains when a scope is missing (same as the service's 403). */
function missingScope(scope: string, endpoint: string): ServiceError {
  return new ServiceError('scope', endpoint, 'Frontdesk does not have permission for that.', {
    status: 403,
    requiredScope: scope,
  });
}

/** Delivery status in plain words. */
function deliveryWords(m: ServiceMessage): string {
  if (m.direction === 'inbound') return 'Received';
  const s = (m.status ?? '').toLowerCase();
  if (/fail|undeliver|reject|bounce/.test(s)) return 'Not delivered';
  if (/deliver/.test(s)) return 'Delivered';
  return 'Sent';
}

/** The messages side of core. */
export class MessagesService {
  private st: AccountState | null = null;
  private syncing: Promise<void> | null = null;
  private timer: (() => void) | null = null;
  private failures = 0;
  private visible = true;
  private running = false;
  private detach: (() => void) | null = null;

  constructor(private readonly deps: MessagesDeps) {}

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  /** Threads, most recent first; optionally only an appointment's, a contact's or a phone's. */
  async threads(filter: { eventId?: number; contactId?: number; phone?: string } = {}): Promise<ThreadList> {
    this.requireScope('messaging:read', 'GET /v1/conversations');
    const st = await this.state();
    let source: 'service' | 'cache' = 'service';
    try {
      await this.sync();
    } catch (error) {
      if (!(error instanceof ServiceError && error.kind === 'retryable') || st.conversations.size === 0) throw error;
      source = 'cache';
    }
    const phone = filter.phone === undefined ? undefined : await this.e164(st, filter.phone);
    const country = await countryOf(this.deps, st.account);
    const threads = this.summaries(st, country).filter(
      (t) =>
        (filter.eventId === undefined || t.eventId === filter.eventId) &&
        (filter.contactId === undefined || t.contactId === filter.contactId) &&
        (phone === undefined || t.phone === phone),
    );
    return { threads, unreadTotal: this.unreadTotal(st), fetchedAt: st.fetchedAt, source };
  }

  /** One thread's texts, oldest first, fresh from the service (the saved copy offline). */
  async thread(id: number): Promise<ThreadDetail> {
    this.requireScope('messaging:read', 'GET /v1/conversation_messages');
    const st = await this.state();
    let source: 'service' | 'cache' = 'service';
    try {
      if (!st.conversations.has(id)) await this.sync(true);
      const conversation = st.conversations.get(id);
      if (!conversation)
        throw new ServiceError('permanent', 'GET /v1/conversations', 'That conversation was not found.');
      const list = await listMessages(this.deps.service, id);
      st.texts.set(id, { stamp: st.texts.get(id)?.stamp ?? '', list });
      this.persist(st);
    } catch (error) {
      if (!(error instanceof ServiceError && error.kind === 'retryable') || !st.texts.has(id)) throw error;
      source = 'cache';
    }
    const conversation = st.conversations.get(id) as ServiceConversation;
    const country = await countryOf(this.deps, st.account);
    return {
      thread: this.summary(st, conversation, country),
      messages: (st.texts.get(id)?.list ?? []).map((m) => this.view(m)),
      pending: this.pendingTexts(id),
      fetchedAt: st.fetchedAt,
      source,
    };
  }

  /** Inbound texts unread over all threads. */
  async unread(): Promise<{ unreadTotal: number }> {
    return { unreadTotal: this.unreadTotal(await this.state()) };
  }

  /** Marks a thread read up to its latest text. */
  async markRead(id: number): Promise<{ unreadTotal: number }> {
    const st = await this.state();
    const list = st.texts.get(id)?.list ?? [];
    const latest = Math.max(
      ...list.map((m) => atMs(m.at)).filter(Number.isFinite),
      atMs(st.conversations.get(id)?.last_message_at),
      st.readMarks.get(id) ?? -Infinity,
    );
    if (Number.isFinite(latest)) st.readMarks.set(id, latest);
    await this.deps.cache.put(st.account, READ_KEY, [...st.readMarks], this.deps.clock.now());
    this.announceUnread(st);
    return { unreadTotal: this.unreadTotal(st) };
  }

  // ── writes (through the outbox) ─────────────────────────────────────────────────────────

  /** A reply in a thread. */
  async reply(threadId: number, text: string): Promise<OutboxItem> {
    this.requireScope('messaging:send', 'POST /v1/conversation_reply');
    const st = await this.state();
    const c = st.conversations.get(threadId);
    const who = c ? this.nameOf(st, c) : '';
    const latest = st.texts.get(threadId)?.list.at(-1)?.id;
    const op = await this.deps.outbox.get().enqueue('message.reply', {
      conversation_id: threadId,
      content: text,
      ...(latest !== undefined ? { after_message_id: latest } : {}),
      ...(who ? { who } : {}),
    });
    return toItem(op);
  }

  /** A new thread with a patient. */
  async startThread(args: StartText): Promise<OutboxItem> {
    this.requireScope('messaging:send', 'POST /v1/start_conversation');
    const st = await this.state();
    const name = args.name?.trim() ?? '';
    const payload = {
      ...(args.phone !== undefined ? { phone_number: await this.e164(st, args.phone) } : {}),
      ...(args.contactId !== undefined ? { contact_id: args.contactId } : {}),
      ...(name ? { name, who: name } : {}),
      ...(args.eventId !== undefined ? { event_id: args.eventId } : {}),
      content: args.text,
    };
    return toItem(await this.deps.outbox.get().enqueue('message.start', payload));
  }

  // ── quick texts ─────────────────────────────────────────────────────────────────────────

  /** The practice's quick texts (the defaults until edited). */
  quickTexts(): string[] {
    const stored = quickTextsSchema.safeParse(this.deps.settings.get(QUICK_KEY));
    return stored.success ? stored.data : [...DEFAULT_QUICK_TEXTS];
  }

  /** Replaces the quick texts (trimmed; an empty list brings the defaults back). */
  setQuickTexts(texts: readonly string[]): string[] {
    const clean = texts.map((t) => t.trim()).filter(Boolean);
    if (clean.length === 0) this.deps.settings.delete(QUICK_KEY);
    else this.deps.settings.set(QUICK_KEY, clean);
    return this.quickTexts();
  }

  // ── polling ─────────────────────────────────────────────────────────────────────────────

  /** Starts polling (while signed in) and follows the outbox: a text it sent shows in its thread at once. */
  startPolling(): void {
    this.running = true;
    try {
      this.detach = this.deps.outbox.get().onChange((event) => {
        if (event.type === 'op' && event.op.kind.startsWith('message.') && event.op.status === 'done') this.pollSoon();
      });
    } catch {
      // The outbox could not be opened (its own notice says so); threads are still read.
    }
    this.pollSoon();
  }

  /** Signed in, out or as another account: read that account's threads now (or stop asking). */
  accountChanged(): void {
    // The previous account's threads (patients' names and texts) are not kept in memory past its sign-in.
    if (this.st && this.st.account !== this.deps.account()) this.st = null;
    this.failures = 0;
    this.pollSoon();
  }

  /** The service answers again: ask at once, and forget the failures' backoff. */
  online(): void {
    this.failures = 0;
    this.pollSoon();
  }

  /** Stops polling and waits for a poll under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.detach?.();
    this.detach = null;
    this.timer?.();
    this.timer = null;
    await this.syncing?.catch(() => undefined);
  }

  /** The window is visible and in use, or hidden/idle (polls every minute then). */
  setVisible(visible: boolean): void {
    const was = this.visible;
    this.visible = visible;
    if (visible && !was) this.pollSoon();
    else this.arm();
  }

  /** Asks the service now (coalesced). */
  pollSoon(): void {
    if (!this.running) return;
    this.timer?.();
    this.timer = this.deps.clock.setTimeout(() => void this.tick(), 0);
  }

  /** Resolves when a poll under way has finished (tests). */
  async settled(): Promise<void> {
    await this.syncing?.catch(() => undefined);
  }

  /** The wait before the next poll: the visible or hidden period, doubled per failure (capped). */
  nextDelay(): number {
    const base = this.visible ? (this.deps.pollMs ?? 15_000) : (this.deps.hiddenPollMs ?? 60_000);
    return this.failures === 0 ? base : backoffCeiling(this.failures + 1, { baseMs: base, capMs: MAX_POLL_MS });
  }

  private arm(): void {
    if (!this.running) return;
    this.timer?.();
    this.timer = this.deps.clock.setTimeout(() => void this.tick(), this.nextDelay());
  }

  private async tick(): Promise<void> {
    this.timer = null;
    const scopes = this.deps.grantedScopes();
    if (this.deps.account() && (scopes === null || scopes.includes('messaging:read'))) {
      if (!this.deps.isOnline()) this.failures++;
      else {
        try {
          await this.sync();
          this.failures = 0;
        } catch {
          this.failures++;
        }
      }
    }
    this.arm();
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────

  private requireScope(scope: string, endpoint: string): void {
    if (!this.deps.account()) throw new SignedOutError();
    const scopes = this.deps.grantedScopes();
    if (scopes !== null && !scopes.includes(scope)) throw missingScope(scope, endpoint);
  }

  /** The signed-in account's state (from the saved copy at first). */
  private async state(): Promise<AccountState> {
    const account = this.deps.account();
    if (!account) throw new SignedOutError();
    if (this.st?.account === account) return this.st;
    const st: AccountState = {
      account,
      conversations: new Map(),
      texts: new Map(),
      readMarks: new Map(),
      names: new Map(),
      seenInbound: new Set(),
      since: null,
      loaded: false,
      fetchedAt: 0,
      lastUnread: null,
    };
    this.st = st;
    const [saved, marks] = await Promise.all([
      this.deps.cache.get<Snapshot>(account, STATE_KEY),
      this.deps.cache.get<[number, number][]>(account, READ_KEY),
    ]);
    if (marks) st.readMarks = new Map(marks.value);
    if (saved) {
      st.conversations = new Map(saved.value.conversations.map((c) => [c.id, c]));
      st.texts = new Map(saved.value.texts);
      st.names = new Map(saved.value.names);
      st.fetchedAt = saved.fetchedAt;
      // The saved copy's texts were seen by an earlier run: only texts after it are announced.
      for (const [, t] of st.texts) for (const m of t.list) if (m.direction === 'inbound') st.seenInbound.add(m.id);
    }
    return st;
  }

  /** One read from the service at a time; the first is a full read, later ones ask what changed. */
  private sync(full = false): Promise<void> {
    if (this.syncing) return this.syncing;
    const run = (async () => {
      const st = await this.state();
      await this.read(st, full || !st.loaded);
    })().finally(() => {
      this.syncing = null;
    });
    this.syncing = run;
    return run;
  }

  private async read(st: AccountState, full: boolean): Promise<void> {
    const firstRead = !st.loaded && st.texts.size === 0;
    const now = this.deps.clock.now();
    const found = await listConversations(this.deps.service, full || !st.since ? {} : { updated_since: st.since });
    if (this.st !== st) return;
    if (full) st.conversations = new Map();
    const changed: ServiceConversation[] = [];
    for (const c of found) {
      const before = st.texts.get(c.id);
      st.conversations.set(c.id, c);
      if (!before || before.stamp !== stampOf(c)) changed.push(c);
    }
    const recent = new Set(
      this.ordered(st)
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
    await this.resolveNames(st, changed);
    for (const c of found) {
      if (c.updated_at && (!st.since || atMs(c.updated_at) > atMs(st.since))) st.since = c.updated_at;
    }
    const wasLoaded = st.loaded;
    st.loaded = true;
    st.fetchedAt = now;
    if (changed.length > 0 || !wasLoaded) this.persist(st);
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
    const unreadTotal = this.unreadTotal(st);
    for (const { c, m } of fresh) {
      const event: InboundText = {
        threadId: c.id,
        name: this.nameOf(st, c),
        phoneDisplay: c.phone ? displayPhone(c.phone, c.phone, country) : c.email,
        text: m.content,
        at: m.at,
        meaning: replyMeaning(m.content),
        eventId: c.event_id ?? null,
        unreadTotal,
      };
      this.deps.events.emit('messages:inbound', event);
    }
    if (changed.length > 0 && !firstRead)
      this.deps.events.emit('messages:changed', { threadIds: changed.map((c) => c.id) });
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

  private persist(st: AccountState): void {
    const snapshot: Snapshot = {
      conversations: [...st.conversations.values()],
      texts: [...st.texts],
      names: [...st.names],
      since: st.since,
    };
    this.deps.cache.remember(st.account, STATE_KEY, snapshot, st.fetchedAt);
  }

  private announceUnread(st: AccountState): void {
    const total = this.unreadTotal(st);
    if (total === st.lastUnread || this.deps.account() !== st.account) return;
    st.lastUnread = total;
    this.deps.events.emit('messages:unread', { unreadTotal: total });
  }

  private unreadOf(st: AccountState, id: number): number {
    const mark = st.readMarks.get(id) ?? -Infinity;
    return (st.texts.get(id)?.list ?? []).filter((m) => m.direction === 'inbound' && atMs(m.at) > mark).length;
  }

  private unreadTotal(st: AccountState): number {
    let total = 0;
    for (const id of st.conversations.keys()) total += this.unreadOf(st, id);
    return total;
  }

  private lastAt(st: AccountState, c: ServiceConversation): string | null {
    return st.texts.get(c.id)?.list.at(-1)?.at ?? c.last_message_at ?? c.updated_at ?? null;
  }

  /** Most recent first (by last text, then id). */
  private ordered(st: AccountState): ServiceConversation[] {
    const key = (c: ServiceConversation) => atMs(this.lastAt(st, c)) || 0;
    return [...st.conversations.values()].sort((a, b) => key(b) - key(a) || b.id - a.id);
  }

  private nameOf(st: AccountState, c: ServiceConversation): string {
    const key = nameKey(c);
    return (key ? st.names.get(key) : '') || c.name.trim();
  }

  private summaries(st: AccountState, country: Parameters<typeof displayPhone>[2]): ThreadSummary[] {
    return this.ordered(st).map((c) => this.summary(st, c, country));
  }

  private summary(
    st: AccountState,
    c: ServiceConversation,
    country: Parameters<typeof displayPhone>[2],
  ): ThreadSummary {
    const list = st.texts.get(c.id)?.list ?? [];
    const last = list.at(-1);
    const lastIn = [...list].reverse().find((m) => m.direction === 'inbound');
    return {
      id: c.id,
      channel: c.channel,
      name: this.nameOf(st, c),
      phone: c.phone,
      phoneDisplay: c.phone ? displayPhone(c.phone, c.phone, country) : '',
      email: c.email,
      contactId: c.contact_id ?? null,
      eventId: c.event_id ?? null,
      lastMessage: last
        ? { text: last.content, at: last.at, direction: last.direction === 'inbound' ? 'in' : 'out' }
        : null,
      lastAt: this.lastAt(st, c),
      unread: this.unreadOf(st, c.id),
      meaning: lastIn ? replyMeaning(lastIn.content) : null,
      pending: this.pendingTexts(c.id).length,
    };
  }

  private view(m: ServiceMessage): MessageView {
    const inbound = m.direction === 'inbound';
    return {
      id: m.id,
      direction: inbound ? 'in' : 'out',
      text: m.content,
      at: m.at,
      status: deliveryWords(m),
      meaning: inbound ? replyMeaning(m.content) : null,
    };
  }

  /** Replies written here for this thread that the service has not taken yet, oldest first. */
  private pendingTexts(threadId: number): PendingText[] {
    let ops: readonly OpView[];
    try {
      ops = this.deps.outbox.get().pending();
    } catch {
      return [];
    }
    const now = this.deps.clock.now();
    return ops
      .filter((op) => op.kind === 'message.reply' && op.payload.conversation_id === threadId)
      .map((op) => {
        const approved = typeof op.payload.send_anyway_at === 'number' ? op.payload.send_anyway_at : op.createdAt;
        const held = op.lastError?.kind === 'held' || (op.status === 'queued' && now - approved > TEXT_HOLD_MS);
        const state: PendingText['state'] = held
          ? 'held'
          : op.status === 'needs_attention'
            ? 'failed'
            : op.status === 'sending'
              ? 'sending'
              : 'waiting';
        return {
          opId: op.id,
          text: typeof op.payload.content === 'string' ? op.payload.content : '',
          createdAt: op.createdAt,
          state,
          error: op.lastError?.message ?? null,
        };
      });
  }

  private async e164(st: AccountState, phone: string): Promise<string> {
    return toE164(phone, await countryOf(this.deps, st.account)) ?? phone.trim();
  }
}

function contactName(c: { name?: string | null; first_name?: string | null; last_name?: string | null }): string {
  return (c.name ?? '').trim() || [c.first_name, c.last_name].filter(Boolean).join(' ').trim();
}
