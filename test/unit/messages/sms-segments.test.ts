/** SMS segments as phones count them: GSM-7 160/153 (extension characters take two places), UCS-2 70/67. */
import { describe, expect, it } from 'vitest';
import { countSegments } from '../../../renderer/features/messages/sms-segments';

describe('countSegments', () => {
  it('an empty reply takes no message', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', characters: 0, segments: 0, remainingInSegment: 160 });
  });

  it('plain text: 160 in one message, 161 makes two parts of 153', () => {
    expect(countSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1, remainingInSegment: 0 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2, remainingInSegment: 153 * 2 - 161 });
    expect(countSegments('a'.repeat(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(countSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('GSM accents stay GSM-7; € and { take two places and are never split between parts', () => {
    expect(countSegments('Café à 10 h, Ñoño, Øre')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', characters: 80, segments: 1 });
    expect(countSegments('€'.repeat(81))).toMatchObject({ segments: 2 });
    // 152 plain + one € (two places) does not fit in the first part's 153: it starts the second.
    expect(countSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({
      segments: 2,
      remainingInSegment: 153 - 12,
    });
  });

  it('anything outside GSM-7 switches to UCS-2: 70 in one message, 67 per part', () => {
    expect(countSegments('á'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1, remainingInSegment: 0 });
    expect(countSegments('á'.repeat(71))).toMatchObject({ segments: 2, remainingInSegment: 67 * 2 - 71 });
    expect(countSegments(`Running late ${'x'.repeat(60)} ’`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
  });

  it('an emoji takes two places and two characters, as the service counts them', () => {
    expect(countSegments('👍')).toMatchObject({ encoding: 'UCS-2', characters: 2, remainingInSegment: 68 });
    // 66 places then an emoji: it does not fit in the first part's 67, so it starts the second whole.
    expect(countSegments(`${'x'.repeat(66)}👍${'x'.repeat(10)}`)).toMatchObject({
      segments: 2,
      remainingInSegment: 67 - 12,
    });
  });

  it('1,600 plain characters take 11 messages', () => {
    expect(countSegments('a'.repeat(1600))).toMatchObject({ characters: 1600, segments: 11 });
  });
});
