/**
 * How numbers are shown: the practice's own country in national format, any other country in international format
 * (a UK number at a US practice is "+44 20 7946 0958", never "020 7946 0958", which would be dialled as a US number),
 * and a number that cannot be read as it was typed.
 */
import { describe, expect, it } from 'vitest';
import { displayPhone, pendingPhone } from '../../../main/core/phone/phones';

describe('phone display', () => {
  it.each([
    ['+44 20 7946 0958', '+442079460958', 'US', '+44 20 7946 0958'],
    ['020 7946 0958', '+442079460958', 'US', '+44 20 7946 0958'],
    ['+33 1 23 45 67 89', '+33123456789', 'US', '+33 1 23 45 67 89'],
    ['(312) 555-0199', '+13125550199', 'US', '(312) 555-0199'],
    ['+1 312 555 0199', '+13125550199', 'US', '(312) 555-0199'],
    ['020 7946 0958', '+442079460958', 'GB', '020 7946 0958'],
    ['(312) 555-0199', '+13125550199', 'GB', '+1 312 555 0199'],
  ] as const)('%s (%s) at a practice in %s shows as %s', (typed, normalized, country, shown) => {
    expect(displayPhone(typed, normalized, country)).toBe(shown);
  });

  it('shows every number in international format while the practice’s country is not known', () => {
    expect(displayPhone('+44 20 7946 0958', '+442079460958', null)).toBe('+44 20 7946 0958');
    expect(displayPhone('(312) 555-0199', '+13125550199', null)).toBe('+1 312 555 0199');
  });

  it('shows a number it cannot read as typed', () => {
    expect(displayPhone(' ext. 12 ', '', 'US')).toBe('ext. 12');
  });

  it('shows a foreign number typed here, still waiting to be sent, in international format', () => {
    expect(pendingPhone('+44 20 7946 0958', 'mobile', true, 'US')).toEqual({
      number: '+44 20 7946 0958',
      normalized: '+442079460958',
      display: '+44 20 7946 0958',
      type: 'mobile',
      primary: true,
    });
  });
});
