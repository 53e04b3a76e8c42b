/**
 * The words of every state (renderer/lib/words.ts): each state of common/model/states.ts has one word; a booking that
 * went through is "Booked" and only a person is "Confirmed"; what core sends as facts and codes is worded here, its
 * time on the zone's clock in the user's locale.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATES,
  CHANGE_STATES,
  CONFIRMATION_STATES,
  MARK_STATES,
  type ChangeFacts,
} from '../../../common/contract';
import {
  BOOKING_WORDS,
  CHANGE_WORDS,
  CONFIRMATION_WORDS,
  LINKED_APPOINTMENT_WORDS,
  MARK_WORDS,
  appointmentChangeWords,
  appointmentTitle,
  bookingLine,
  bookingSettledNotice,
  changeCount,
  changeLine,
  changeWords,
  checkInWords,
  confirmationTone,
  confirmationWords,
  refusalWords,
  waitingMarkWords,
} from '../../../renderer/lib/words';

const NONE: ChangeFacts = { who: '', title: '', appointmentType: '', mark: '', text: '' };

describe('one word for each state', () => {
  it('words every state of every set, each set with words of its own', () => {
    for (const [states, words] of [
      [CHANGE_STATES, CHANGE_WORDS],
      [BOOKING_STATES, BOOKING_WORDS],
      [CONFIRMATION_STATES, CONFIRMATION_WORDS],
    ] as const) {
      expect(Object.keys(words).sort()).toEqual([...states].sort());
      const said = Object.values(words).map((w) => w.word);
      expect(new Set(said).size).toBe(said.length);
    }
    expect(Object.keys(MARK_WORDS).sort()).toEqual([...MARK_STATES].sort());
  });

  it('says a booking that went through is "Booked", and only a person "Confirmed"', () => {
    expect(BOOKING_WORDS.booked.word).toBe('Booked');
    const bookingWords = Object.values(BOOKING_WORDS).flatMap((w) => [w.word, w.short]);
    expect(bookingWords.some((w) => /confirm/i.test(w))).toBe(false);
    expect(bookingLine('booked')).toBe('Booked');
    expect(bookingLine('pending')).toBe('Waiting for the office system');
    expect(bookingLine('failed', 'gone')).toBe('Not booked — the service no longer has it');
    expect(bookingLine('failed', null)).toBe('Not booked — the practice’s calendar system did not accept it');
    expect(bookingSettledNotice('booked', 'Ada Byron')).toEqual([
      'Booked',
      "The practice's calendar took the booking for Ada Byron.",
    ]);
    expect(confirmationWords('initial')).toBe('Not confirmed yet');
    expect(confirmationWords('confirmed')).toBe('Confirmed');
    expect(confirmationTone('confirmed')).toBe('good');
    expect(confirmationTone('not_coming_no_reschedule')).toBe('bad');
    // A state the app does not know yet is shown tidied, never as a code; one the service has not seen stays empty.
    expect(confirmationWords('left_voicemail')).toBe('left voicemail');
    expect(confirmationWords('')).toBe('');
  });

  it('says a change, a mark and a check-in the same way everywhere', () => {
    expect(CHANGE_WORDS.queued.word).toBe('Waiting to sync');
    expect(appointmentChangeWords({ changeId: 'a', status: 'queued', change: 'delete' })).toBe(
      'Cancelling — waiting to sync',
    );
    expect(appointmentChangeWords({ changeId: 'a', status: 'needs_attention', change: 'update' })).toBe(
      'Needs attention',
    );
    expect(appointmentChangeWords(null)).toBeNull();
    expect(waitingMarkWords('noshow')).toBe('No-show — waiting to sync');
    expect(checkInWords('late')).toBe('Arrived late');
    expect(checkInWords('not_coming')).toBe('Cancelled');
    expect(changeCount('queued', 3)).toBe('3 waiting to sync');
    expect(changeCount('needs_attention', 1)).toBe('1 needs attention');
    expect(changeCount('needs_attention', 2)).toBe('2 need attention');
    expect(LINKED_APPOINTMENT_WORDS.cancelling).toBe('Cancellation waiting to sync');
  });

  it('words a refusal from core’s code, and shows the service’s words only when there is no code', () => {
    expect(refusalWords('appointment_gone', 'whatever the service said')).toMatch(
      /^This appointment was cancelled or removed elsewhere/,
    );
    expect(refusalWords('calendar_move', null)).toMatch(/^An appointment cannot be moved to another calendar\./);
    expect(refusalWords(null, 'The end time is before the start time')).toMatch(
      /^The service did not accept a change: The end time is before the start time\./,
    );
  });
});

describe('what a change is about, worded from core’s facts', () => {
  const at = Date.UTC(2026, 10, 23, 16, 15);

  it('names who is marked, in plain words, without codes', () => {
    expect(changeWords('event.mark', { ...NONE, who: 'Nathan Haddad', mark: 'noshow' })).toBe(
      'Mark Nathan Haddad as no-show',
    );
    expect(changeWords('event.mark', { ...NONE, mark: 'noshow' })).toBe('Mark an appointment as no-show');
    for (const mark of MARK_STATES) expect(changeWords('event.mark', { ...NONE, mark })).not.toMatch(/_|ontime|noshow/);
    expect(changeWords('event.delete', NONE)).toBe('Cancel an appointment');
    expect(changeWords('contact.delete', NONE)).toBe('Delete a contact');
    expect(changeWords('booking.book_now', { ...NONE, who: 'Priya Raman', appointmentType: 'new-patient' })).toBe(
      'Appointment (new patient) for Priya Raman',
    );
    const long = 'x'.repeat(80);
    expect(changeWords('message.reply', { ...NONE, who: 'Ada', text: long })).toBe(`Text Ada: “${'x'.repeat(57)}…”`);
  });

  it('tells the time on the zone’s clock it is given, whatever zone the computer runs in', () => {
    const item = { kind: 'event.mark' as const, about: { ...NONE, who: 'Maria', mark: 'arrived' }, appointmentAt: at };
    expect(changeLine(item, 'America/Chicago')).toMatch(/^Mark Maria as arrived, Mon 23 Nov 2026, 10:15\sAM$/);
    expect(changeLine(item, 'America/Denver')).toMatch(/9:15\sAM$/);
    expect(changeLine({ ...item, appointmentAt: null }, 'America/Denver')).toBe('Mark Maria as arrived');
  });

  it('titles a booking made here that the service does not have yet from its type and person', () => {
    const person = { name: 'Priya Raman', phone: '', email: '', state: '' };
    expect(appointmentTitle({ title: '', people: [person], queuedBooking: { appointmentType: 'cleaning' } })).toBe(
      'Appointment (cleaning) for Priya Raman',
    );
    expect(appointmentTitle({ title: 'Cleaning', people: [person] })).toBe('Cleaning');
  });
});
