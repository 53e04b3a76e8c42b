/**
 * The Undo link an appointment made again carries (`RESTORES_KEY`): the ids it stands for, newest first, so another
 * desk follows a booking through an Undo of an Undo though the appointment between is gone at the service.
 */
import { describe, expect, it } from 'vitest';
import { restoredIds, restoresValue } from '../../../common/contract';

describe('the Undo link', () => {
  it('names the one made again for, then those that one stood for', () => {
    expect(restoresValue(12)).toBe('12');
    expect(restoresValue(13, '12')).toBe('13,12');
    expect(restoresValue(14, restoresValue(13, '12'))).toBe('14,13,12');
    expect(restoredIds('14,13,12')).toEqual([14, 13, 12]);
  });

  it('reads a value kept before chains were written (one id)', () => {
    expect(restoredIds('500375')).toEqual([500375]);
  });

  it('is bounded, names no appointment twice and never the appointment itself', () => {
    let value: string | undefined;
    for (let id = 1; id <= 20; id++) value = restoresValue(id, value);
    expect(restoredIds(value)).toEqual([20, 19, 18, 17, 16, 15, 14, 13]);
    expect(restoredIds('7,7,8')).toEqual([7, 8]);
    expect(restoredIds('7,8', 7)).toEqual([8]);
  });

  it('names nothing for anything else a practice may have put under the key', () => {
    for (const odd of ['', 'abc', '12,', ',12', '1 2', '0', '-3', '1e5', '12;13', 12, null, undefined, ['12']])
      expect(restoredIds(odd), JSON.stringify(odd)).toEqual([]);
  });
});
