/**
 * The contacts and outbox stores on the real core and sandbox (no mocked bridge or fetch): what a receptionist sees
 * after adding a patient, finding them by phone in any format, and watching the change reach the service. Node
 * environment: the stores need no DOM, and the core's crypto must run on Node's own globals, not jsdom's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';
import type * as OutboxStoreModule from '../../../renderer/stores/outbox-store';
import { useRendererOnCore } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

let contacts: typeof ContactsStore;
let outbox: typeof OutboxStoreModule;
let unwire: () => void;

useRendererOnCore();

beforeAll(async () => {
  // The stores read window.frontdesk when they load: import them once it exists.
  ({ useContactsStore: contacts } = await import('../../../renderer/stores/contacts-store'));
  outbox = await import('../../../renderer/stores/outbox-store');
  unwire = outbox.wireOutboxEvents();
}, 30_000);

afterAll(async () => {
  unwire();
  contacts.getState().clear();
});

describe('contacts and outbox stores', () => {
  it('adds a patient, shows the change until the service has it, then finds them by phone in any format', async () => {
    await contacts.getState().loadBooks();
    const book = contacts.getState().books[0];
    expect(book, JSON.stringify(contacts.getState().booksError)).toBeDefined();

    await contacts.getState().saveNew(
      {
        firstName: 'Quinta',
        lastName: 'Zebrowski',
        phones: [{ number: '(708) 555-0142', type: 'mobile' }],
        emails: [],
        addressBookId: book!.id,
      },
      'Quinta Zebrowski',
    );
    const saved = contacts.getState().saved;
    expect(saved?.name).toBe('Quinta Zebrowski');
    expect(contacts.getState().saveError).toBeNull();

    // The outbox store follows the change through main's events until the service confirmed it.
    const done = await waitFor(() => {
      const item = outbox.useOutboxStore.getState().items.get(saved!.item.id);
      return item?.status === 'done' ? item : null;
    });
    expect(done.kind).toBe('contact.create');
    expect(outbox.useOutboxStore.getState().summary).toMatchObject({ queued: 0, needsAttention: 0 });

    for (const typed of ['708.555.0142', '+17085550142', '(708) 555-0142', 'zebrowski']) {
      contacts.getState().type(typed);
      await contacts.getState().load();
      const { list, error } = contacts.getState();
      expect(error, typed).toBeNull();
      expect(list?.source, typed).toBe('service');
      const found = list?.items.find((c) => c.name === 'Quinta Zebrowski');
      expect(found, `search "${typed}"`).toBeDefined();
      expect(found?.id, 'the service id, not a waiting copy').toEqual(expect.any(Number));
    }
  });

  it('keeps a typed new-contact draft when the form is left and reopened, and forgets it on cancel', () => {
    const store = contacts.getState();
    store.startNew();
    contacts.getState().updateDraft({ firstName: 'Half', lastName: 'Typed' });
    contacts.setState({ mode: 'list' }); // another screen was opened
    contacts.getState().startNew();
    expect(contacts.getState().newDraft).toMatchObject({ firstName: 'Half', lastName: 'Typed' });
    contacts.getState().cancel();
    contacts.getState().startNew();
    expect(contacts.getState().newDraft).toMatchObject({ firstName: '', lastName: '' });
  });

  it('a refused save keeps the form open with what was typed and says why', async () => {
    contacts.getState().startNew();
    contacts.getState().updateDraft({ firstName: 'Bad', lastName: 'Book' });
    await contacts
      .getState()
      .saveNew({ firstName: 'Bad', lastName: 'Book', phones: [{ number: 'not a phone' }], emails: [] }, 'Bad Book');
    const state = contacts.getState();
    expect(state.mode).toBe('new');
    expect(state.saveError?.code).toBe('validation');
    expect(state.newDraft).toMatchObject({ firstName: 'Bad', lastName: 'Book' });
  });
});
