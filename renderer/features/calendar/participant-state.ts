/** Participant states in the words the front desk uses. */

const WORDS: Record<string, string> = {
  initial: 'Not confirmed yet',
  accepted: 'Accepted',
  declined: 'Declined',
  reminded: 'Reminder sent',
  confirmed: 'Confirmed',
  not_coming: 'Cancelled',
  not_coming_needs_reschedule: 'Cancelled — wants a new time',
  not_coming_no_reschedule: 'Cancelled — no new time',
};

/** Plain words for a state; unknown states are shown as they come, tidied. */
export function stateInWords(state: string): string {
  return WORDS[state] ?? state.replace(/_/g, ' ');
}

/** A CSS tone for the state badge. */
export function stateTone(state: string): 'good' | 'bad' | 'neutral' {
  if (state === 'confirmed' || state === 'accepted') return 'good';
  if (state.startsWith('not_coming') || state === 'declined') return 'bad';
  return 'neutral';
}
