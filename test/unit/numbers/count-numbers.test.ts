/**
 * Counting the practice's numbers: what is a visit, what became of it (a mark waiting here counts as sent), which
 * minutes fall in the working hours on the practice's clock, and bookings by page on their appointment's day.
 */
import { describe, expect, it } from 'vitest';
import type { AgendaItem, BookingSummary } from '../../../common/contract';
import { countPages, countProviders, rangeInstants } from '../../../main/core/numbers/count-numbers';

const ZONE = 'America/Chicago';
// Monday 30 Nov to Sunday 6 Dec 2026 (CST, UTC−6).
const WEEK = { from: '2026-11-30', to: '2026-12-06', zone: ZONE };

let next = 1;
function visit(start: string, minutes: number, over: Partial<AgendaItem> = {}, person = {}): AgendaItem {
  const at = Date.parse(start);
  return {
    id: next++,
    title: 'Check-up',
    start: new Date(at).toISOString(),
    end: new Date(at + minutes * 60_000).toISOString(),
    calendarId: 1,
    calendarName: 'Dr. Hart',
    location: '',
    people: [{ name: 'Ada', phone: '', email: '', state: 'confirmed', checkIn: null, ...person }],
    pending: null,
    pendingMark: null,
    ...over,
  };
}

describe('counting the numbers', () => {
  it('counts visits and what became of them, per provider', () => {
    const [row] = countProviders({
      ...WEEK,
      calendars: [{ id: 1, name: 'Dr. Hart', timeZone: ZONE }],
      standing: [
        visit('2026-11-30T09:00:00-06:00', 30, {}, { checkIn: 'arrived' }),
        visit('2026-11-30T10:00:00-06:00', 30, {}, { checkIn: 'late' }),
        visit('2026-11-30T11:00:00-06:00', 30, {}, { checkIn: 'noshow' }),
        visit('2026-12-01T09:00:00-06:00', 30, { pendingMark: 'noshow' }),
        visit('2026-12-01T10:00:00-06:00', 30, {}, { state: 'not_coming_needs_reschedule' }),
        visit('2026-12-01T11:00:00-06:00', 30, { free: true }),
        visit('2026-12-01T12:00:00-06:00', 60, { people: [] }),
        visit('2026-12-07T09:00:00-06:00', 30),
      ],
      cancelled: [visit('2026-12-02T09:00:00-06:00', 30)],
      texts: new Map([[1, { sent: 3, replies: 2 }]]),
    });
    expect(row).toMatchObject({
      visits: 4,
      arrivals: 2,
      lateArrivals: 1,
      noShows: 2,
      cancellations: 2,
      texts: { sent: 3, replies: 2 },
    });
  });

  it('counts the minutes inside Monday to Friday, 8 AM to 6 PM, on the practice clock', () => {
    const [row, other] = countProviders({
      ...WEEK,
      calendars: [
        { id: 1, name: 'Dr. Hart', timeZone: ZONE },
        { id: 2, name: 'Hygiene', timeZone: ZONE },
      ],
      standing: [
        visit('2026-11-30T17:30:00-06:00', 60), // 30 minutes before closing
        visit('2026-11-30T07:00:00-06:00', 90), // 30 minutes after opening
        visit('2026-12-05T10:00:00-06:00', 60), // a Saturday
      ],
      cancelled: [],
      texts: null,
    });
    expect(row).toMatchObject({ visits: 3, bookedMinutes: 60, workingMinutes: 5 * 600 });
    expect(other).toMatchObject({ calendarId: 2, visits: 0, bookedMinutes: 0, workingMinutes: 5 * 600 });
  });

  it('reckons the days on the practice clock across a change of the clocks', () => {
    // Sunday 1 Nov 2026 has 25 hours in Chicago.
    const { begin, end } = rangeInstants({ from: '2026-11-01', to: '2026-11-01', zone: ZONE });
    expect((end - begin) / 3_600_000).toBe(25);
  });

  it('counts bookings by page on their appointment day, failed ones left out', () => {
    const booking = (id: number, page: string, start: string, over: Partial<BookingSummary> = {}): BookingSummary => ({
      id,
      state: 'booked',
      name: '',
      phone: '',
      email: '',
      start,
      end: start,
      createdAt: null,
      page,
      appointmentType: '',
      title: null,
      calendarName: null,
      ...over,
    });
    const pages = countPages(
      WEEK,
      [
        booking(1, 'lakeside', '2026-12-01T15:00:00Z'),
        booking(2, 'lakeside', '2026-12-01T16:00:00Z', {
          appointment: { id: 9, start: '', end: '', state: 'cancelled' },
        }),
        booking(3, 'lakeside', '2026-12-01T17:00:00Z', { state: 'failed' }),
        booking(4, 'lakeside', '2026-12-08T15:00:00Z'),
        booking(5, 'other', '2026-12-02T15:00:00Z', { state: 'pending' }),
      ],
      [
        {
          id: '1',
          slug: 'lakeside',
          name: 'Lakeside online booking',
          timeZone: ZONE,
          types: [],
          fields: [],
          requires: { name: true, phone: false, email: false },
          consent: { textMessaging: false, marketing: false },
        },
      ],
    );
    expect(pages).toEqual([
      { page: 'lakeside', name: 'Lakeside online booking', bookings: 2, cancelled: 1 },
      { page: 'other', name: '', bookings: 1, cancelled: 0 },
    ]);
  });
});
