/**
 * The practice's own fields of an appointment in words (renderer/lib/words.ts): yes/no answers as "Yes" and "No",
 * the booking page and appointment type by the names their page gives them, machine values in sentence case with
 * the known spellings ("x rays" → "X-rays"), and Frontdesk's own keys left out.
 */
import { describe, expect, it } from 'vitest';
import { customFieldWords, sentenceWords, type PageNames } from '../../../renderer/lib/words';

const PAGES: PageNames[] = [
  {
    id: '7',
    slug: 'lakeside-dental-cleaning',
    name: 'Book a cleaning',
    types: [{ key: 'cleaning', label: 'Cleaning' }],
  },
  {
    id: '8',
    slug: 'lakeside-dental',
    name: 'Lakeside online booking',
    types: [
      { key: 'new-patient', label: 'New patient exam' },
      { key: 'follow_up', label: 'Follow-up visit' },
    ],
  },
];

const shown = (fields: Record<string, string>, pages = PAGES, hidden: string[] = []) =>
  Object.fromEntries(
    customFieldWords(
      Object.entries(fields).map(([key, value]) => ({ key, value })),
      pages,
      hidden,
    ).map((f) => [f.label, f.value]),
  );

describe('sentence words', () => {
  it('puts a machine value in sentence case with the known spellings', () => {
    expect(sentenceWords('x rays')).toBe('X-rays');
    expect(sentenceWords('x_ray')).toBe('X-ray');
    expect(sentenceWords('check up')).toBe('Check-up');
    expect(sentenceWords('follow_up')).toBe('Follow-up');
    expect(sentenceWords('new patient exam')).toBe('New patient exam');
    expect(sentenceWords('visit_type')).toBe('Visit type');
    expect(sentenceWords('x rays and cleaning')).toBe('X-rays and cleaning');
    expect(sentenceWords('prefers sms')).toBe('Prefers SMS');
  });

  it('keeps what a person wrote with capitals of their own, but spells the known words right', () => {
    expect(sentenceWords('Delta Dental')).toBe('Delta Dental');
    expect(sentenceWords('Needs X rays today')).toBe('Needs X-rays today');
    expect(sentenceWords('Xavier')).toBe('Xavier');
    expect(sentenceWords('extra')).toBe('Extra');
  });
});

describe('the practice’s fields', () => {
  it('says yes/no answers as Yes and No', () => {
    expect(shown({ new_patient: 'true', returning: 'false' })).toEqual({ 'New patient': 'Yes', Returning: 'No' });
  });

  it('names the booking page and the appointment type by their labels', () => {
    expect(shown({ booking_page: 'lakeside-dental', appointment_type: 'new-patient' })).toEqual({
      'Booking page': 'Lakeside online booking',
      'Appointment type': 'New patient exam',
    });
    // A type token the service's reader tidied ("follow_up" read as "follow up") is still found.
    expect(shown({ booking_page: 'lakeside-dental', appointment_type: 'follow up' })['Appointment type']).toBe(
      'Follow-up visit',
    );
    // The page by its id too; a type looked up on that page first, on any page when the page is not named.
    expect(shown({ booking_page: '7', appointment_type: 'cleaning' })).toEqual({
      'Booking page': 'Book a cleaning',
      'Appointment type': 'Cleaning',
    });
    expect(shown({ appointment_type: 'new-patient' })).toEqual({ 'Appointment type': 'New patient exam' });
  });

  it('falls back to the tidied token while the pages are not known', () => {
    expect(shown({ booking_page: 'lakeside-dental', appointment_type: 'new-patient' }, [])).toEqual({
      'Booking page': 'Lakeside-dental',
      'Appointment type': 'New-patient',
    });
  });

  it('words other values in sentence case and leaves out the keys it is told to hide', () => {
    expect(
      shown({ visit_type: 'x rays', insurance: 'Delta Dental', frontdesk_restores: '12' }, PAGES, [
        'frontdesk_restores',
      ]),
    ).toEqual({
      'Visit type': 'X-rays',
      Insurance: 'Delta Dental',
    });
  });
});
