// @vitest-environment jsdom
/**
 * One dialog family: only renderer/components/Dialog.tsx builds react-aria's overlays, and the destructive
 * confirmations (cancel an appointment, delete a contact) are drawn alike: the same classes, the safe choice focused
 * first, the destructive one last.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type * as Details from '../../../renderer/features/calendar/AppointmentDetails';
import type * as Delete from '../../../renderer/features/contacts/DeleteContact';

let details: typeof Details;
let remove: typeof Delete;

beforeAll(async () => {
  installRecordingBridge();
  details = await import('../../../renderer/features/calendar/AppointmentDetails');
  remove = await import('../../../renderer/features/contacts/DeleteContact');
});

afterEach(cleanup);

const visit: AgendaItem = {
  id: 41,
  title: 'Cleaning',
  start: '2030-01-08T15:30:00Z',
  end: '2030-01-08T16:00:00Z',
  calendarId: 1001,
  calendarName: 'Hygiene',
  location: '',
  people: [{ name: 'Maria Garcia', phone: '', email: '', state: 'confirmed' }],
  pending: null,
  pendingMark: null,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

/** The open alert dialog's look: its classes and its buttons' words and classes, in order. */
function look() {
  const dialog = screen.getByRole('alertdialog');
  const modal = dialog.parentElement!;
  return {
    overlay: modal.parentElement!.className,
    modal: modal.className,
    body: dialog.className,
    buttons: within(dialog)
      .getAllByRole('button')
      .map((b) => [b.className, b === document.activeElement]),
  };
}

describe('dialogs', () => {
  it('are built only by the one dialog component', () => {
    const root = join(process.cwd(), 'renderer');
    const own = files(root)
      .filter((f) => /\bModalOverlay\b|<Modal\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(own).toEqual(['components/Dialog.tsx']);
  });

  it('confirm every destructive change alike', () => {
    render(<details.CancelConfirm item={visit} isOpen onOpenChange={() => undefined} />);
    const cancel = look();
    expect(screen.getByRole('alertdialog', { name: /^Cancel Cleaning/ })).toBeTruthy();
    cleanup();
    render(
      <remove.ConfirmDeleteContact
        name="Maria Garcia"
        isOpen
        onOpenChange={() => undefined}
        busy={false}
        onDelete={() => undefined}
        closeOnDelete
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete Maria Garcia?' })).toBeTruthy();
    const del = look();
    expect(del).toEqual(cancel);
    expect(del.buttons).toEqual([
      ['secondary-button', true],
      ['danger-button', false],
    ]);
    expect([del.overlay, del.modal, del.body]).toEqual(['dialog-overlay', 'dialog-modal', 'dialog-body']);
  });
});
