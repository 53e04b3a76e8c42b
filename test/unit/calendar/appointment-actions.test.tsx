// @vitest-environment jsdom
/**
 * The appointment's menus list what the action registry holds, in its words and order, and hand back the chosen
 * action; a mark waiting to sync and a check-in are said in the same words as the menu's marks.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaItem } from '../../../common/contract';
import { installRecordingBridge } from '../../support/recording-bridge';
import type * as Actions from '../../../renderer/features/calendar/appointment-actions';
import type * as Menus from '../../../renderer/features/calendar/AppointmentMenu';

let actions: typeof Actions;
let menus: typeof Menus;

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

beforeAll(async () => {
  installRecordingBridge();
  actions = await import('../../../renderer/features/calendar/appointment-actions');
  menus = await import('../../../renderer/features/calendar/AppointmentMenu');
});

afterEach(cleanup);

const openMenu = (onAction = vi.fn()) =>
  render(<menus.ContextMenu item={visit} at={{ x: 10, y: 10 }} onAction={onAction} onClose={() => undefined} />);

describe('the appointment menu', () => {
  it('lists the registry’s actions in order, and the details’ menu leaves out "Open details"', async () => {
    openMenu();
    const names = screen.getAllByRole('menuitem').map((i) => i.textContent);
    // Every action the registry lists for this visit ("No longer running late" only for one running late).
    const listed = actions.appointmentActions.all().filter((a) => !a.listed || a.listed(visit));
    expect(listed.length).toBeLessThan(actions.appointmentActions.all().length);
    expect(names).toEqual(listed.map((a) => a.words));
    cleanup();
    render(<menus.MarkMenuButton item={visit} onAction={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark as…' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).not.toContain('Open details');
  });

  it('shows a planted action and hands it back when chosen', async () => {
    actions.appointmentActions.register({ name: 'planted', words: 'Planted item', section: 'actions', pick: 'edit' });
    try {
      const onAction = vi.fn();
      openMenu(onAction);
      await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Planted item' }));
      expect(onAction).toHaveBeenCalledWith(visit, 'edit');
    } finally {
      actions.appointmentActions.unregister('planted');
    }
  });

  it('says a waiting mark and a check-in in the marks’ words', () => {
    expect(actions.pendingMarkWords({ ...visit, pendingMark: 'noshow' })).toBe('No-show — waiting to sync');
    expect(actions.pendingMarkWords(visit)).toBeNull();
  });
});
