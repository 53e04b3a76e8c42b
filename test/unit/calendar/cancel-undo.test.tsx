// @vitest-environment jsdom
/**
 * After a cancellation or a move on the schedule: Undo is offered for 10 seconds, no more and no less (fake timers);
 * and a visit whose cancellation is waiting to be sent offers no marks (Arrived, No-show, …) until it is settled,
 * in its menu or in its details.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgendaItem, OutboxItem } from '../../../common/contract';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type * as Sync from '../../../renderer/features/calendar/schedule-sync';
import type * as Menus from '../../../renderer/features/calendar/AppointmentMenu';
import type { UndoToast as Toast } from '../../../renderer/features/calendar/UndoToast';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

let calls: BridgeCall[] = [];
let sync: typeof Sync;
let menus: typeof Menus;
let UndoToast: typeof Toast;
let calendar: typeof CalendarStore;

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

const queued = (id: string, kind: OutboxItem['kind']): OutboxItem => ({
  id,
  kind,
  about: { who: '', title: '', appointmentType: '', mark: '', text: '' },
  status: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  error: null,
  reason: null,
  requiredScope: null,
  timePassed: false,
  result: null,
  canRetry: true,
  appointmentAt: null,
  zone: null,
});

beforeAll(async () => {
  calls = installRecordingBridge({
    'calendar:cancel': queued('op-cancel', 'event.delete'),
    'calendar:update': queued('op-move', 'event.update'),
  });
  sync = await import('../../../renderer/features/calendar/schedule-sync');
  menus = await import('../../../renderer/features/calendar/AppointmentMenu');
  ({ UndoToast } = await import('../../../renderer/features/calendar/UndoToast'));
  ({ useCalendarStore: calendar } = await import('../../../renderer/stores/calendar-store'));
});

beforeEach(() => {
  calendar.setState({ items: [visit], undo: null, notice: null });
  calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const toast = () => screen.getByTestId('schedule-toast');
const undoOffered = () => within(toast()).queryByRole('button', { name: 'Undo' }) !== null;

describe('Undo after a change on the schedule', () => {
  it.each([
    ['a cancellation', () => sync.cancelAppointment(visit), /^Cancelled Cleaning for Maria Garcia at/],
    [
      'a move',
      () => sync.moveAppointment(visit, '2030-01-08T17:00:00Z', '2030-01-08T17:30:00Z'),
      /^Moved Cleaning for Maria Garcia to/,
    ],
  ])('is offered for 10 seconds after %s', async (_what, change, words) => {
    vi.useFakeTimers();
    render(<UndoToast />);
    await act(change);
    expect(undoOffered()).toBe(true);
    expect(toast().textContent).toMatch(words);
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(undoOffered(), 'still offered just before 10 s').toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(undoOffered(), 'gone at 10 s').toBe(false);
  });
});

describe('a visit whose cancellation is waiting to be sent', () => {
  const marks = [
    'Arrived',
    'On time',
    'Arrived late',
    'No-show',
    'Confirmed',
    'Cancelled',
    'Wants a new time',
    'Running late',
  ];

  /** The marks of an open menu, and whether each can be chosen. */
  const offered = () =>
    Object.fromEntries(
      marks.map((name) => [name, screen.getByRole('menuitem', { name }).getAttribute('aria-disabled') !== 'true']),
    );

  it('is shown as being cancelled once the cancellation is queued', async () => {
    await sync.cancelAppointment(visit);
    expect(calls.map((c) => c.channel)).toEqual(['calendar:cancel']);
    expect(calendar.getState().items[0]?.pending).toMatchObject({ change: 'delete', changeId: 'op-cancel' });
  });

  it('offers no marks in its details, and choosing one does nothing', async () => {
    await sync.cancelAppointment(visit);
    const cancelling = calendar.getState().items[0]!;
    const onAction = vi.fn();
    const user = userEvent.setup();
    render(<menus.MarkMenuButton item={cancelling} onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Mark as…' }));
    expect(offered()).toEqual(Object.fromEntries(marks.map((name) => [name, false])));
    await user.click(screen.getByRole('menuitem', { name: 'No-show' }));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('offers no marks in its menu on the schedule', async () => {
    await sync.cancelAppointment(visit);
    const cancelling = calendar.getState().items[0]!;
    const onAction = vi.fn();
    render(<menus.ContextMenu item={cancelling} at={{ x: 10, y: 10 }} onAction={onAction} onClose={() => undefined} />);
    expect(offered()).toEqual(Object.fromEntries(marks.map((name) => [name, false])));
    // it says why, and does not promise marks that will never come (the visit goes once the cancellation is sent)
    expect(screen.getByText('No marks: this appointment is being cancelled')).toBeTruthy();
    expect(screen.queryByText(/once it has synced/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Arrived' }));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('(the same menus offer every mark on a visit with nothing waiting)', async () => {
    const onAction = vi.fn();
    const user = userEvent.setup();
    render(<menus.MarkMenuButton item={visit} onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Mark as…' }));
    expect(offered()).toEqual(Object.fromEntries(marks.map((name) => [name, true])));
    await user.click(screen.getByRole('menuitem', { name: 'No-show' }));
    expect(onAction).toHaveBeenCalledWith(visit, { mark: 'noshow' });
  });
});
