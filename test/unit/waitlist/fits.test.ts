/**
 * Who on the waitlist fits a freed time: the provider or anyone, the weekday, a window that holds the whole visit (on
 * the practice's clock), and the type when both name one.
 */
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../../common/contract';
import { fits } from '../../../main/core/waitlist/waitlist-service';

const ZONE = 'America/Chicago';
const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  key: 'k',
  name: 'Ann Early',
  phone: '+13125550191',
  phoneDisplay: '(312) 555-0191',
  contactId: null,
  calendarId: null,
  providerName: '',
  appointmentType: '',
  days: [1, 2, 3, 4, 5],
  from: '08:00',
  to: '12:00',
  note: '',
  addedAt: '2026-12-01T15:00:00.000Z',
  pending: false,
  ...over,
});
// Thursday 3 Dec 2026, 8:45–9:45 AM in Chicago.
const freed = {
  appointmentId: 1,
  calendarId: 1001,
  calendarName: 'Dr. Amelia Hart',
  start: '2026-12-03T08:45:00-06:00',
  end: '2026-12-03T09:45:00-06:00',
  appointmentType: 'Cleaning',
};

describe('who fits a freed time', () => {
  it('anyone or that provider, on a day and in a window that suit them', () => {
    expect(fits(entry(), freed, ZONE)).toBe(true);
    expect(fits(entry({ calendarId: 1001 }), freed, ZONE)).toBe(true);
    expect(fits(entry({ calendarId: 1002 }), freed, ZONE)).toBe(false);
    expect(fits(entry({ days: [1, 2, 3, 5] }), freed, ZONE)).toBe(false);
  });

  it('the whole visit inside the window, on the practice’s clock (not UTC’s)', () => {
    expect(fits(entry({ from: '09:00' }), freed, ZONE)).toBe(false);
    expect(fits(entry({ to: '09:30' }), freed, ZONE)).toBe(false);
    expect(fits(entry({ from: '08:45', to: '09:45' }), freed, ZONE)).toBe(true);
    // In UTC the visit is at 14:45: a window of 14:00–16:00 must not fit it.
    expect(fits(entry({ from: '14:00', to: '16:00' }), freed, ZONE)).toBe(false);
  });

  it('the type when both name one', () => {
    expect(fits(entry({ appointmentType: 'cleaning' }), freed, ZONE)).toBe(true);
    expect(fits(entry({ appointmentType: 'Crown fitting' }), freed, ZONE)).toBe(false);
    expect(fits(entry({ appointmentType: 'Crown fitting' }), { ...freed, appointmentType: '' }, ZONE)).toBe(true);
  });
});
