// @vitest-environment jsdom
/**
 * One phone matcher (common/input-rules.ts) serves the forms, core's search, the finder's paste and the Messages
 * search: a phone number pasted anywhere opens "Find a patient" on it, and anything else pasted does not; a part of a
 * number typed in the Messages search finds the thread in any format.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasPhoneCharacters, isPhoneNumber } from '../../../common/input-rules';
import { installRecordingBridge } from '../../support/recording-bridge';
import type * as Shortcuts from '../../../renderer/features/shell/shortcuts';
import type * as Finder from '../../../renderer/stores/finder-store';
import { matchesThread } from '../../../renderer/features/messages/thread-search';

let useFinderStore: typeof Finder.useFinderStore;
let unwire: () => void;

beforeAll(async () => {
  installRecordingBridge();
  const shortcuts: typeof Shortcuts = await import('../../../renderer/features/shell/shortcuts');
  ({ useFinderStore } = await import('../../../renderer/stores/finder-store'));
  unwire = shortcuts.wireShortcuts();
});
afterAll(() => unwire());
beforeEach(() => useFinderStore.getState().hide());

function paste(text: string): void {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  document.body.dispatchEvent(event);
}

describe('the one phone matcher', () => {
  it.each(['(312) 555-0120', '+1 312 555 0120', '312.555.0120', ' 0044 20 7946 0958 ', '030/1234567'])(
    'a pasted %s opens the finder on it',
    (text) => {
      expect(isPhoneNumber(text)).toBe(true);
      paste(text);
      expect(useFinderStore.getState()).toMatchObject({ isOpen: true, query: text.trim() });
    },
  );

  it.each(['555-012', '1234567890123456', 'Maria Garcia', 'call 312 555 0120', ''])('a pasted %j does not', (text) => {
    expect(isPhoneNumber(text)).toBe(false);
    paste(text);
    expect(useFinderStore.getState().isOpen).toBe(false);
  });

  it('the Messages search tells a part of a number from a name with the same characters', () => {
    expect(hasPhoneCharacters('555-01')).toBe(true);
    expect(matchesThread('555-01', { name: 'Maria Garcia', phone: '+13125550120' })).toBe(true);
    expect(matchesThread('(312) 555', { name: 'Maria Garcia', phone: '+13125550120' })).toBe(true);
    expect(matchesThread('maria', { name: 'Maria Garcia', phone: '+13125550120' })).toBe(true);
    expect(matchesThread('555-99', { name: 'Maria Garcia', phone: '+13125550120' })).toBe(false);
  });
});
