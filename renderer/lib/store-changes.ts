/**
 * Core's store changes (`store:changed`) reach the renderer through one bridge listener: the screens' stores
 * (stores/store-events.ts) and a read waiting for its fresh answer (`savedFirst`) are each handed every change here.
 */
import type { FreshRead, Result, StoreChange, ToldAnswer } from '../../common/contract';
import { frontdesk } from './frontdesk';

const takers = new Set<(change: StoreChange) => void>();
let off: (() => void) | null = null;

/** Hands `take` every change of core's store from now on; returns the stop. */
export function onStoreChange(take: (change: StoreChange) => void): () => void {
  takers.add(take);
  off ??= frontdesk.on['store:changed']((change) => {
    for (const t of [...takers]) t(change);
  });
  return () => {
    takers.delete(take);
    if (takers.size > 0) return;
    off?.();
    off = null;
  };
}

/** The fresh answer a saved-first read is waiting for. */
export interface FreshWait<T> {
  /** Resolves with the fresh answer when core tells it. */
  answer: Promise<Result<T>>;
  /** True once it has landed. */
  landed(): boolean;
  /** Stops waiting (the read failed at once, or nobody needs its answer). */
  stop(): void;
}

/**
 * Waits for the fresh answer `pick` recognises (null for any other); call before the read, so an answer that lands
 * before the read's own reply is not missed.
 */
export function waitForFresh<T>(pick: (fresh: FreshRead) => ToldAnswer<T> | null): FreshWait<T> {
  let landed = false;
  let stop = () => undefined as void;
  const answer = new Promise<Result<T>>((resolve) => {
    stop = onStoreChange((change) => {
      const mine = change.fresh ? pick(change.fresh) : null;
      if (!mine) return;
      landed = true;
      stop();
      resolve(mine.ok ? mine : { ok: false, error: { code: mine.kind, message: mine.message } });
    });
  });
  return { answer, landed: () => landed, stop: () => stop() };
}
