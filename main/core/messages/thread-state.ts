/**
 * The signed-in account's text threads as this workstation knows them: conversations, their texts, contacts' names
 * and read marks, kept in memory for one account at a time and in the encrypted read cache for offline use; and what
 * is drawn from them (unread counts, most recent first, a thread's name). The read marks (thread ids and times only)
 * are kept apart, in the account's notes (cache/account-notes.ts), so threads read or answered here stay read after a
 * sign-out and the same account's next sign-in.
 */
import { conversationSchema, messageSchema, type ServiceConversation, type ServiceMessage } from '../api/messages-api';
import { SignedOutError } from '../auth/errors';
import type { CoreContext } from '../core-context';
import { z } from 'zod';
import { cacheSlot } from '../cache/read-cache';

const STATE_KEY = 'messages:state';
export const READ_KEY = 'messages:read';
/** Read marks: [thread id, latest inbound text read]. */
export const readSlot = cacheSlot('read marks', z.array(z.tuple([z.number(), z.number()])));
/** The most read marks kept per account (the latest): a year of a busy desk's threads. */
const MARKS_KEPT = 5000;

/** A conversation's texts as last read. */
interface Texts {
  /** The conversation's change marker when its texts were read. */
  stamp: string;
  list: ServiceMessage[];
}

/** One account's view of its threads. */
export interface AccountState {
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
const stateSlot = cacheSlot(
  'the threads',
  z.object({
    conversations: z.array(conversationSchema),
    texts: z.array(z.tuple([z.number(), z.object({ stamp: z.string(), list: z.array(messageSchema) })])),
    names: z.array(z.tuple([z.string(), z.string()])),
    since: z.string().nullable(),
  }) satisfies z.ZodType<Snapshot>,
);

/** Epoch ms of a service time (NaN when absent). */
export const atMs = (at: string | null | undefined): number => (at ? Date.parse(at) : NaN);

/** A conversation's change marker: its texts are read again when it differs from the one they were read at. */
export const stampOf = (c: ServiceConversation): string =>
  `${c.updated_at ?? ''}|${c.last_message_at ?? ''}|${c.message_count ?? ''}`;

/** Whether the service told any change marker of the conversation (all three are undocumented, and may be absent). */
export const hasMarker = (c: ServiceConversation): boolean =>
  Boolean(c.updated_at || c.last_message_at || c.message_count !== null);

/** The key of a conversation's contact name: by contact id, else by phone (null when it has neither). */
export const nameKey = (c: ServiceConversation): string | null =>
  c.contact_id ? `c:${c.contact_id}` : c.phone ? `p:${c.phone}` : null;

/** Holds the signed-in account's threads (one account at a time) and keeps them in the read cache. */
export class ThreadStore {
  /** The loaded state; no caller sees a state before its saved copy has been read into it. */
  private st: AccountState | null = null;
  /** The saved copy being read, shared by every caller that asks meanwhile. */
  private loading: { account: string; done: Promise<AccountState> } | null = null;

  constructor(private readonly deps: Pick<CoreContext, 'account' | 'cache' | 'clock' | 'notes'>) {}

  /** Whether `st` is still the state kept (not dropped by a change of account meanwhile). */
  isCurrent(st: AccountState): boolean {
    return this.st === st;
  }

  /** Drops the previous account's threads (patients' names and texts are not kept in memory past its sign-in). */
  forgetOtherAccount(): void {
    const account = this.deps.account();
    if (this.st && this.st.account !== account) this.st = null;
    if (this.loading && this.loading.account !== account) this.loading = null;
  }

  /** The signed-in account's state (from the saved copy at first). */
  async state(): Promise<AccountState> {
    const account = this.deps.account();
    if (!account) throw new SignedOutError();
    if (this.st?.account === account) return this.st;
    if (this.loading?.account !== account) {
      const loading = { account, done: this.load(account) };
      this.loading = loading;
      // A failed read is not kept: the next caller tries again.
      loading.done.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
    }
    return this.loading.done;
  }

  /** Reads the account's saved threads and read marks; kept only if the account is still the one wanted. */
  private async load(account: string): Promise<AccountState> {
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
    const [saved, marks, earlier] = await Promise.all([
      this.deps.cache.get(account, stateSlot, STATE_KEY),
      this.deps.notes.get(account, readSlot, READ_KEY),
      // Where earlier versions kept them (gone at sign-out): still read until the notes have them.
      this.deps.cache.get(account, readSlot, READ_KEY),
    ]);
    for (const [id, at] of [...(earlier?.value ?? []), ...(marks ?? [])])
      st.readMarks.set(id, Math.max(at, st.readMarks.get(id) ?? -Infinity));
    if (saved) {
      st.conversations = new Map(saved.value.conversations.map((c) => [c.id, c]));
      st.texts = new Map(saved.value.texts);
      st.names = new Map(saved.value.names);
      st.fetchedAt = saved.fetchedAt;
      // The saved copy's texts were seen by an earlier run: only texts after it are announced.
      for (const [, t] of st.texts) for (const m of t.list) if (m.direction === 'inbound') st.seenInbound.add(m.id);
    }
    if (this.loading?.account === account && this.deps.account() === account) {
      this.st = st;
      this.loading = null;
    }
    return st;
  }

  /** Keeps the threads for offline use (in memory at once, on disk when written). */
  persist(st: AccountState): void {
    const snapshot: Snapshot = {
      conversations: [...st.conversations.values()],
      texts: [...st.texts],
      names: [...st.names],
      since: st.since,
    };
    this.deps.cache.remember(st.account, stateSlot, STATE_KEY, snapshot, st.fetchedAt);
  }

  /** Keeps the read marks on this workstation, past sign-out (the latest MARKS_KEPT). */
  async saveReadMarks(st: AccountState): Promise<void> {
    const marks = [...st.readMarks].sort((a, b) => b[1] - a[1]).slice(0, MARKS_KEPT);
    await this.deps.notes.put(st.account, readSlot, READ_KEY, marks, this.deps.clock.now());
  }
}

/** Inbound texts of a thread newer than its read mark. */
export function unreadOf(st: AccountState, id: number): number {
  const mark = st.readMarks.get(id) ?? -Infinity;
  return (st.texts.get(id)?.list ?? []).filter((m) => m.direction === 'inbound' && atMs(m.at) > mark).length;
}

/** Inbound texts unread over all threads. */
export function unreadTotal(st: AccountState): number {
  let total = 0;
  for (const id of st.conversations.keys()) total += unreadOf(st, id);
  return total;
}

/** When a thread's last text was (else when it last changed). */
export function lastAt(st: AccountState, c: ServiceConversation): string | null {
  return st.texts.get(c.id)?.list.at(-1)?.at ?? c.last_message_at ?? c.updated_at ?? null;
}

/** Most recent first (by last text, then id). */
export function ordered(st: AccountState): ServiceConversation[] {
  const key = (c: ServiceConversation) => atMs(lastAt(st, c)) || 0;
  return [...st.conversations.values()].sort((a, b) => key(b) - key(a) || b.id - a.id);
}

/** The thread's contact name when known, else the name the service gave it. */
export function nameOf(st: AccountState, c: ServiceConversation): string {
  const key = nameKey(c);
  return (key ? st.names.get(key) : '') || c.name.trim();
}
