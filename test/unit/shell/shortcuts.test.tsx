// @vitest-environment jsdom
/**
 * One registry of actions feeds both the "?" list and the window's key handler: every action with keys is listed, and
 * pressing its keys runs it; an action planted in the registry shows in the list and runs from its keys; the
 * appointment's menu keys (Shift+F10, the Menu key) are the ones the list names; the reply box sends from the keys the
 * list names for it, and only while it has focus.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge } from '../../support/recording-bridge';
import type * as Shortcuts from '../../../renderer/features/shell/shortcuts';
import type * as Dialog from '../../../renderer/features/shell/ShortcutsDialog';
import type * as Menu from '../../../renderer/features/calendar/menu-keys';
import type * as Reply from '../../../renderer/features/messages/ReplyBox';
import type { Action } from '../../../renderer/lib/actions';

let shortcuts: typeof Shortcuts;
let ShortcutsDialog: typeof Dialog.ShortcutsDialog;
let menuKeys: typeof Menu.menuKeys;
let ReplyBox: typeof Reply.ReplyBox;
let unwire: () => void;

beforeAll(async () => {
  installRecordingBridge();
  shortcuts = await import('../../../renderer/features/shell/shortcuts');
  ({ ShortcutsDialog } = await import('../../../renderer/features/shell/ShortcutsDialog'));
  ({ menuKeys } = await import('../../../renderer/features/calendar/menu-keys'));
  ({ ReplyBox } = await import('../../../renderer/features/messages/ReplyBox'));
  unwire = shortcuts.wireShortcuts();
});

afterAll(() => unwire());
afterEach(cleanup);

/** A key press of this chord as a keyboard sends it (not on macOS: Ctrl is the Mod key). */
function press(chord: string, target: Element = document.body): void {
  const parts = chord.split('+');
  const key = parts.pop()!;
  const typed = key === '?' || parts.includes('Shift');
  fireEvent.keyDown(target, {
    key: key.length === 1 ? key.toLowerCase() : key,
    ctrlKey: parts.includes('Mod'),
    altKey: parts.includes('Alt'),
    shiftKey: typed,
  });
}

/** The "?" dialog's rows, as [keys, what they do]. */
function listed(): string[][] {
  render(<ShortcutsDialog isOpen onClose={() => undefined} />);
  const rows = within(screen.getByTestId('shortcuts')).getAllByRole('row').slice(1);
  const out = rows.map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? ''),
  );
  cleanup();
  return out;
}

describe('the shortcut registry', () => {
  it('lists every action that has keys, with the words it is registered with', () => {
    const withKeys = shortcuts.shortcuts.all().filter((a) => (a.keys ?? []).length > 0);
    expect(withKeys.length).toBeGreaterThanOrEqual(10);
    expect(listed().map(([, what]) => what)).toEqual(withKeys.map((a) => a.words));
    expect(listed()).toContainEqual(['Ctrl+K', 'Find a patient (or paste a phone number anywhere)']);
    expect(listed()).toContainEqual(['← / →', 'Calendar: previous / next day or week']);
  });

  it('runs each action with a run from each of its keys, through the window handler', () => {
    const originals = [...shortcuts.shortcuts.all()];
    const runnable = originals.filter((a) => a.run && (a.keys ?? []).length > 0);
    expect(runnable.length).toBeGreaterThanOrEqual(9);
    try {
      for (const action of runnable) {
        for (const chord of action.keys!) {
          const run = vi.fn();
          shortcuts.shortcuts.register({ ...action, when: () => true, run });
          press(chord);
          expect(run, `${action.name} from ${chord}`).toHaveBeenCalledTimes(1);
          expect(run.mock.calls[0]![0]).toMatchObject({ chord });
        }
      }
    } finally {
      for (const action of originals) shortcuts.shortcuts.register(action);
    }
  });

  it('shows a planted action in the list and runs it from its keys', () => {
    const run = vi.fn();
    const planted: Action<Shortcuts.KeyContext> = {
      name: 'planted',
      words: 'Planted for the test',
      keys: ['Mod+Alt+J'],
      run,
    };
    shortcuts.shortcuts.register(planted);
    try {
      expect(listed()).toContainEqual(['Ctrl+Alt+J', 'Planted for the test']);
      press('Mod+Alt+J');
      expect(run).toHaveBeenCalledTimes(1);
      // a plain key never takes over a field being typed into
      const field = document.body.appendChild(document.createElement('input'));
      shortcuts.shortcuts.register({ ...planted, keys: ['J'] });
      press('J', field);
      expect(run).toHaveBeenCalledTimes(1);
      press('J');
      expect(run).toHaveBeenCalledTimes(2);
      field.remove();
    } finally {
      shortcuts.shortcuts.unregister('planted');
    }
    expect(listed().map(([, what]) => what)).not.toContain('Planted for the test');
  });

  it('opens an appointment’s menu from the keys the list names for it, at one place', () => {
    expect(listed()).toContainEqual(['Shift+F10 / Menu', 'Calendar: menu of the focused appointment']);
    const open = vi.fn();
    render(
      <button type="button" onKeyDown={menuKeys(open)}>
        Cleaning
      </button>,
    );
    const block = screen.getByRole('button', { name: 'Cleaning' });
    for (const chord of shortcuts.appointmentMenuKeys.keys) press(chord, block);
    expect(open.mock.calls).toEqual([[{ x: 12, y: 12 }], [{ x: 12, y: 12 }]]);
    press('F10', block);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('sends a reply from the keys the list names for it, only from inside the reply box', async () => {
    expect(listed()).toContainEqual(['Ctrl+Enter', 'Messages: send the text being written']);
    const onSend = vi.fn(async () => true);
    render(<ReplyBox label="Reply" text="See you at 3" onTextChange={() => undefined} onSend={onSend} />);
    expect(screen.getByText('Ctrl+Enter sends')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Reply' });
    press('Enter', field);
    press('Mod+Enter');
    expect(onSend).not.toHaveBeenCalled();
    for (const chord of shortcuts.sendReply.keys) press(chord, field);
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith('See you at 3');
  });
});
