/**
 * Texts with patients, core's one face for them: the threads (most recent first, the contact's name when known, last
 * text, unread count), one thread's texts, replies and new threads through the outbox, read state kept on this
 * workstation, the practice's quick texts, and a poller that keeps the threads fresh while signed in. The parts live
 * beside it: thread-state (what is kept), thread-sync (reading the service, announcing new texts), message-poller
 * (when to read), text-sending (the outbox side) and thread-views (what the screens get).
 */
import type { OutboxItem, StartText, ThreadDetail, ThreadList } from '../../../common/contract';
import { listMessages, type ServiceConversation } from '../api/messages-api';
import { ServiceError } from '../api/service-error';
import { freshOrSaved } from '../cache/read-through';
import { SignedOutError } from '../auth/errors';
import { countryOf } from '../phone/country';
import type { CoreContext } from '../core-context';
import type { OpChange } from '../outbox';
import { MessagePoller, type PollTiming } from './message-poller';
import { readQuickTexts, writeQuickTexts } from './quick-texts';
import { e164, TextSender } from './text-sending';
import { atMs, ordered, ThreadStore, unreadTotal } from './thread-state';
import { ThreadSync } from './thread-sync';
import { messageView, threadSummary } from './thread-views';

/** The error the UI explains when a scope is missing (same as the service's 403). */
function missingScope(scope: string, endpoint: string): ServiceError {
  return new ServiceError('scope', endpoint, 'Frontdesk does not have permission for that.', {
    status: 403,
    requiredScope: scope,
  });
}

/** The messages side of core. */
export class MessagesService {
  private readonly store: ThreadStore;
  private readonly reader: ThreadSync;
  private readonly poller: MessagePoller;
  private readonly sender: TextSender;

