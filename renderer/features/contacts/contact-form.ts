/** Checks the contact forms in plain words, and turns them into what main wants: a new contact, or only what changed. */
import { invokeChannels, type ContactChanges, type ContactInput, type ContactView } from '../../../common/contract';
import { fieldErrors, type FieldErrors } from '../../lib/form-issues';
import { fromContact, type ContactForm } from '../../stores/contacts-store';

/** Field → message (`phone:0`, `email:1`, `name`, `lastName`). */
export type ContactErrors = FieldErrors;

/**
 * The problems of the form, keyed by field; empty when it can be saved. The contract's schema for a new contact
 * decides (an edited contact must still be a whole one); its issues name rows of the sent lists, which leave blank
 * rows out, so they are mapped back to the rows of the form.
 */
export function validateContact(form: ContactForm): ContactErrors {
  const phoneRows = rowsTyped(form.phones.map((p) => p.number));
  const emailRows = rowsTyped(form.emails.map((e) => e.address));
  return fieldErrors(invokeChannels['contacts:create'].args, toContactInput(form), ([field, index]) => {
    if (field === 'name' || field === 'firstName') return 'name';
    if (field === 'lastName') return 'lastName';
    if (field === 'phones' && typeof index === 'number') return `phone:${phoneRows[index] ?? 0}`;
    if (field === 'emails' && typeof index === 'number') return `email:${emailRows[index] ?? 0}`;
    return null;
  });
}

/** The form's row index of each row that is sent (blank rows are not). */
function rowsTyped(values: string[]): number[] {
  return values.flatMap((v, i) => (v.trim() ? [i] : []));
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
