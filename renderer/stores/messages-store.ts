/**
 * The patients' text threads: the list (most recent first), the open thread, what is being typed in each thread (kept
 * across screens until it is accepted), the unread total for the tab and the app's badge, and the quick texts.
 * New texts are pushed by main (`messages:*` events); the store reloads only what they name.
 */
import { create } from 'zustand';
import type { IpcError, OutboxItem, ReplyMeaning, StartText, ThreadDetail, ThreadList } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { query } from '../lib/query';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** State and actions of the messages store. */
export interface MessagesState {
  list: ThreadList | null;
  loading: boolean;
  error: IpcError | null;
  query: string;
  selectedId: number | null;
  detail: ThreadDetail | null;
  detailLoading: boolean;
  detailError: IpcError | null;
  /** What is typed in each thread's reply box, by thread id. */
  drafts: Record<number, string>;
  /** A problem with the last text sent from here (refused, not allowed), for the thread it was about. */
  sendError: { threadId: number | null; error: IpcError } | null;
  unreadTotal: number;
  /** What the latest reply about each appointment means (confirm, cancel), by appointment id, for the schedule. */
  meanings: Record<number, ReplyMeaning>;
  quickTexts: string[] | null;
  quickTextsError: IpcError | null;
  type(query: string): void;
  load(): Promise<void>;
  select(id: number | null): Promise<void>;
  reloadDetail(): Promise<void>;
  setDraft(threadId: number, text: string): void;
  reply(threadId: number, text: string): Promise<boolean>;
  start(input: StartText): Promise<{ ok: true; item: OutboxItem } | { ok: false; error: IpcError }>;
  markRead(id: number): Promise<void>;
  sendAnyway(opId: string): Promise<void>;
  discard(opId: string): Promise<void>;
  loadQuickTexts(): Promise<void>;
  saveQuickTexts(texts: string[]): Promise<IpcError | null>;
}

/** No threads read and nothing typed (at start and for each account). */
export const getEmptyState = (): StoreData<MessagesState> => ({
  list: null,
  loading: false,
  error: null,
  query: '',
  selectedId: null,
  detail: null,
  detailLoading: false,
  detailError: null,
  drafts: {},
  sendError: null,
  unreadTotal: 0,
  meanings: {},
  quickTexts: null,
  quickTextsError: null,
});

/**
 * Only the newest load of the list (or of a thread) may write its answer. Each load is its own call: the list and a
 * thread are read again because something changed (a text came, a reply was sent), so a call from before must not
 * answer for it.
 */
const listRead = query((_: void) => frontdesk.invoke['messages:threads']({}), { shareInFlight: false });
const threadRead = query((args: { id: number }) => frontdesk.invoke['messages:thread'](args), { shareInFlight: false });

/** One store for messages. */
export const useMessagesStore = create<MessagesState>()((set, get) => ({
  ...getEmptyState(),
  type: (query) => set({ query }),
  async load() {
    set({ loading: true });
    const r = await listRead.run();
    if (r === null) return;
    if (r.ok)
      set({
        list: r.value,
        loading: false,
        error: null,
        unreadTotal: r.value.unreadTotal,
        meanings: meaningsOf(r.value),
      });
    else set({ loading: false, error: r.error });
  },
  async select(id) {
    set({ selectedId: id, sendError: null, ...(id === get().detail?.thread.id ? {} : { detail: null }) });
    if (id !== null) await get().reloadDetail();
  },
  async reloadDetail() {
    const id = get().selectedId;
    if (id === null) return;
    set({ detailLoading: true });
    const r = await threadRead.run({ id });
    if (r === null || get().selectedId !== id) return;
    if (r.ok) set({ detail: r.value, detailLoading: false, detailError: null });
    else set({ detailLoading: false, detailError: r.error });
  },
  setDraft: (threadId, text) => set((s) => ({ drafts: { ...s.drafts, [threadId]: text } })),
  async reply(threadId, text) {
    const r = await frontdesk.invoke['messages:reply']({ threadId, text });
    if (!r.ok) {
      set({ sendError: { threadId, error: r.error } });
      return false;
    }
    set({ sendError: null });
    // The list is told by core once the reply is queued (store:changed `threads`).
    if (get().selectedId === threadId) void get().reloadDetail();
    return true;
  },
  async start(input) {
    const r = await frontdesk.invoke['messages:start'](input);
    if (!r.ok) return { ok: false, error: r.error };
    return { ok: true, item: r.value };
  },
  async markRead(id) {
    const r = await frontdesk.invoke['messages:mark-read']({ id });
    if (!r.ok) return;
    set((s) => ({
      unreadTotal: r.value.unreadTotal,
      list: s.list && {
        ...s.list,
        threads: s.list.threads.map((t) => (t.id === id && t.unread > 0 ? { ...t, unread: 0 } : t)),
      },
    }));
  },
  async sendAnyway(opId) {
    const r = await frontdesk.invoke['outbox:send-anyway']({ id: opId });
    if (!r.ok) set({ sendError: { threadId: get().selectedId, error: r.error } });
    void get().reloadDetail();
  },
  async discard(opId) {
    const r = await frontdesk.invoke['outbox:discard']({ id: opId });
    if (!r.ok) set({ sendError: { threadId: get().selectedId, error: r.error } });
    void get().reloadDetail();
  },
  async loadQuickTexts() {
    const r = await frontdesk.invoke['messages:quick-texts']();
    set(r.ok ? { quickTexts: r.value, quickTextsError: null } : { quickTextsError: r.error });
  },
  async saveQuickTexts(texts) {
    const r = await frontdesk.invoke['messages:set-quick-texts']({ texts });
    if (!r.ok) return r.error;
    set({ quickTexts: r.value, quickTextsError: null });
    return null;
  },
}));

/** The threads' confirm/cancel replies by appointment (the most recent thread of an appointment wins). */
export function meaningsOf(list: ThreadList): Record<number, ReplyMeaning> {
  const out: Record<number, ReplyMeaning> = {};
  for (const t of list.threads) if (t.eventId !== null && t.meaning && !(t.eventId in out)) out[t.eventId] = t.meaning;
  return out;
}

/** Forgets the account's threads and drafts (sign-out, account change). */
function resetMessages(): void {
  listRead.cancel();
  threadRead.cancel();
  useMessagesStore.setState(getEmptyState());
}

onAccountReset('messages', resetMessages);
