/** The latest state of texts handed to the outbox, as its events report them (sent, still waiting, refused). */
import type { OutboxItem } from '../../../common/contract';
import { useOutboxStore } from '../../stores/outbox-store';
import { CHANGE_WORDS } from '../../lib/words';

/** Each item as the outbox last reported it (the given copy until an event arrives). */
export function useLatestItems(items: OutboxItem[]): OutboxItem[] {
  useOutboxStore((s) => s.version);
  const known = useOutboxStore.getState().items;
  return items.map((i) => known.get(i.id) ?? i);
}

/** What became of a text, in plain words. */
export function sentWords(item: OutboxItem): { tone: 'ok' | 'wait' | 'bad'; words: string } {
  if (item.status === 'done') return { tone: 'ok', words: 'Sent.' };
  if (item.status === 'needs_attention') return { tone: 'bad', words: item.error ?? 'The service refused this text.' };
  if (item.status === 'sending') return { tone: 'wait', words: CHANGE_WORDS.sending.word };
  return { tone: 'wait', words: 'Not sent yet — it will be sent when the service answers.' };
}
