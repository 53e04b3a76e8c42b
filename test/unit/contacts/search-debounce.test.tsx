// @vitest-environment jsdom
/**
 * The contacts search waits for a pause in typing (fake timers): a word typed into the search box at a
 * receptionist's pace is searched at the service once, when they stop, not once per key. Each key is one call for
 * the matches among the contacts core keeps, shown at once: that one spares the service and need not wait.
 */
// First: it counts renders from React's commits, so it must be in place before react-dom loads.
import { rendersOf, resetRenders } from '../../support/render-count';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { ContactResults as Results } from '../../../renderer/features/contacts/ContactResults';
import type { useContactsStore as ContactsStore } from '../../../renderer/stores/contacts-store';

let calls: BridgeCall[] = [];
let slow = '';
let ContactResults: typeof Results;
let contacts: typeof ContactsStore;

beforeAll(async () => {
  // jsdom lays nothing out: the list's scroller is given the height it has on a screen, so its rows are drawn.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('contact-scroller') ? 480 : 0;
    },
  });
  calls = installRecordingBridge({
    'contacts:search': async (args: { query: string }) => {
      // The service takes 100 ms to answer the words `slow` names.
      if (args.query === slow) await new Promise((done) => setTimeout(done, 100));
      // Words starting "r" find the same few people, one of them renamed at the service since it was kept.
      const items = args.query.startsWith('r') ? people(true) : [];
      return { query: args.query, items, more: false, source: 'service', fetchedAt: Date.now() };
    },
    'contacts:kept': (args: { query: string; first: number }) => ({
      query: args.query,
      // Words starting "z" find a first screenful and more (as many as a key asks for).
      items: args.query.startsWith('r')
        ? people(false)
        : args.query.startsWith('z')
          ? Array.from({ length: args.first }, (_, i) => ({ ...kept(`${args.query} ${i}`), key: `${args.query}:${i}` }))
          : [kept(args.query)],
      more: false,
      source: 'cache',
      fetchedAt: Date.now(),
    }),
  });
  ({ ContactResults } = await import('../../../renderer/features/contacts/ContactResults'));
  ({ useContactsStore: contacts } = await import('../../../renderer/stores/contacts-store'));
});

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
  slow = '';
});

afterEach(() => {
  cleanup();
  contacts.getState().clear();
});

afterAll(() => vi.useRealTimers());

const searches = () => calls.filter((c) => c.channel === 'contacts:search').map((c) => c.args);
const shownNames = () => contacts.getState().list?.items.map((c) => c.name);
const keptAsks = () => calls.filter((c) => c.channel === 'contacts:kept').map((c) => c.args);
/** A kept contact named after the words it was found by. */
function kept(query: string) {
  return {
    key: `kept-${query}`,
    id: 1,
    externalId: null,
    addressBookId: 1,
    name: `Kept ${query}`,
    firstName: 'Kept',
    lastName: query,
    phones: [],
    emails: [],
    deleted: false,
    pending: null,
  };
}
/** Five people, each a new copy (as each answer over the bridge is); the third renamed at the service. */
function people(live: boolean) {
  return ['Ann Rowe', 'Bo Rowan', 'Cy Rowley', 'Di Rowen', 'Ed Rowse'].map((name, i) => ({
    ...kept(name),
    key: `id:${i + 1}`,
    id: i + 1,
    name: live && i === 2 ? 'Cy Rowley-Hart' : name,
  }));
}
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
    expect(searches()).toEqual([{ query: 'garcia', soonest: true }]);
    expect(screen.getByText('No contacts match “garcia”.')).toBeTruthy();
  });

  it('searches each word once when the receptionist pauses between words', async () => {
    render(<ContactResults />);
    await typeKeys('maria');
    await pause(1_000);
    await typeKeys(' garcia');
    await pause(1_000);
    expect(searches()).toEqual([
      { query: 'maria', soonest: true },
      { query: 'maria garcia', soonest: true },
    ]);
  });

  it('shows the kept matches at each key, before the pause: one call per key, none to the service', async () => {
    render(<ContactResults />);
    await typeKeys('gar');
    // No pause yet: the service was not asked, and the words typed so far show what core keeps.
    expect(searches()).toEqual([]);
    // Each asks only for a first screenful: the service's answer brings the rest.
    expect(keptAsks()).toEqual([
      { query: 'g', first: 50 },
      { query: 'ga', first: 50 },
      { query: 'gar', first: 50 },
    ]);
    expect(shownNames()).toEqual(['Kept gar']);
    await pause(300);
    // The service's answer (none here) takes their place.
    expect(searches()).toEqual([{ query: 'gar', soonest: true }]);
    expect(screen.getByText('No contacts match “gar”.')).toBeTruthy();
  });

  it('draws for an answer of 50 only the rows the list shows and two more, each once, measuring none', async () => {
    render(<ContactResults />);
    await typeKeys('z');
    // The next key's answer: 50 other people in the list shown.
    resetRenders();
    await typeKeys('e');
    expect(shownNames()?.[0]).toBe('Kept ze 0');
    // The scroller is 480 px high: 7.5 rows of 64 px are in sight, 8 drawn, and 2 past its end for Tab.
    expect(screen.getAllByTestId('contact-row')).toHaveLength(10);
    expect(rendersOf('ContactRow')).toBe(10);
    // Drawn once: no row's height is read as it is put in (the list would be drawn again with what it read).
    expect(rendersOf('ContactList')).toBe(1);
  });

  it('draws a row again only when its contact changed: not at a key, and only the changed one for an answer', async () => {
    render(<ContactResults />);
    await typeKeys('r');
    expect(screen.getAllByTestId('contact-row')).toHaveLength(5);
    // A key: the box changes, and the kept answer brings the same five people again (new copies): no row is drawn.
    resetRenders();
    await typeKeys('o');
    expect(rendersOf('ContactResults')).toBeGreaterThan(0);
    expect(rendersOf('ContactList')).toBe(1);
    expect(rendersOf('ContactRow')).toBe(0);
    // The service's answer after the pause: one of them was renamed, and only that row is drawn again.
    resetRenders();
    await pause(300);
    expect(screen.getByText('Cy Rowley-Hart')).toBeTruthy();
    expect(rendersOf('ContactList')).toBe(1);
    expect(rendersOf('ContactRow')).toBe(1);
  });

  it('never shows an older word’s answer over the newer word typed', async () => {
    slow = 'ga';
    render(<ContactResults />);
    await typeKeys('ga');
    await pause(180);
    expect(searches()).toEqual([{ query: 'ga', soonest: true }]);
    // The service is asked for "ga"; "gar" is typed before it answers, and "ga"'s answer lands in "gar"'s pause.
    fireEvent.change(box(), { target: { value: 'gar' } });
    await pause(0);
    expect(shownNames()).toEqual(['Kept gar']);
    await pause(200);
    expect(screen.queryByText('No contacts match “ga”.')).toBeNull();
    expect(shownNames()).toEqual(['Kept gar']);
    // "gar"'s own answer after its pause.
    await pause(100);
    expect(searches()).toEqual([
      { query: 'ga', soonest: true },
      { query: 'gar', soonest: true },
    ]);
    expect(screen.queryByText('No contacts match “ga”.')).toBeNull();
    expect(screen.getByText('No contacts match “gar”.')).toBeTruthy();
  });
});
