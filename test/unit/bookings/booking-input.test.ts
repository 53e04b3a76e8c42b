/** A queued booking opens in the form as it was typed: the form ↔ input mappings are each other's inverse. */
import { expect, it } from 'vitest';
import type { BookingPageView } from '../../../common/contract';
import { formOfBooking, toBookingInput } from '../../../renderer/stores/booking-input';
import type { BookingForm } from '../../../renderer/stores/booking-input';

const page: BookingPageView = {
  id: 'p1',
  slug: 'lakeside-dental',
  name: 'Lakeside online booking',
  timeZone: 'America/Denver',
  types: [{ key: 'new-patient', label: 'New patient', lengthMinutes: 60, calendarIds: [3, 4], providers: [] }],
  fields: [
    { key: 'insurance', label: 'Insurance', type: 'select', required: true, options: ['Delta', 'None'] },
    { key: 'visits', label: 'Visits last year', type: 'number', required: false, options: [] },
    { key: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false, options: [] },
  ],
  requires: { name: true, phone: true, email: false },
  consent: { textMessaging: true, marketing: true },
};

// 23:30 in Denver is already the next day in UTC: the day must be the page's.
const slot = { time: '2026-11-24T23:30', start: '2026-11-25T06:30:00.000Z', providers: [4] };

const forms: BookingForm[] = [
  {
    page: 'lakeside-dental',
    appointmentType: 'new-patient',
    provider: 4,
    day: '2026-11-24',
    dayPicked: true,
    slot: slot as BookingForm['slot'],
    name: 'Maria Garcia',
    phone: '(312) 555-0193',
    email: 'maria@example.test',
    fieldData: { insurance: 'Delta', visits: '2', newsletter: true },
    textMessaging: true,
    marketing: false,
  },
  {
    page: 'lakeside-dental',
    appointmentType: '',
    provider: null,
    day: '2026-11-24',
    dayPicked: true,
    slot: slot as BookingForm['slot'],
    name: 'Nathan Haddad',
    phone: '',
    email: '',
    fieldData: { insurance: 'None' },
    textMessaging: false,
    marketing: true,
  },
];

it.each(forms.map((form) => [form.name, form] as const))(
  'opens the booking queued from %s’s form as it was typed, the time to choose again',
  (_, form) => {
    expect(formOfBooking(toBookingInput(form, page), page.timeZone)).toEqual({ ...form, slot: null });
  },
);
