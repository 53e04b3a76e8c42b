/**
 * What a returning patient answered last time, filled into the booking form: the page's questions they answered
 * before (ZIP, insurance, …) are filled in where still empty, shown and editable; the rest is left to ask. Answers
 * filled in for one caller give way when the phone or e-mail becomes another's (unless the desk changed them).
 */
import type { BookingPageView, KnownAnswers } from '../../common/contract';
import { isEmailAddress, isPhoneNumber } from '../../common/input-rules';
import type { BookingForm } from './booking-input';

/** The answers known for the caller the form names, and whom they are for. */
export interface KnownCaller {
  /** The phone and e-mail they were found by (`lookupOf`'s key). */
  person: string;
  answers: KnownAnswers['answers'];
  from: string | null;
}

/** Answers filled in from a known caller, by field key, as filled (a value still equal was not changed by hand). */
export type Prefilled = Record<string, string | boolean>;

/** The phone and e-mail the caller can be found by (each only when whole), and a key naming them; null for neither. */
export function lookupOf(form: Pick<BookingForm, 'phone' | 'email'>): {
  key: string;
  phones: string[];
  emails: string[];
} | null {
  const phone = form.phone.trim();
  const email = form.email.trim().toLowerCase();
  const phones = phone && isPhoneNumber(phone) ? [phone] : [];
  const emails = email && isEmailAddress(email) ? [email] : [];
  if (phones.length + emails.length === 0) return null;
  return { key: `${phones.join(',')}|${emails.join(',')}`, phones, emails };
}

/** An earlier answer as the page's question takes it now; undefined when it no longer fits (an option gone). */
function asAnswer(
  field: BookingPageView['fields'][number],
  value: string | number | boolean,
): string | boolean | undefined {
  if (field.type === 'checkbox') return value === true || value === 'true';
  const text = String(value).trim();
  if (!text) return undefined;
  if (field.type === 'dropdown') return field.options.includes(text) ? text : undefined;
  return text;
}

const empty = (v: string | boolean | undefined) => v === undefined || v === '' || v === false;

/**
 * The form's answers with the known caller's filled in: first the answers filled in before and not changed since are
 * taken back (they may be another caller's), then each question the page asks that is still empty gets the known
 * answer. Returns the answers and what was filled in.
 */
export function fillKnown(
  fieldData: BookingForm['fieldData'],
  before: Prefilled,
  page: BookingPageView | undefined,
  known: KnownCaller | null,
): { fieldData: BookingForm['fieldData']; prefilled: Prefilled } {
  const data = { ...fieldData };
  for (const [key, value] of Object.entries(before)) if (data[key] === value) delete data[key];
  const prefilled: Prefilled = {};
  for (const field of page?.fields ?? []) {
    const earlier = known?.answers[field.key];
    if (earlier === undefined || !empty(data[field.key])) continue;
    const value = asAnswer(field, earlier);
    if (value === undefined) continue;
    data[field.key] = value;
    prefilled[field.key] = value;
  }
  return { fieldData: data, prefilled };
}
