/**
 * The outbox's item events reach the renderer through one bridge listener: each store (the Outbox, the booking
 * result, contacts, texts, the schedule) is handed every item here and takes what it needs, instead of each
 * subscribing to the bridge on its own.
 */
import type { OutboxItem } from '../../common/contract';
import { frontdesk } from './frontdesk';

const takers = new Set<(item: OutboxItem) => void>();
let off: (() => void) | null = null;

/** Hands `take` every outbox item event from now on; returns the stop. */
export function onOutboxItem(take: (item: OutboxItem) => void): () => void {
  takers.add(take);
  off ??= frontdesk.on['outbox:item']((item) => {
    for (const t of [...takers]) t(item);
  });
  return () => {
    takers.delete(take);
    if (takers.size > 0) return;
    off?.();
    off = null;
  };
}
