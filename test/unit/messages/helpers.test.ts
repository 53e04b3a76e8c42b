/** The Messages screen's small helpers: quick texts filled for a patient, and the search by name or phone in any format. */
import { describe, expect, it } from 'vitest';
import { fillQuickText, firstNameOf, needsMinutes } from '../../../renderer/features/messages/quick-text-fill';
import { matchesThread } from '../../../renderer/features/messages/thread-search';

describe('fillQuickText', () => {
  it('fills the first name, the time and the minutes, whatever the spacing or case', () => {
    expect(
      fillQuickText('Hi {first name}, we are running about {minutes} minutes late for your {Time} visit', {
        firstName: 'Maria',
        time: '9:30 AM',
        minutes: 15,
      }),
    ).toBe('Hi Maria, we are running about 15 minutes late for your 9:30 AM visit');
    expect(fillQuickText('{ first name }: {minutes}', { firstName: 'Li', minutes: 0 })).toBe('Li: 0');
  });

  it('leaves a placeholder it has no value for, so the sender sees it', () => {
    expect(fillQuickText('Hi {first name}, see you at {time}', { firstName: ' ' })).toBe(
      'Hi {first name}, see you at {time}',
    );
    expect(fillQuickText('Your room is ready', { firstName: 'Maria' })).toBe('Your room is ready');
  });

  it('knows when a text asks for minutes', () => {
    expect(needsMinutes('We are running about {minutes} minutes late')).toBe(true);
    expect(needsMinutes('Your room is ready')).toBe(false);
  });

  it('takes the first name from "Maria Garcia" and "Garcia, Maria"', () => {
    expect(firstNameOf('Maria Garcia')).toBe('Maria');
    expect(firstNameOf('Garcia, Maria Luisa')).toBe('Maria');
    expect(firstNameOf('  ')).toBe('');
  });
});

describe('matchesThread', () => {
  const maria = { name: 'Maria Garcia', phone: '+13125550120' };
  it('finds by any part of the name, in any case', () => {
    expect(matchesThread('garc', maria)).toBe(true);
    expect(matchesThread('maria g', maria)).toBe(true);
    expect(matchesThread('maria lopez', maria)).toBe(false);
    expect(matchesThread('', maria)).toBe(true);
  });

  it('finds by the phone typed in any format', () => {
    for (const typed of ['(312) 555-0120', '312.555.0120', '+1 312 555 0120', '13125550120', '0120'])
      expect(matchesThread(typed, maria), typed).toBe(true);
    expect(matchesThread('(312) 555-0199', maria)).toBe(false);
    expect(matchesThread('555', { name: 'No phone', phone: null })).toBe(false);
  });
});
