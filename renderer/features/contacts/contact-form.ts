/** Checks the contact forms in plain words, and turns them into what main wants: a new contact, or only what changed. */
import { z } from 'zod';
import type { ContactChanges, ContactInput, ContactView } from '../../../preload/contract';
import { fromContact, type ContactForm } from '../../stores/contacts-store';

/** Field → message (`phone:0`, `email:1`, `name`). */
export type ContactErrors = Partial<Record<string, string>>;

const PHONE_CHARS = /^[\d\s+().\-/]+$/;
const email = z.email();

/**
 * Why a typed phone number cannot be right, or null. Only the shape is checked here (E.164 allows up to 15 digits);
 * main normalises it with libphonenumber-js and the service checks it against the account's country.
 */
function phoneProblem(typed: string): string | null {
  const text = typed.trim();
  const digits = text.replace(/\D/g, '').length;
  if (!PHONE_CHARS.test(text)) return 'Use only digits, spaces and + ( ) - . in a phone number.';
  if (digits < 7 || digits > 15) return 'This does not look like a phone number.';
  return null;
}

/** The problems of the form, keyed by field; empty when it can be saved. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.firstName.trim() && !form.lastName.trim()) errors.name = 'Enter the contact’s name.';
  form.phones.forEach((p, i) => {
    const problem = p.number.trim() ? phoneProblem(p.number) : null;
    if (problem) errors[`phone:${i}`] = problem;
  });
  form.emails.forEach((e, i) => {
    if (e.address.trim() && !email.safeParse(e.address.trim()).success)
      errors[`email:${i}`] = 'This does not look like an e-mail address.';
  });
  return errors;
}

/** The form's values, trimmed, blank rows left out. */
export function toContactInput(form: ContactForm): ContactInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phones: form.phones
      .filter((p) => p.number.trim())
      .map((p) => ({ number: p.number.trim(), ...(p.type ? { type: p.type } : {}) })),
    emails: form.emails
      .filter((e) => e.address.trim())
      .map((e) => ({ address: e.address.trim(), ...(e.type ? { type: e.type } : {}) })),
    ...(form.addressBookId !== null ? { addressBookId: form.addressBookId } : {}),
  };
}

/** Only the fields that differ from the contact as it was opened (patch); null when nothing changed. */
export function changesOf(original: ContactView, form: ContactForm): ContactChanges | null {
  const now = toContactInput(form);
  const was = toContactInput(fromContact(original));
  const changes: ContactChanges = {};
  if (now.firstName !== was.firstName) changes.firstName = now.firstName;
  if (now.lastName !== was.lastName) changes.lastName = now.lastName;
  if (JSON.stringify(now.phones) !== JSON.stringify(was.phones)) changes.phones = now.phones;
  if (JSON.stringify(now.emails) !== JSON.stringify(was.emails)) changes.emails = now.emails;
  return Object.keys(changes).length ? changes : null;
}

/** "Mobile" for "mobile". */
export function phoneTypeWords(type: string): string {
  return type ? type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ') : '';
}
