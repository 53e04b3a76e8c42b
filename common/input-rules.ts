/**
 * The one set of rules for the phone numbers and e-mail addresses staff type. The contract's schemas are built from
 * them, and the forms check themselves with those schemas (so main refuses exactly what the forms refuse, in the
 * same words); core's search, the finder's paste and the Messages search use them to tell a phone number or an
 * e-mail address from a name. Turning a number
 * into E.164 (libphonenumber-js, with the account's country) is core's job, not a check: the service has the last
 * word on a number.
 */
import { z } from 'zod';

/** What is said next to a field that breaks a rule (also the message of the contract's validation issue). */
const INPUT_WORDS = {
  phoneCharacters: 'Use only digits, spaces and + ( ) - . in a phone number.',
  phone: 'This does not look like a phone number.',
  email: 'This does not look like an e-mail address.',
} as const;

/** Digits, spaces and the usual separators (a slash too, as some countries write area codes). */
const PHONE_CHARACTERS = /^[\d\s+().\-/]+$/;
/** E.164 allows at most 15 digits; fewer than 7 is not a whole number. */
const PHONE_DIGITS = { min: 7, max: 15 };
const PHONE_LENGTH = 40;
const EMAIL_LENGTH = 254;

/** True when `text` is written only with what phone numbers are written with. */
export function hasPhoneCharacters(text: string): boolean {
  return PHONE_CHARACTERS.test(text.trim());
}

/** True when `text` (trimmed) has the shape of a whole phone number: the characters and 7 to 15 digits. */
export function isPhoneNumber(text: string): boolean {
  return phoneProblem(text) === null;
}

/** Why a typed phone number cannot be right, or null. Only its shape: the service checks it against the account. */
function phoneProblem(typed: string): string | null {
  const text = typed.trim();
  if (!hasPhoneCharacters(text)) return INPUT_WORDS.phoneCharacters;
  const digits = text.replace(/\D/g, '').length;
  if (digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max || text.length > PHONE_LENGTH) return INPUT_WORDS.phone;
  return null;
}

const emailShape = z.email().max(EMAIL_LENGTH);

/** True when `text` (trimmed) is an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return emailShape.safeParse(text.trim()).success;
}

/** A phone number as typed, trimmed; its shape checked. */
export const phoneNumber = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = phoneProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A phone number, or '' for none. */
export const phoneOrBlank = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = text === '' ? null : phoneProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An e-mail address, trimmed. */
export const emailAddress = z.string().trim().refine(isEmailAddress, INPUT_WORDS.email);

/** An e-mail address, or '' for none. */
export const emailOrBlank = z
  .string()
  .trim()
  .refine((text) => text === '' || isEmailAddress(text), INPUT_WORDS.email);
