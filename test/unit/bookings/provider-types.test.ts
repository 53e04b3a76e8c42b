// @vitest-environment jsdom
/**
 * Which appointment types the form offers with a provider: all for "Anyone available"; the types that are that
 * provider's alone where there are any (book_now books them on that calendar); else the shared types they are
 * among, booked as a staff booking on their calendar. Choosing a provider moves the form to a type offered with
 * them, and their free times are asked for them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installRecordingBridge, type BridgeCall } from '../../support/recording-bridge';
import type { BookingPageView } from '../../../common/contract';
import type * as Store from '../../../renderer/stores/booking-store';

let calls: BridgeCall[] = [];
let store: typeof Store;

const hart = { id: 1001, name: 'Dr. Amelia Hart' };
const okafor = { id: 1002, name: 'Dr. Samuel Okafor' };
const type = (key: string, providers: { id: number; name: string }[]) => ({
  key,
  label: key,
  lengthMinutes: 30,
  calendarIds: providers.map((p) => p.id),
  providers,
});
const page: BookingPageView = {
  id: '3002',
  slug: 'lakeside-dental',
  name: 'Lakeside online booking',
  timeZone: 'America/Chicago',
  types: [type('new-patient', [hart, okafor]), type('consultation', [hart]), type('emergency', [okafor, hart])],
  fields: [],
  requires: { name: true, phone: false, email: false },
  consent: { textMessaging: false, marketing: false },
};

beforeAll(async () => {
  calls = installRecordingBridge({ 'bookings:pages': [page], 'bookings:availability': [] });
  store = await import('../../../renderer/stores/booking-store');
});

const keys = (types: { key: string }[]) => types.map((t) => t.key);

describe('the types offered with a provider', () => {
  it('all for anyone; a provider’s own types where there are any; else the shared ones, as a staff booking', () => {
    expect(store.pageProviders(page)).toEqual([hart, okafor]);
    expect(keys(store.typesFor(page, null))).toEqual(['new-patient', 'consultation', 'emergency']);
    expect(keys(store.typesFor(page, hart.id))).toEqual(['consultation']);
    expect(keys(store.typesFor(page, okafor.id))).toEqual(['new-patient', 'emergency']);
    expect(store.isStaffBooking(page, 'consultation', hart.id)).toBe(false);
    expect(store.isStaffBooking(page, 'new-patient', okafor.id)).toBe(true);
    expect(store.isStaffBooking(page, 'new-patient', null)).toBe(false);
  });

  it('choosing a provider moves the form to a type offered with them and asks for their free times', async () => {
    const { useBookingStore } = store;
    await useBookingStore.getState().loadPages();
    expect(useBookingStore.getState().form.appointmentType).toBe('new-patient');
    calls.length = 0;
    useBookingStore.getState().update({ provider: hart.id });
    expect(useBookingStore.getState().form.appointmentType).toBe('consultation');
    await Promise.resolve();
    const asked = calls.filter((c) => c.channel === 'bookings:availability').map((c) => c.args);
    expect(asked).toEqual([expect.objectContaining({ appointmentType: 'consultation', provider: hart.id })]);
  });
});
