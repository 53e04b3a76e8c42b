/** The service's error words never reach the screen as machine text. */
import { describe, expect, it } from 'vitest';
import { plainServiceWords } from '../../../main/core/api/plain-words';

const fallback = 'The service did not accept this.';

describe('plain service words', () => {
  it('turns field names into words', () => {
    expect(plainServiceWords('phone_number is not a phone number', fallback)).toBe(
      'Phone number is not a phone number',
    );
    expect(plainServiceWords('email_address is not an e-mail address', fallback)).toBe(
      'E-mail address is not an e-mail address',
    );
  });

  it('names a record by what it is, not by its id, so the reason survives', () => {
    expect(plainServiceWords('event 500424 is deleted', fallback)).toBe('The appointment is deleted');
    expect(plainServiceWords('events[0]: event 500424 is deleted', fallback)).toBe('The appointment is deleted');
    expect(plainServiceWords('address_book_id 9 not found', fallback)).toBe('The address book not found');
  });

  it('replaces what still carries machine text', () => {
    for (const raw of [
      'contacts[0].phone "x" is not a phone number',
      'prevent_calendar_creation is set',
      'Mark appointment #500424',
      '',
      undefined,
    ])
      expect(plainServiceWords(raw, fallback)).toBe(fallback);
  });
});
