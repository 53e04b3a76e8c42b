// @vitest-environment jsdom
/**
 * The New contact form (Testing Library): problems are said in plain words and tied to their field for screen
 * readers, nothing is sent until the form is right, what was typed is kept, and what is sent is trimmed with blank
 * rows left out.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';

import type { ContactEditor as Editor } from '../../../renderer/features/contacts/ContactEditor';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';

let calls: BridgeCall[] = [];
let ContactEditor: typeof Editor;
let useContactsStore: typeof ContactsStore;

beforeAll(async () => {
  // The bridge main would provide, recording what the form sends (a queued change for a create, empty lists else).
  const answers: Record<string, unknown> = {
    'contacts:create': { id: 'a1b2', kind: 'contact.create', about: { who: '' }, status: 'queued' },
    'contacts:search': { query: '', items: [], more: false, fetchedAt: 0, source: 'service' },
  };
  calls = installRecordingBridge(answers);
  ({ ContactEditor } = await import('../../../renderer/features/contacts/ContactEditor'));
  ({ useContactsStore } = await import('../../../renderer/stores/contacts-store'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  useContactsStore.getState().clear();
});

function openNew() {
  useContactsStore.setState({
    books: [{ id: 2001, name: 'Patients', isDefault: true, phoneTypes: ['mobile', 'home'] }] as never,
  });
  useContactsStore.getState().startNew();
  return render(<ContactEditor />);
}

/** What a screen reader reads after the field's name: the text of the elements its aria-describedby names. */
function description(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const sent = (channel: string) => calls.filter((c) => c.channel === channel);

describe('new contact form', () => {
  it('says what is missing or wrong next to each field and sends nothing', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('Main phone'), '12ab');
    await user.type(screen.getByLabelText('Main e-mail'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    expect(description(screen.getByLabelText('First name'))).toBe('Enter the contact’s name.');
    expect(description(screen.getByLabelText('Main phone'))).toBe(
      'Use only digits, spaces and + ( ) - . in a phone number.',
    );
    expect(description(screen.getByLabelText('Main e-mail'))).toBe('This does not look like an e-mail address.');
    expect(screen.getByLabelText('Main phone').getAttribute('aria-invalid')).toBe('true');
    expect(sent('contacts:create')).toHaveLength(0);
    // What was typed is still there.
    expect(screen.getByLabelText<HTMLInputElement>('Main e-mail').value).toBe('maria@');
  });

  it('a phone number too short to be one is refused in plain words', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.type(screen.getByLabelText('Main phone'), '555-01');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(description(screen.getByLabelText('Main phone'))).toBe('This does not look like a phone number.');
    expect(sent('contacts:create')).toHaveLength(0);
  });

  it('names the row that is wrong even when a blank row comes before it', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Add another phone' }));
    await user.click(screen.getByRole('button', { name: 'Add another phone' }));
    await user.type(screen.getByLabelText('Phone 3'), '555-01');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(description(screen.getByLabelText('Phone 3'))).toBe('This does not look like a phone number.');
    expect(screen.getByLabelText('Main phone').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Phone 2').getAttribute('aria-invalid')).toBeNull();
    expect(sent('contacts:create')).toHaveLength(0);
  });

  it('refuses what main would refuse: a last name longer than the contract allows', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('First name'), 'Maria');
    await user.click(screen.getByLabelText('Last name'));
    await user.paste('G'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(description(screen.getByLabelText('Last name'))).toBe('Keep the last name under 100 characters.');
    expect(sent('contacts:create')).toHaveLength(0);
  });

  it('once right, sends one create with trimmed values and no blank rows', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('First name'), '  Maria ');
    await user.type(screen.getByLabelText('Last name'), 'Garcia');
    await user.type(screen.getByLabelText('Main phone'), ' (708) 555-0120 ');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    const creates = sent('contacts:create');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.args).toMatchObject({
      firstName: 'Maria',
      lastName: 'Garcia',
      addressBookId: 2001,
      emails: [],
      phones: [expect.objectContaining({ number: '(708) 555-0120' })],
    });
  });
});
