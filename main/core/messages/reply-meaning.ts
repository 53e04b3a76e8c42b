/**
 * What a patient's short reply means for the appointment: "C", "Confirm", "Yes, see you then" confirm; "Cancel",
 * "Cancel please", "I need to cancel" cancel. Anything else (a question, "Running 10 min late") means neither: the
 * front desk reads it. Only short, clear replies are labelled; a long text that merely contains "cancel" is not.
 */
import type { ReplyMeaning } from '../../../common/contract';

const CONFIRM = new Set([
  'c',
  'y',
  'yes',
  'yep',
  'yeah',
  'ok',
  'okay',
  'confirm',
  'confirmed',
  'i confirm',
  'will be there',
  'ill be there',
  'i will be there',
  'see you then',
  'yes see you then',
  'yes confirmed',
  'yes confirm',
  'c thanks',
  'c thank you',
  'confirm thanks',
  'confirmed thanks',
  'confirmed thank you',
]);
const CANCEL = new Set([
  'x',
  'cancel',
  'cancel please',
  'please cancel',
  'cancel it',
  'cancel it please',
  'cancel my appointment',
  'please cancel my appointment',
  'i need to cancel',
  'i have to cancel',
  'i want to cancel',
  'need to cancel',
  'cancelled',
  'cancel thanks',
  'cancel thank you',
]);

/** Lower case, letters, digits and single spaces only ("Cancel, please!" → "cancel please"). */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** 'confirm', 'cancel', or null when the reply says neither clearly. */
export function replyMeaning(text: string): ReplyMeaning | null {
  if (text.length > 80) return null;
  const words = normalise(text);
  if (CONFIRM.has(words)) return 'confirm';
  if (CANCEL.has(words)) return 'cancel';
  return null;
}
