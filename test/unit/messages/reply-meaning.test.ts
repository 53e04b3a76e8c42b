/** Which patient replies are labelled confirm or cancel on the schedule, and which are left for the front desk. */
import { describe, expect, it } from 'vitest';
import { replyMeaning } from '../../../main/core/messages/reply-meaning';

describe('replyMeaning', () => {
  it('reads short, clear confirmations', () => {
    for (const text of [
      'C',
      'c',
      ' C. ',
      'Confirm',
      'CONFIRMED!',
      'Yes',
      'Yes, see you then',
      'ok',
      "I'll be there",
      'C thanks',
    ])
      expect(replyMeaning(text), text).toBe('confirm');
  });

  it('reads short, clear cancellations', () => {
    for (const text of ['Cancel', 'cancel please', 'Cancel, please!', 'Please cancel', 'I need to cancel', 'X'])
      expect(replyMeaning(text), text).toBe('cancel');
  });

  it('leaves everything else to the front desk', () => {
    for (const text of [
      'Running 10 min late',
      'Can I move this to next week?',
      'Can I cancel and come Tuesday instead?',
      'Do not cancel',
      'No',
      'Cancel my husband’s appointment but not mine please, he is sick',
      '',
      `C ${'x'.repeat(90)}`,
    ])
      expect(replyMeaning(text), text).toBeNull();
  });
});
