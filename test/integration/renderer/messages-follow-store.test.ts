/**
 * The Messages screen follows core: a reply written here shows on its thread in the list at once (waiting to go),
 * and again once sent — the list told by core as `store:changed` (`threads`), never read again for a change it was
 * told about. Real core and sandbox; the list reads are counted at the bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useMessagesStore as MessagesStore } from '../../../renderer/stores/messages-store';
import { goOffline, goOnline, useRendererOnCore, countBridgeAsks } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const run = useRendererOnCore();
/** Every bridge call the stores made, by channel. */
let asked: string[] = [];
let messages: typeof MessagesStore;
let unwire = () => undefined as void;

beforeAll(async () => {
  // Counted at the bridge: the stores read window.frontdesk when they load, so they are imported after this.
  asked = countBridgeAsks();
  // The wiring also keeps the window's title and activity: a stand-in page for this Node environment.
  const g = globalThis as Record<string, unknown>;
  const none = () => undefined;
  g.document ??= { title: '', visibilityState: 'visible', addEventListener: none, removeEventListener: none };
  g.addEventListener ??= none;
  g.removeEventListener ??= none;
  ({ useMessagesStore: messages } = await import('../../../renderer/stores/messages-store'));
  unwire = (await import('../../../renderer/stores/messages-events')).wireMessageEvents();
}, 30_000);

afterAll(() => unwire());

describe('the Messages screen follows core’s store', () => {
  it('shows a reply on its thread while it waits and once sent, without reading the list again', async () => {
    await messages.getState().load();
    const thread = messages.getState().list?.threads.find((t) => t.phone && t.pending === 0);
    expect(thread, 'the seed has a text thread').toBeDefined();

    await goOffline(run.sandbox, run.made);
    asked.length = 0;
    expect(await messages.getState().reply(thread!.id, 'We are running ten minutes late.')).toBe(true);
    await waitFor(() => messages.getState().list?.threads.find((t) => t.id === thread!.id && t.pending === 1), {
      what: 'the waiting reply to be counted on its thread',
    });

    await goOnline(run.sandbox, run.made);
    run.made.core.outbox.wake('online');
    const sent = await waitFor(
      () =>
        messages
          .getState()
          .list?.threads.find(
            (t) => t.id === thread!.id && t.pending === 0 && t.lastMessage?.text === 'We are running ten minutes late.',
          ),
      { what: 'the sent reply to be the thread’s last text', timeoutMs: 15_000 },
    );
    expect(sent.lastMessage?.direction).toBe('out');
    expect(
      asked.filter((c) => c === 'messages:threads'),
      'no read of the list for a change core told',
    ).toEqual([]);
  });
});
