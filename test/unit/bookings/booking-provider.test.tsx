// @vitest-environment jsdom
/**
 * Choosing the provider (Testing Library): the type's calendars are offered by name with "Anyone available"; each
 * free time names who is free then; choosing a provider leaves only their times; the free times are one radio
 * group (arrow keys move the choice, one Tab stop); the day opens on the first day with a free time; the booking
 * names the provider's calendar; the result takes the focus.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { BookingPageView, SlotView } from '../../../common/contract';
import type { BookingView as View } from '../../../renderer/features/bookings/BookingView';
import type { useBookingStore as BookingStore } from '../../../renderer/stores/booking-store';

let calls: BridgeCall[] = [];
let BookingView: typeof View;
let useBookingStore: typeof BookingStore;

const hart = { id: 1001, name: 'Dr. Amelia Hart' };
const okafor = { id: 1002, name: 'Dr. Samuel Okafor' };
const page: BookingPageView = {
  id: '3002',
  slug: 'lakeside-dental',
  name: 'Lakeside online booking',
  timeZone: 'America/Chicago',
  types: [
    {
      key: 'new-patient',
      label: 'New patient exam',
      lengthMinutes: 60,
      calendarIds: [1001, 1002],
      providers: [hart, okafor],
    },
  ],
  fields: [],
  requires: { name: true, phone: false, email: false },
  consent: { textMessaging: false, marketing: false },
};
const at = (hhmm: string, providers: number[]): SlotView => ({
  time: `2030-01-09T${hhmm}:00`,
  start: `2030-01-09T${hhmm}:00-06:00`,
  end: `2030-01-09T${hhmm}:30-06:00`,
  providers,
});
const slots = [at('09:00', [1001, 1002]), at('10:00', [1002]), at('11:00', [1001])];

beforeAll(async () => {
  calls = installRecordingBridge({
    'bookings:pages': [page],
    'bookings:availability': slots,
    'bookings:book': { id: 'b1', kind: 'booking.book_now', about: { who: '' }, status: 'queued', result: null },
  });
  ({ BookingView } = await import('../../../renderer/features/bookings/BookingView'));
  ({ useBookingStore } = await import('../../../renderer/stores/booking-store'));
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  useBookingStore.getState().clear();
});

const times = () => within(screen.getByRole('radiogroup', { name: 'Free times' })).getAllByRole('radio');

describe('choosing the provider', () => {
  it('offers the type’s providers and “Anyone available”, and each time names who is free', async () => {
    render(<BookingView />);
    await waitFor(() => expect(times()).toHaveLength(3));
    const providers = within(screen.getByRole('radiogroup', { name: 'Provider' })).getAllByRole('radio');
    expect(providers.map((r) => r.closest('label')?.textContent)).toEqual([
      'Dr. Amelia Hart',
      'Dr. Samuel Okafor',
      'Anyone available',
    ]);
    expect(screen.getByRole('radio', { name: 'Anyone available' })).toHaveProperty('checked', true);
    expect(times().map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^9:00\sAM\s*Dr\. Amelia Hart or Dr\. Samuel Okafor$/),
      expect.stringMatching(/^10:00\sAM\s*Dr\. Samuel Okafor$/),
      expect.stringMatching(/^11:00\sAM\s*Dr\. Amelia Hart$/),
    ]);
    // The day opened on the first day with a free time (in the page's zone).
    expect(screen.getByLabelText<HTMLInputElement>('Day').value).toBe('2030-01-09');
  });

  it('a chosen provider leaves only their times, and the booking names their calendar', async () => {
    const user = userEvent.setup();
    render(<BookingView />);
    await waitFor(() => expect(times()).toHaveLength(3));
    await user.click(screen.getByRole('radio', { name: 'Dr. Amelia Hart' }));
    expect(times().map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^9:00\sAM\s*Dr\. Amelia Hart$/),
      expect.stringMatching(/^11:00\sAM\s*Dr\. Amelia Hart$/),
    ]);
    await user.click(times()[1]!);
    await user.type(screen.getByLabelText('Name'), 'Nora Quinn');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(calls.filter((c) => c.channel === 'bookings:book')).toHaveLength(1));
    expect(calls.find((c) => c.channel === 'bookings:book')?.args).toMatchObject({
      time: '2030-01-09T11:00:00',
      provider: 1001,
    });
    // The outcome takes the focus and names the provider, the type and the time.
    const result = await screen.findByTestId('booking-result');
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(result.textContent).toMatch(/Dr\. Amelia Hart.*New patient exam.*Wed 9 Jan 2030, 11:00\sAM/);
  });

  it('the free times are one Tab stop and the arrow keys move the choice', async () => {
    const user = userEvent.setup();
    render(<BookingView />);
    await waitFor(() => expect(times()).toHaveLength(3));
    await user.click(times()[0]!);
    expect(times()[0]).toHaveProperty('checked', true);
    await user.keyboard('{ArrowRight}');
    expect(times()[1]).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(times()[1]);
    expect(useBookingStore.getState().form.slot?.time).toBe('2030-01-09T10:00:00');
    // Tab leaves the group at once (to the caller's name), not to the next time.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });
});
