// @vitest-environment jsdom
/**
 * Find a patient's "Add … to waitlist" names the match the list highlights, however the highlight got there: moved by
 * a key still held down (no key released yet), or kept while the list changed under it (the service's answer
 * replacing the kept matches a moment after the keys). Read only when a key was released, the button went on naming
 * the first match while another was highlighted, and a receptionist could put the wrong patient on the waitlist.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView } from '../../../common/contract';
import type { FindPatient as FindPatientView } from '../../../renderer/features/shell/FindPatient';
import type { useFinderStore as FinderStore } from '../../../renderer/stores/finder-store';
import { installRecordingBridge } from '../../support/recording-bridge';

let FindPatient: typeof FindPatientView;
let finder: typeof FinderStore;

const person = (id: number, name: string): ContactView => ({
  key: `id:${id}`,
  id,
  externalId: null,
  addressBookId: 1,
  name,
  firstName: name.split(' ')[0]!,
  lastName: name.split(' ')[1]!,
  phones: [{ number: `(312) 555-01${id}`, normalized: `+131255501${id}`, display: '', type: null, primary: true }],
  emails: [],
  deleted: false,
  pending: null,
});
const kept = [person(10, 'Anthony Adams'), person(11, 'Anthony Brown'), person(12, 'Anthony Hall')];

beforeAll(async () => {
  installRecordingBridge({ 'contacts:kept': null, 'contacts:search': null, 'contacts:next-appointments': [] });
  ({ FindPatient } = await import('../../../renderer/features/shell/FindPatient'));
  ({ useFinderStore: finder } = await import('../../../renderer/stores/finder-store'));
});

afterEach(() => {
  cleanup();
  finder.setState({ isOpen: false, query: '', shownFor: null, results: [], next: {}, loading: false, error: null });
});

/** The name of the match the list highlights now (react-aria points the field at it). */
function highlightedName(): string | null {
  const id = screen.getByRole('searchbox').getAttribute('aria-activedescendant');
  return (id && document.getElementById(id)?.querySelector('.finder-name')?.textContent) || null;
}
const button = () => screen.getByTestId('finder-waitlist').textContent;

describe('Find a patient’s waitlist button', () => {
  it('names the highlighted match while the arrow key is still down, and after the list changes under it', async () => {
    finder.setState({ isOpen: true, query: 'Anthony', shownFor: 'Anthony', results: kept, loading: false });
    render(<FindPatient />);
    const field = screen.getByRole('searchbox');
    field.focus();
    expect(button()).toBe('Add Anthony Adams to waitlist');

    // Two presses of the down arrow, the key not yet released.
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await waitFor(() => expect(highlightedName()).not.toBeNull());
    const chosen = highlightedName();
    expect(chosen).not.toBe('Anthony Adams');
    await waitFor(() => expect(button()).toBe(`Add ${chosen} to waitlist`));

    // The service's answer replaces the kept matches: the same people, new records, in its own order.
    act(() => finder.setState({ results: [...kept].reverse().map((c) => ({ ...c })) }));
    await waitFor(() => expect(button()).toBe(`Add ${highlightedName() ?? 'Anthony Hall'} to waitlist`));
    expect(highlightedName()).toBe(chosen);
  });
});
