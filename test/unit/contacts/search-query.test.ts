/** A short or partial phone searches by its digits instead of being sent as a phone the service cannot read. */
import { describe, expect, it } from 'vitest';
import { filterOf, meaningOf } from '../../../main/core/contacts/search-query';

describe('search meaning', () => {
  it('searches a partial phone by its digits, whatever the country knowledge', () => {
    for (const country of [null, 'US'] as const) {
      expect(filterOf(meaningOf('555-0120', country))).toEqual({ q: '5550120' });
      expect(filterOf(meaningOf('0120', country))).toEqual({ q: '0120' });
    }
  });

  it('looks a whole number up as a phone', () => {
    expect(filterOf(meaningOf('(312) 555-0120', 'US'))).toEqual({ phone_number: '+13125550120' });
    expect(filterOf(meaningOf('312 555 0120', null))).toEqual({ phone_number: '312 555 0120' });
    expect(filterOf(meaningOf('+44 20 7946 0958', null))).toEqual({ phone_number: '+442079460958' });
  });

  it('keeps names and e-mails as they were', () => {
    expect(filterOf(meaningOf('Nathan', 'US'))).toEqual({ q: 'Nathan' });
    expect(filterOf(meaningOf('a@b.co', 'US'))).toEqual({ email_address: 'a@b.co' });
  });
});
