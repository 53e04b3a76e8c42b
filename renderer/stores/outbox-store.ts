/** Queued changes of the signed-in account, their counts, and work held for other sign-ins. */
import { create } from 'zustand';
import type { IpcError, OutboxItem, OutboxSummary } from '../../preload/contract';
import { frontdesk } from '../lib/frontdesk';

/** State and actions of the outbox store. */
export interface OutboxState {
  summary: OutboxSummary;
  items: OutboxItem[];
  error: IpcError | null;
  load(): Promise<void>;
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  retryNow(): Promise<void>;
  discardHeld(account: string): Promise<void>;
}

const empty: OutboxSummary = { queued: 0, needsAttention: 0, held: [] };

/** One store for the outbox. */
export const useOutboxStore = create<OutboxState>()((set) => {
  const summaryFrom = (r: { ok: true; value: OutboxSummary } | { ok: false; error: IpcError }) =>
    set(r.ok ? { summary: r.value, error: null } : { error: r.error });
  return {
    summary: empty,
    items: [],
    error: null,
    async load() {
      const [summary, items] = await Promise.all([
        frontdesk.invoke['outbox:summary'](),
        frontdesk.invoke['outbox:list'](),
      ]);
      if (summary.ok) set({ summary: summary.value });
      set(
        items.ok
          ? { items: items.value, error: null }
          : { items: [], error: items.error.code === 'signed_out' ? null : items.error },
      );
    },
    async retry(id) {
      const r = await frontdesk.invoke['outbox:retry']({ id });
      if (!r.ok) set({ error: r.error });
    },
    async discard(id) {
      const r = await frontdesk.invoke['outbox:discard']({ id });
      summaryFrom(r);
      if (r.ok) set((s) => ({ items: s.items.filter((i) => i.id !== id) }));
    },
    retryNow: async () => summaryFrom(await frontdesk.invoke['outbox:retry-now']()),
    discardHeld: async (account) => summaryFrom(await frontdesk.invoke['outbox:discard-held']({ account })),
  };
});

/** Keeps the store in step with main; call once at start-up. */
export function wireOutboxEvents(): () => void {
  const offSummary = frontdesk.on['outbox:changed']((summary) => useOutboxStore.setState({ summary }));
  const offItem = frontdesk.on['outbox:item']((item) =>
    useOutboxStore.setState((s) => {
      const at = s.items.findIndex((i) => i.id === item.id);
      if (at === -1) return { items: [item, ...s.items] };
      const items = [...s.items];
      items[at] = item;
      return { items };
    }),
  );
  return () => {
    offSummary();
    offItem();
  };
}
