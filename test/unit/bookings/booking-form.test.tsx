// @vitest-environment jsdom
/**
 * The booking form (Testing Library): a time and the caller's details the page requires are asked for in plain
 * words next to their fields, nothing is booked until the form is right, and then exactly one booking is sent with
 * the chosen time and the page's answers (numbers as numbers, consent asked).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import { invokeChannels, type BookingPageView, type SlotView } from '../../../common/contract';
import type { BookingView as View } from '../../../renderer/features/bookings/BookingView';
import type { useBookingStore as BookingStore } from '../../../renderer/stores/booking-store';

let calls: BridgeCall[] = [];
let BookingView: typeof View;
let useBookingStore: typeof BookingStore;

const page: BookingPageView = {
  id: 'p1',
  slug: 'lakeside',
  name: 'Lakeside Dental',
  timeZone: 'America/Chicago',
  types: [{ key: 'cleaning', label: 'Cleaning', lengthMinutes: 30, calendarIds: [1003], providers: [] }],
  fields: [
    { key: 'insurance', label: 'Insurance', type: 'dropdown', required: true, options: ['Aetna', 'None'] },
    { key: 'age', label: 'Age', type: 'number', required: false, options: [] },
  ],
  requires: { name: true, phone: true, email: false },
  consent: { textMessaging: true, marketing: false },
};
const slot: SlotView = {
  time: '2030-01-08T09:00:00',
  start: '2030-01-08T09:00:00-06:00',
  end: '2030-01-08T09:30:00-06:00',
  providers: [],
};

beforeAll(async () => {
  // The bridge main would provide: one page with one free time; every call is recorded.
  const answers: Record<string, unknown> = {
    'bookings:pages': [page],
    'bookings:availability': [slot],
    'bookings:book': { id: 'b1', kind: 'booking.book_now', about: { who: '' }, status: 'queued', result: null },
    // A caller with no earlier bookings: nothing to fill in.
    'bookings:answers': { answers: {}, from: null, fetchedAt: Date.now(), source: 'service' },
  };
  calls = installRecordingBridge(answers);
  ({ BookingView } = await import('../../../renderer/features/bookings/BookingView'));
  ({ useBookingStore } = await import('../../../renderer/stores/booking-store'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  useBookingStore.getState().clear();
});

/** What a screen reader reads after the field's name: the text of the elements its aria-describedby names. */
function description(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const sent = (channel: string) => calls.filter((c) => c.channel === channel);

/** The one free time the page offers. */
const freeTime = () => within(screen.getByRole('radiogroup', { name: 'Free times' })).getByRole('radio');

async function openForm() {
  render(<BookingView />);
  await waitFor(() => freeTime());
}

describe('booking form', () => {
  it('asks for the time, the name, the phone, the page’s required answer and consent, and books nothing', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Phone'), '555');
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(screen.getByText('Choose a time.')).toBeTruthy();
    expect(description(screen.getByLabelText('Name'))).toBe('Enter the caller’s name.');
    expect(description(screen.getByLabelText('Phone'))).toBe('This does not look like a phone number.');
    expect(description(screen.getByLabelText(/^Insurance/))).toBe('Insurance is required.');
    expect(screen.getByText('Ask whether they agree to appointment text messages.')).toBeTruthy();
    expect(sent('bookings:book')).toHaveLength(0);
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555');
  });

  it('refuses a phone with letters the way main would (the shared input rules), and books nothing', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Phone'), '708 555 0120 ext');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(description(screen.getByLabelText('Phone'))).toBe(
      'Use only digits, spaces and + ( ) - . in a phone number.',
    );
    expect(sent('bookings:book')).toHaveLength(0);
  });

  it('says next to each field what the contract refuses in it: an e-mail, a long name, a number, too many digits', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('M'.repeat(201));
    await user.type(screen.getByLabelText('Phone'), '+1 312 555 0120 4455 66');
    await user.type(screen.getByLabelText('E-mail (optional)'), 'maria@');
    await user.type(screen.getByLabelText(/^Age/), 'forty');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(description(screen.getByLabelText('Name'))).toBe('Keep the name under 200 characters.');
    expect(description(screen.getByLabelText('Phone'))).toBe('This does not look like a phone number.');
    expect(description(screen.getByLabelText('E-mail (optional)'))).toBe('This does not look like an e-mail address.');
    expect(description(screen.getByLabelText(/^Age/))).toBe('Age must be a number.');
    expect(sent('bookings:book')).toHaveLength(0);
  });

  it('checks with the contract’s own schema: a rule added to bookings:book shows on the form', async () => {
    const channel = invokeChannels['bookings:book'];
    const original = channel.args;
    channel.args = original.refine((b) => !b.email.endsWith('.invalid'), {
      message: 'Use the caller’s own e-mail address.',
      path: ['email'],
    });
    try {
      const user = userEvent.setup();
      await openForm();
      await user.type(screen.getByLabelText('E-mail (optional)'), 'maria@example.invalid');
      await user.click(screen.getByRole('button', { name: 'Book' }));
      expect(description(screen.getByLabelText('E-mail (optional)'))).toBe('Use the caller’s own e-mail address.');
      expect(sent('bookings:book')).toHaveLength(0);
    } finally {
      channel.args = original;
    }
  });

  it('once right, books exactly once with the chosen time and the page’s answers', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(freeTime());
    await user.type(screen.getByLabelText('Name'), 'Maria Garcia');
    await user.type(screen.getByLabelText('Phone'), '(708) 555-0120');
    await user.selectOptions(screen.getByLabelText(/^Insurance/), 'Aetna');
    await user.type(screen.getByLabelText(/^Age/), '42');
    await user.click(screen.getByRole('radio', { name: /^Yes/ }));
    await user.click(screen.getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(sent('bookings:book')).toHaveLength(1));
    expect(sent('bookings:book')[0]?.args).toEqual({
      page: 'lakeside',
      appointmentType: 'cleaning',
      time: slot.time,
      startsAt: slot.start,
      name: 'Maria Garcia',
      phone: '(708) 555-0120',
      email: '',
      fieldData: { insurance: 'Aetna', age: 42 },
      optedIntoTextMessaging: true,
    });
  });
});
