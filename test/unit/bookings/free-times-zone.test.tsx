// @vitest-environment jsdom
/**
 * The free times' zone label names the zone as it is on the form's day: on the Sunday night the clocks go back,
 * Monday's times are CST though it is still CDT now.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installRecordingBridge } from '../../support/recording-bridge';
import type { FreeTimes as Times } from '../../../renderer/features/bookings/FreeTimes';
import type { useBookingStore as BookingStore } from '../../../renderer/stores/booking-store';

let FreeTimes: typeof Times;
let useBookingStore: typeof BookingStore;

beforeAll(async () => {
  installRecordingBridge();
  ({ FreeTimes } = await import('../../../renderer/features/bookings/FreeTimes'));
  ({ useBookingStore } = await import('../../../renderer/stores/booking-store'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useBookingStore.getState().clear();
});

const slot = {
  time: '2026-11-02T09:00:00',
  start: '2026-11-02T09:00:00-06:00',
  end: '2026-11-02T10:00:00-06:00',
  providers: [],
};

describe('free times across the change of clocks', () => {
  it('labels Monday’s times CST while it is still CDT now', () => {
    // 00:30 CDT on Sunday 1 November 2026, 90 minutes before the clocks go back.
    vi.useFakeTimers({ now: Date.parse('2026-11-01T00:30:00-05:00'), toFake: ['Date'] });
    useBookingStore.setState({ form: { ...useBookingStore.getState().form, day: '2026-11-02' } });
    render(
      <FreeTimes
        slots={[slot]}
        error={null}
        providers={[]}
        zone="America/Chicago"
        fieldError={undefined}
        wanted={null}
      />,
    );
    expect(screen.getByText(/^Times in Chicago time/).textContent).toBe('Times in Chicago time (CST)');
  });
});
