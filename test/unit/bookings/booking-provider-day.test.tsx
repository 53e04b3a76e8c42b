// @vitest-environment jsdom
/**
 * Choosing a provider on the day the form chose by itself (the first day anyone is free) opens that provider's first
 * free day; a day the desk chose stays.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { BookingPageView, SlotView } from '../../../common/contract';
import type { BookingView as View } from '../../../renderer/features/bookings/BookingView';
import type { useBookingStore as BookingStore } from '../../../renderer/stores/booking-store';

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
const at = (day: string, hhmm: string, providers: number[]): SlotView => ({
  time: `${day}T${hhmm}:00`,
  start: `${day}T${hhmm}:00-06:00`,
  end: `${day}T${hhmm}:30-06:00`,
  providers,
});
// Late on the 9th only Dr. Hart is free; Dr. Okafor's next time is on the 10th.
const slots = [at('2030-01-09', '16:00', [1001]), at('2030-01-10', '09:00', [1001, 1002])];

beforeAll(async () => {
  installRecordingBridge({
    'bookings:pages': [page],
    // One day asked for: that day's times; the two-week search: all of them.
    'bookings:availability': ({ begin, end }: { begin: string; end: string }) =>
      Date.parse(end) - Date.parse(begin) < 2 * 86_400_000
        ? slots.filter((s) => s.time.startsWith(begin.slice(0, 10)))
        : slots,
  });
  ({ BookingView } = await import('../../../renderer/features/bookings/BookingView'));
  ({ useBookingStore } = await import('../../../renderer/stores/booking-store'));
});

afterEach(() => {
  cleanup();
  useBookingStore.getState().clear();
});

const times = () => within(screen.getByRole('radiogroup', { name: 'Free times' })).queryAllByRole('radio');
const day = () => screen.getByLabelText<HTMLInputElement>('Day').value;

describe('the day follows the chosen provider', () => {
  it('opens the chosen provider’s first free day when the form chose the day', async () => {
    const user = userEvent.setup();
    render(<BookingView />);
    await waitFor(() => expect(times()).toHaveLength(1));
    expect(day()).toBe('2030-01-09');
    await user.click(screen.getByRole('radio', { name: 'Dr. Samuel Okafor' }));
    await waitFor(() => expect(day()).toBe('2030-01-10'));
    await waitFor(() =>
      expect(times().map((r) => r.closest('label')?.textContent)).toEqual([
        expect.stringMatching(/^9:00\sAM\s*Dr\. Samuel Okafor$/),
      ]),
    );
  });

  it('keeps a day the desk chose, and says the provider has no free times on it', async () => {
    const user = userEvent.setup();
    render(<BookingView />);
    await waitFor(() => expect(times()).toHaveLength(1));
    // A date field: the desk picks the day as a whole.
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2030-01-10' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2030-01-09' } });
    expect(useBookingStore.getState().form.dayPicked).toBe(true);
    await waitFor(() => expect(times()).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Dr. Samuel Okafor' }));
    await screen.findByText(/Dr\. Samuel Okafor has no free times on this day/);
    expect(day()).toBe('2030-01-09');
  });
});
