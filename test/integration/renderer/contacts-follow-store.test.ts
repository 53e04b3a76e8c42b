/**
 * The contacts screen follows core: a change saved here shows on the matches shown at once (waiting to be sent),
 * and again when the service has it, each time told by core as `store:changed` — the screen never searches again
 * for a change it was told about. Real core and sandbox; the searches are counted at the bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import { goOffline, goOnline, useRendererOnCore, countBridgeAsks } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const run = useRendererOnCore();
/** Every bridge call the stores made, by channel. */
let asked: string[] = [];
let contacts: typeof ContactsStore;
let unwire = () => undefined as void;

beforeAll(async () => {
  // Counted at the bridge: the stores read window.frontdesk when they load, so they are imported after this.
  asked = countBridgeAsks();
  const store = await import('../../../renderer/stores/contacts-store');
  contacts = store.useContactsStore;
  unwire = store.wireContactEvents();
}, 30_000);

afterAll(() => {
  unwire();
  contacts.getState().clear();
});

describe('the contacts screen follows core’s store', () => {
  it('shows a change saved here while it waits and once sent, without searching again', async () => {
    contacts.setState({ query: 'a' });
    await contacts.getState().load();
    const shown = contacts.getState().list!.items.find((c) => c.id !== null && c.lastName);
    expect(shown, 'the seed has a contact with a last name matching "a"').toBeDefined();
    const renamed = `${shown!.lastName}-Ortiz`;

    await goOffline(run.sandbox, run.made);
    asked.length = 0;
    contacts.getState().startEdit(shown!);
    await contacts.getState().saveEdit({ lastName: renamed });
    const waiting = await waitFor(() =>
      contacts.getState().list?.items.find((c) => c.key === shown!.key && c.lastName === renamed && c.pending),
    );
    expect(waiting.pending?.change).toBe('update');

    await goOnline(run.sandbox, run.made);
    run.made.core.outbox.wake('online');
    const sent = await waitFor(
      () => contacts.getState().list?.items.find((c) => c.key === shown!.key && c.lastName === renamed && !c.pending),
      { what: 'the sent change to be shown', timeoutMs: 15_000 },
    );
    expect(sent.lastName).toBe(renamed);
    expect(
      asked.filter((c) => c === 'contacts:search'),
      'no search again for a change core told',
    ).toEqual([]);
  });
});
