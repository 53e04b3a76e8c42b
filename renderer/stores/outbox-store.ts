/**
 * Queued changes of the signed-in account, their counts, and work held for other sign-ins. Item events from main are
 * applied in O(1): the items live in a Map (arrival order) that is changed in place, and `version` tells readers that
 * it changed. Only what the Outbox screen can show is kept: finished changes beyond the most recent few are dropped.
 */
import { create } from 'zustand';
import type { IpcError, OutboxItem, OutboxSummary } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { onOutboxItem } from '../lib/outbox-items';
import type { StoreData } from '../lib/store-shape';
import { onAccountReset } from './session-reset';

/** How many finished changes the screen keeps showing (the rest are confirmed by the service and need nothing). */
export const DONE_KEPT = 50;

/** State and actions of the outbox store. */
export interface OutboxState {
  summary: OutboxSummary;
  /** Items by id, oldest arrival first. Read it only together with `version`. */
  items: Map<string, OutboxItem>;
  /** Bumped on every change of `items`. */
  version: number;
  /** Not shown: ids of finished items in the order they finished, so the oldest can be dropped in O(1). */
  doneOrder: Set<string>;
  error: IpcError | null;
  load(): Promise<void>;
  /** Reads the counts and notices only (signed out too: the sign-in screen and the status bar tell them). */
  loadSummary(): Promise<void>;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  retryNow(): Promise<void>;
  discardHeld(account: string): Promise<void>;
  acknowledgeKeptAside(): Promise<void>;
  /** The outbox is locked: set its old changes aside and start a new, empty one (the user's explicit choice). */
  startAfresh(): Promise<void>;
}

const empty: OutboxSummary = { queued: 0, needsAttention: 0, held: [], keptAside: null };

/** The outbox store's data before the first read. */
export const getEmptyState = (): StoreData<OutboxState> => ({
  summary: empty,
  items: new Map(),
  version: 0,
  doneOrder: new Set(),
  error: null,
});

/** One store for the outbox. */
export const useOutboxStore = create<OutboxState>()((set, get) => {
  const summaryFrom = (r: { ok: true; value: OutboxSummary } | { ok: false; error: IpcError }) =>
    set(r.ok ? { summary: r.value, error: null } : { error: r.error });
  return {
    ...getEmptyState(),
    async load() {
      const [summary, items] = await Promise.all([
        frontdesk.invoke['outbox:summary'](),
        frontdesk.invoke['outbox:list'](),
      ]);
      if (summary.ok) set({ summary: summary.value });
      if (!items.ok) {
        resetOutboxItems();
        set({ error: items.error.code === 'signed_out' ? null : items.error });
        return;
      }
      resetOutboxItems();
      // The list comes newest first; the Map keeps arrival order (oldest first).
      for (let i = items.value.length - 1; i >= 0; i--) putItem(items.value[i]!);
      set({ error: null, version: get().version + 1 });
    },
    async loadSummary() {
      const summary = await frontdesk.invoke['outbox:summary']();
      if (summary.ok) set({ summary: summary.value });
    },
    async retry(id) {
      const r = await frontdesk.invoke['outbox:retry']({ id });
      if (!r.ok) set({ error: r.error });
    },
    async discard(id) {
      const r = await frontdesk.invoke['outbox:discard']({ id });
      summaryFrom(r);
      if (r.ok && get().items.delete(id)) {
        get().doneOrder.delete(id);
        set({ version: get().version + 1 });
      }
    },
    retryNow: async () => summaryFrom(await frontdesk.invoke['outbox:retry-now']()),
    discardHeld: async (account) => summaryFrom(await frontdesk.invoke['outbox:discard-held']({ account })),
    acknowledgeKeptAside: async () => summaryFrom(await frontdesk.invoke['outbox:acknowledge-kept-aside']()),
    startAfresh: async () => summaryFrom(await frontdesk.invoke['outbox:start-afresh']()),
  };
});

/** Adds or replaces one item in place; drops the oldest finished ones past DONE_KEPT. */
function putItem(item: OutboxItem): void {
  const { items, doneOrder } = useOutboxStore.getState();
  items.set(item.id, item);
  if (item.status !== 'done') {
    doneOrder.delete(item.id);
    return;
  }
  doneOrder.delete(item.id);
  doneOrder.add(item.id);
  while (doneOrder.size > DONE_KEPT) {
    const oldest = doneOrder.values().next().value as string;
    doneOrder.delete(oldest);
    items.delete(oldest);
  }
}

/** Forgets every item (sign-out, account change). */
export function resetOutboxItems(): void {
  useOutboxStore.setState((s) => ({ items: new Map(), doneOrder: new Set(), version: s.version + 1, error: null }));
}

/** The items newest first, for the screen. O(n): call it when the screen renders, not per event. */
export function newestFirst(items: Map<string, OutboxItem>): OutboxItem[] {
  const out = [...items.values()];
  out.reverse();
  return out;
}

/** Keeps the store in step with main; call once at start-up. */
export function wireOutboxEvents(): () => void {
  const offSummary = frontdesk.on['outbox:changed']((summary) => useOutboxStore.setState({ summary }));
  const offItem = onOutboxItem('outbox', (item) => {
    putItem(item);
    useOutboxStore.setState((s) => ({ version: s.version + 1 }));
  });
  return () => {
    offSummary();
    offItem();
  };
}

/**
 * Forgets the account's changes (sign-out, account change). The counts stay: they are the whole outbox's (work held
 * for other sign-ins too) and main tells them signed out as well; `version` only counts changes, so it moves on.
 */
function forgetAccountItems(): void {
  useOutboxStore.setState((s) => ({ ...getEmptyState(), summary: s.summary, version: s.version + 1 }));
}

onAccountReset('outbox', forgetAccountItems);
