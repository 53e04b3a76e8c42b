// @vitest-environment jsdom
/**
 * The appointment form (Testing Library): what is missing or wrong is said in plain words next to the field, the
 * first problem gets focus, nothing is queued until the form is right, the times sent are in the practice's zone,
 * and what was typed survives closing the dialog.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels } from '../../../common/contract';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';

import type { AppointmentEditor as Editor } from '../../../renderer/features/calendar/AppointmentEditor';
import type { useCalendarStore as CalendarStore } from '../../../renderer/stores/calendar-store';

let calls: BridgeCall[] = [];
// Imported after the bridge exists (the renderer reads window.frontdesk when it loads).
let AppointmentEditor: typeof Editor;
let useCalendarStore: typeof CalendarStore;

beforeAll(async () => {
  // The bridge main would provide, recording what the form sends: every write is queued.
  const queued = { id: '6a0c1c9e-0000-4000-8000-000000000001', kind: 'event.create', status: 'queued', result: null };
  calls = installRecordingBridge(new Proxy({}, { get: () => queued }));
  ({ AppointmentEditor } = await import('../../../renderer/features/calendar/AppointmentEditor'));
  ({ useCalendarStore } = await import('../../../renderer/stores/calendar-store'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  useCalendarStore.getState().clear();
});

const ZONE = 'America/Chicago';

/** What a screen reader reads after the field's name: the text of the elements its aria-describedby names. */
function description(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const start = Date.parse('2030-01-08T15:00:00Z'); // 9:00 in Chicago

function openNew() {
  useCalendarStore.setState({
    calendars: [
      { id: 1001, name: 'Dr. Amelia Hart', timeZone: ZONE },
      { id: 1003, name: 'Hygiene', timeZone: ZONE },
    ],
    anchor: '2030-01-08',
  });
  useCalendarStore.getState().openNew({ start, calendarId: 1003 });
  return render(<AppointmentEditor zone={ZONE} />);
}

describe('appointment form', () => {
  it('names what is missing, focuses it, and queues nothing', async () => {
    const user = userEvent.setup();
    openNew();
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('09:00');
    expect((screen.getByLabelText('Calendar') as HTMLSelectElement).value).toBe('1003');
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    expect(screen.getByText('Enter what the appointment is for.')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(calls.filter((c) => c.channel === 'calendar:create')).toEqual([]);
  });

  it('refuses an end before the start, a bad phone and a bad e-mail, each in plain words', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('Title'), 'Cleaning - Maria Garcia');
    await user.clear(screen.getByLabelText('Ends'));
    await user.type(screen.getByLabelText('Ends'), '08:30');
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    await user.type(screen.getByLabelText('Phone (person 1)'), 'call me');
    await user.type(screen.getByLabelText('E-mail (person 1)'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(screen.getByText('Use only digits, spaces and + ( ) - . in a phone number.')).toBeTruthy();
    expect(screen.getByText('This does not look like an e-mail address.')).toBeTruthy();
    expect(calls.filter((c) => c.channel === 'calendar:create')).toEqual([]);
    // Digits but too few to be a whole number: the same rule the contract applies.
    await user.clear(screen.getByLabelText('Phone (person 1)'));
    await user.type(screen.getByLabelText('Phone (person 1)'), '555-01');
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    expect(screen.getByText('This does not look like a phone number.')).toBeTruthy();
    // An empty person row is a problem too, until removed.
    await user.clear(screen.getByLabelText('Phone (person 1)'));
    await user.clear(screen.getByLabelText('E-mail (person 1)'));
    expect(screen.getByText('Enter a name, phone or e-mail, or remove this person.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove person 1' }));
    expect(screen.queryByText('Enter a name, phone or e-mail, or remove this person.')).toBeNull();
  });

  it('says next to each field what the contract refuses in it: lengths of title, location, notes and a name', async () => {
    const user = userEvent.setup();
    openNew();
    const paste = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await paste('Title', 'T'.repeat(501));
    await paste('Location', 'L'.repeat(1001));
    await paste('Notes', 'N'.repeat(10_001));
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    await paste('Name (person 1)', 'M'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    expect(description(screen.getByLabelText('Title'))).toBe('Keep the title under 500 characters.');
    expect(description(screen.getByLabelText('Location'))).toBe('Keep the location under 1,000 characters.');
    expect(description(screen.getByLabelText('Notes'))).toBe('Keep the notes under 10,000 characters.');
    expect(description(screen.getByLabelText('Name (person 1)'))).toBe('Keep the name under 200 characters.');
    expect(calls.filter((c) => c.channel === 'calendar:create')).toEqual([]);
  });

  it('checks with the contract’s own schema: a rule added to calendar:create shows on the form', async () => {
    const channel = invokeChannels['calendar:create'];
    const original = channel.args;
    channel.args = original.refine((a) => !a.title.includes('TBD'), {
      message: 'Say what the appointment is for.',
      path: ['title'],
    });
    try {
      const user = userEvent.setup();
      openNew();
      await user.type(screen.getByLabelText('Title'), 'Cleaning TBD');
      await user.click(screen.getByRole('button', { name: 'Add appointment' }));
      expect(description(screen.getByLabelText('Title'))).toBe('Say what the appointment is for.');
      expect(calls.filter((c) => c.channel === 'calendar:create')).toEqual([]);
    } finally {
      channel.args = original;
    }
  });

  it('sends a right form once, with times in the practice zone', async () => {
    const user = userEvent.setup();
    openNew();
    await user.type(screen.getByLabelText('Title'), '  Cleaning - Maria Garcia ');
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    await user.type(screen.getByLabelText('Name (person 1)'), 'Maria Garcia');
    await user.type(screen.getByLabelText('Phone (person 1)'), '(312) 555-0143');
    await user.click(screen.getByRole('button', { name: 'Add appointment' }));
    await waitFor(() => expect(calls.filter((c) => c.channel === 'calendar:create')).toHaveLength(1));
    expect(calls.find((c) => c.channel === 'calendar:create')!.args).toEqual({
      calendarId: 1003,
      title: 'Cleaning - Maria Garcia',
      start: '2030-01-08T09:00:00-06:00',
      end: '2030-01-08T09:30:00-06:00',
      participants: [{ name: 'Maria Garcia', phone: '(312) 555-0143' }],
    });
    await waitFor(() => expect(useCalendarStore.getState().editor).toBeNull());
  });

  it('keeps what was typed when the dialog is closed and opened again', async () => {
    const user = userEvent.setup();
    const view = openNew();
    await user.type(screen.getByLabelText('Title'), 'Root canal');
    await user.type(screen.getByLabelText('Notes'), 'Bring X-rays');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(useCalendarStore.getState().editor).toBeNull();
    view.unmount();
    useCalendarStore.getState().openNew({ start, calendarId: 1003 });
    render(<AppointmentEditor zone={ZONE} />);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Root canal');
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Bring X-rays');
  });
});
