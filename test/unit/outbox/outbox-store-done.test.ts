/**
 * The Outbox screen keeps the most recent finished changes only (renderer/stores/outbox-store.ts, `DONE_KEPT`): the
 * order they finished in is the store's own (`doneOrder`), so the account reset forgets it with the items and the
 * next account starts its own count. Item events come through a stand-in bridge listener.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../common/contract';
import { installItemBridge } from '../../support/recording-bridge';
import type * as OutboxStore from '../../../renderer/stores/outbox-store';
import type * as SessionReset from '../../../renderer/stores/session-reset';

let outbox: typeof OutboxStore;
let reset: typeof SessionReset;
let listeners: ((item: OutboxItem) => void)[] = [];
/** The item event, as core sends it, to every listener the renderer has on the bridge. */
const tell = (item: OutboxItem) => listeners.forEach((l) => l(item));

beforeAll(async () => {
  listeners = installItemBridge();
  outbox = await import('../../../renderer/stores/outbox-store');
  reset = await import('../../../renderer/stores/session-reset');
  outbox.wireOutboxEvents();
});

const done = (id: string) => ({ id, kind: 'contact.create', status: 'done', result: null }) as unknown as OutboxItem;
const ids = () => [...outbox.useOutboxStore.getState().items.keys()];

describe('finished changes kept by the outbox store', () => {
  it('keeps the most recent DONE_KEPT, and the account reset forgets the order they finished in', () => {
    for (let i = 0; i < outbox.DONE_KEPT + 5; i++) tell(done(`a${i}`));
    expect(ids()).toHaveLength(outbox.DONE_KEPT);
    expect(ids()[0]).toBe('a5');
    expect(outbox.useOutboxStore.getState().doneOrder.size).toBe(outbox.DONE_KEPT);

    reset.forgetAccount();
    expect(ids()).toEqual([]);
    expect(outbox.useOutboxStore.getState().doneOrder.size).toBe(0);
    for (let i = 0; i < outbox.DONE_KEPT; i++) tell(done(`b${i}`));
    expect(ids()).toHaveLength(outbox.DONE_KEPT);
  });
});
