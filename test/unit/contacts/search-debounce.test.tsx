// @vitest-environment jsdom
/**
 * The contacts search waits for a pause in typing (fake timers): a word typed into the search box at a
 * receptionist's pace is searched once, when they stop, not once per key.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { ContactResults as Results } from '../../../renderer/features/contacts/ContactResults';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';

let calls: BridgeCall[] = [];
let ContactResults: typeof Results;
let contacts: typeof ContactsStore;

beforeAll(async () => {
  calls = installRecordingBridge({
    'contacts:search': (args: { query: string }) => ({
      query: args.query,
      items: [],
      more: false,
      source: 'service',
      fetchedAt: Date.now(),
    }),
  });
  ({ ContactResults } = await import('../../../renderer/features/contacts/ContactResults'));
  ({ useContactsStore: contacts } = await import('../../../renderer/stores/contacts-store'));
});

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
});

afterEach(() => {
  cleanup();
  contacts.getState().clear();
});

afterAll(() => vi.useRealTimers());

const searches = () => calls.filter((c) => c.channel === 'contacts:search').map((c) => c.args);
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Find a contact' });

/** A receptionist typing `text` after what is in the box: one key every 120 ms. */
async function typeKeys(text: string): Promise<void> {
  for (const key of text) {
    fireEvent.change(box(), { target: { value: box().value + key } });
    await pause(120);
  }
}

describe('contacts search while typing', () => {
  it('searches a typed word once, when the typing stops', async () => {
    render(<ContactResults />);
    await typeKeys('garcia');
    expect(searches()).toEqual([]);
    await pause(300);
    expect(searches()).toEqual([{ query: 'garcia', savedFirst: true }]);
    expect(screen.getByText('No contacts match “garcia”.')).toBeTruthy();
  });

  it('searches each word once when the receptionist pauses between words', async () => {
    render(<ContactResults />);
    await typeKeys('maria');
    await pause(1_000);
    await typeKeys(' garcia');
    await pause(1_000);
    expect(searches()).toEqual([
      { query: 'maria', savedFirst: true },
      { query: 'maria garcia', savedFirst: true },
    ]);
  });
});