  constructor(
    private readonly deps: CoreContext,
    timing: PollTiming = {},
  ) {
    this.store = new ThreadStore(deps);
    this.reader = new ThreadSync(deps, this.store, () => void this.tellThreads());
    this.poller = new MessagePoller({ ...deps, ...timing }, () => this.reader.sync());
    this.sender = new TextSender(deps);
    // Signed in (a new account, or more permissions): this account's texts are looked for at once. Signed out: the
    // last account's threads are forgotten.
    deps.session.on((event) => {
      if (event.type === 'signed_in') this.accountChanged();
      else if (event.type === 'signed_out') this.store.forgetOtherAccount();
    });
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────

  /** Threads, most recent first; optionally only an appointment's, a contact's or a phone's. */
  async threads(filter: { eventId?: number; contactId?: number; phone?: string } = {}): Promise<ThreadList> {
    this.requireScope('messaging:read', 'GET /v1/conversations');
    const st = await this.store.state();
    const source = await freshOrSaved<'service' | 'cache'>(
      async () => (await this.reader.sync(), 'service'),
      async () => (st.conversations.size === 0 ? null : 'cache'),
    );
    const phone = filter.phone === undefined ? undefined : await e164(this.deps, st.account, filter.phone);
    const country = await countryOf(this.deps, st.account);
    const threads = ordered(st)
      .map((c) => threadSummary(st, c, country, this.sender.pendingTexts(c.id).length))
      .filter(
        (t) =>
          (filter.eventId === undefined || t.eventId === filter.eventId) &&
          (filter.contactId === undefined || t.contactId === filter.contactId) &&
          (phone === undefined || t.phone === phone),
      );
    return { threads, unreadTotal: unreadTotal(st), fetchedAt: st.fetchedAt, source };
  }

  /** One thread's texts, oldest first, fresh from the service (the saved copy offline). */
  async thread(id: number): Promise<ThreadDetail> {
    this.requireScope('messaging:read', 'GET /v1/conversation_messages');
    const st = await this.store.state();
    const source = await freshOrSaved<'service' | 'cache'>(
      async () => {
        if (!st.conversations.has(id)) await this.reader.sync(true);
        const conversation = st.conversations.get(id);
        if (!conversation)
          throw new ServiceError('permanent', 'GET /v1/conversations', 'That conversation was not found.');
        const list = await listMessages(this.deps.service, id);
        st.texts.set(id, { stamp: st.texts.get(id)?.stamp ?? '', list });
        this.store.persist(st);
        return 'service';
      },
      async () => (st.texts.has(id) ? 'cache' : null),
    );
    const conversation = st.conversations.get(id) as ServiceConversation;
    const country = await countryOf(this.deps, st.account);
    const pending = this.sender.pendingTexts(id);
    return {
      thread: threadSummary(st, conversation, country, pending.length),
      messages: (st.texts.get(id)?.list ?? []).map(messageView),
      pending,
      fetchedAt: st.fetchedAt,
      source,
    };
  }

  /**
   * A thread's phone (as its summary tells it) from the threads already read (the poller has just read the thread a
   * text came in on): its texts are not read again for it. A thread not yet known is read as `thread` reads it.
   */
  async phoneOf(id: number): Promise<string | null> {
    const st = await this.store.state();
    const conversation = st.conversations.get(id);
    if (!conversation) return (await this.thread(id)).thread.phone || null;
    return conversation.phone || null;
  }

  /** Inbound texts unread over all threads. */
  async unread(): Promise<{ unreadTotal: number }> {
    return { unreadTotal: unreadTotal(await this.store.state()) };
  }

  /**
   * Texts sent to patients and their replies in [begin, end) (epoch ms), as the threads stand (fresh when it can), by
   * the appointment each thread is about (null: none).
   */
  async tally(begin: number, end: number): Promise<{ eventId: number | null; sent: number; replies: number }[]> {
    this.requireScope('messaging:read', 'GET /v1/conversations');
    const st = await this.store.state();
    await freshOrSaved(
      async () => this.reader.sync(),
      async () => undefined,
    );
    const byEvent = new Map<number | null, { eventId: number | null; sent: number; replies: number }>();
    for (const [id, { list }] of st.texts)
      for (const m of list) {
        const at = atMs(m.at);
        if (!(at >= begin && at < end)) continue;
        const eventId = st.conversations.get(id)?.event_id ?? null;
        const row = byEvent.get(eventId) ?? { eventId, sent: 0, replies: 0 };
        byEvent.set(eventId, row);
        if (m.direction === 'inbound') row.replies++;
        else row.sent++;
      }
    return [...byEvent.values()];
  }

  /** Marks a thread read up to its latest text. */
  async markRead(id: number): Promise<{ unreadTotal: number }> {
    const st = await this.store.state();
    const list = st.texts.get(id)?.list ?? [];
    // A thread without last_message_at (absent or null: an undocumented field) is marked by its texts alone.
    const latest = Math.max(
      ...[...list.map((m) => atMs(m.at)), atMs(st.conversations.get(id)?.last_message_at)].filter(Number.isFinite),
      st.readMarks.get(id) ?? -Infinity,
    );
    if (Number.isFinite(latest)) st.readMarks.set(id, latest);
    await this.store.saveReadMarks(st);
    this.reader.announceUnread(st);
    return { unreadTotal: unreadTotal(st) };
  }

  // ── told to the screens ─────────────────────────────────────────────────────────────────

  /**
   * A change of the outbox: a text's (queued, sent, refused) or a withdrawn one. The threads are told again as they
   * stand here; once a text is sent, the service is read first (a new thread exists there only).
   */
  outboxChanged(change: OpChange): void {
    if ('op' in change && !change.op.kind.startsWith('message.')) return;
    if ('op' in change && change.op.status === 'done')
      void this.reader.sync().then(
        () => this.tellThreads(),
        () => this.tellThreads(),
      );
    else void this.tellThreads();
  }

  /**
   * The thread list as it stands here, nothing read (each thread's summary, texts waiting to go counted), told as
   * `store:changed` (`threads`) so the Messages screen puts it in place instead of asking again.
   */
  private async tellThreads(): Promise<void> {
    const account = this.deps.account();
    if (!account) return;
    const st = await this.store.state().catch(() => null);
    if (!st?.loaded || st.account !== account || this.deps.account() !== account) return;
    const country = await countryOf(this.deps, st.account);
    const threads = ordered(st).map((c) => threadSummary(st, c, country, this.sender.pendingTexts(c.id).length));
    this.deps.events.emit('store:changed', {
      appointments: [],
      removedAppointments: [],
      bookings: [],
      threads: { threads, unreadTotal: unreadTotal(st) },
    });
  }

  // ── writes (through the outbox) ─────────────────────────────────────────────────────────

  /** A reply in a thread; the thread is read by the one who answered it. */
  async reply(threadId: number, text: string): Promise<OutboxItem> {
    this.requireScope('messaging:send', 'POST /v1/conversation_reply');
    const item = await this.sender.reply(await this.store.state(), threadId, text);
    await this.markRead(threadId);
    return item;
  }

  /** A new thread with a patient. */
  async startThread(args: StartText): Promise<OutboxItem> {
    this.requireScope('messaging:send', 'POST /v1/start_conversation');
    return this.sender.startThread(await this.store.state(), args);
  }

  // ── quick texts ─────────────────────────────────────────────────────────────────────────

  /** The practice's quick texts (the defaults until edited). */
  quickTexts(): string[] {
    return readQuickTexts(this.deps.settings);
  }

  /** Replaces the quick texts (trimmed; an empty list brings the defaults back). */
  setQuickTexts(texts: readonly string[]): string[] {
    return writeQuickTexts(this.deps.settings, texts);
  }

  // ── polling ─────────────────────────────────────────────────────────────────────────────

  /** Starts polling (while signed in) and follows the outbox: a text it sent shows in its thread at once. */
  startPolling(): void {
    this.poller.start();
  }

  /** Signed in, out or as another account: read that account's threads now (or stop asking). */
  private accountChanged(): void {
    this.store.forgetOtherAccount();
    this.poller.restart();
  }

  /** The service answers again: ask at once, and forget the failures' backoff. */
  online(): void {
    this.poller.restart();
  }

  /** Stops polling and waits for a poll under way. */
  async stop(): Promise<void> {
    this.poller.stop();
    await this.reader.settled();
  }

  /** The window is visible and in use, or hidden/idle (polls every minute then). */
  setVisible(visible: boolean): void {
    this.poller.setVisible(visible);
  }

  /** Asks the service now (coalesced). */
  pollSoon(): void {
    this.poller.pollSoon();
  }

  /** Resolves when a poll under way, or waiting for the screens' reads, has finished (tests). */
  async settled(): Promise<void> {
    await this.poller.begun();
    await this.reader.settled();
  }

  /** The wait before the next poll: the visible or hidden period, doubled per failure (capped). */
  nextDelay(): number {
    return this.poller.nextDelay();
  }

  private requireScope(scope: string, endpoint: string): void {
    if (!this.deps.account()) throw new SignedOutError();
    const scopes = this.deps.grantedScopes();
    if (scopes !== null && !scopes.includes(scope)) throw missingScope(scope, endpoint);
  }
}
