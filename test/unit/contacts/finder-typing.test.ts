// @vitest-environment jsdom
/**
 * Find a patient as a name is typed (fake timers): each key shows the matches among the contacts core keeps at once
 * (one `contacts:kept` call, no service read), the service is searched once the typing pauses, and its answer for
 * words no longer in the box never replaces what the newer words show.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { useFinderStore as FinderStore } from '../../../renderer/stores/finder-store';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';

let calls: BridgeCall[] = [];
let finder: typeof FinderStore;
/** Words the service takes 100 ms to answer. */
let slow = '';

/** A contact named after the words it was found by, and where from. */
const person = (from: string, query: string) => ({
  key: `${from}-${query}`,
  id: 1,
  externalId: null,
  addressBookId: 1,
  name: `${from} ${query}`,
  firstName: from,
  lastName: query,
  phones: [],
  emails: [],
  deleted: false,
  pending: null,
});
const list = (from: 'Kept' | 'Service', query: string) => ({
  query,
  items: [person(from, query)],
  more: false,
  source: from === 'Kept' ? 'cache' : 'service',
  fetchedAt: Date.now(),
});

beforeAll(async () => {
  calls = installRecordingBridge({
    'contacts:search': async (args: { query: string }) => {
      if (args.query === slow) await new Promise((done) => setTimeout(done, 100));
      return list('Service', args.query);
    },
    'contacts:kept': (args: { query: string }) => list('Kept', args.query),
    'contacts:next-appointments': [],
  });
  ({ useFinderStore: finder } = await import('../../../renderer/stores/finder-store'));
});

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
  slow = '';
});
afterEach(() => finder.getState().clear());
afterAll(() => vi.useRealTimers());

const asked = (channel: string) => calls.filter((c) => c.channel === channel).map((c) => c.args);
const pause = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const names = () => finder.getState().results.map((c) => c.name);

describe('Find a patient while typing', () => {
  it('shows the kept matches at each key and asks the service once, after the pause', async () => {
    finder.getState().show();
    for (const typed of ['g', 'ga', 'gar']) {
      finder.getState().type(typed);
      await pause(60);
    }
    // Each asks for the eight matches the finder shows, no more.
    expect(asked('contacts:kept')).toEqual([
      { query: 'g', first: 8 },
      { query: 'ga', first: 8 },
      { query: 'gar', first: 8 },
    ]);
    expect(asked('contacts:search')).toEqual([]);
    expect(names()).toEqual(['Kept gar']);
    expect(finder.getState().loading).toBe(true);
    await pause(150);
    expect(asked('contacts:search')).toEqual([{ query: 'gar' }]);
    expect(names()).toEqual(['Service gar']);
    expect(finder.getState().loading).toBe(false);
  });

  it('never shows an older word’s answer over the newer word typed', async () => {
    slow = 'ga';
    finder.getState().show('ga');
    await pause(150);
    expect(asked('contacts:search')).toEqual([{ query: 'ga' }]);
    // "gar" is typed before "ga"'s answer, which lands in "gar"'s pause.
    finder.getState().type('gar');
    await pause(120);
    expect(names()).toEqual(['Kept gar']);
    expect(finder.getState().shownFor).toBe('gar');
    await pause(30);
    expect(names()).toEqual(['Service gar']);
  });
});
