/** Validation of book_now's form part against the page: built-in fields, consent flags and field_data. */
import { HttpError } from '../context';
import { normalizeEmail, normalizePhone } from './phones';
import type { AccountData, BookingPage, Scalar } from './types';

/** Throws the spec's book_now failure: 400 `{success:false, error, booking?}`. */
export function bookFail(error: string, booking?: unknown): never {
  throw new HttpError(400, booking === undefined ? { success: false, error } : { success: false, error, booking });
}

/** The parts of a book_now body the form check reads. */
export interface FormInput {
  name?: string;
  phone_number?: string;
  email_address?: string;
  field_data?: Record<string, Scalar>;
  opted_into_text_messaging?: boolean;
  opted_into_text_messaging_for_marketing?: boolean;
}

/** What the form check yields: clean contact data and field_data split by target. */
export interface FormResult {
  name: string;
  phone: string;
  normalizedPhone: string | null;
  email: string;
  fieldData: Record<string, Scalar>;
  contactFields: Record<string, Scalar>;
  eventFields: Record<string, Scalar>;
}

function present(v: Scalar | undefined): boolean {
  return v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
}

function coerce(page: BookingPage, key: string, v: Scalar): Scalar {
  const field = page.fields.find((f) => !f.builtIn && f.key === key);
  if (!field) return bookFail(`field_data.${key.slice(0, 60)} is not a field of this booking page`);
  if (v === null) return null;
  switch (field.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
      return Number.isFinite(n) ? n : bookFail(`field_data.${key} must be a number`);
    }
    case 'checkbox':
      if (typeof v === 'boolean') return v;
      return v === 'true' || v === 'false' ? v === 'true' : bookFail(`field_data.${key} must be true or false`);
    case 'dropdown':
      return field.options?.includes(String(v))
        ? String(v)
        : bookFail(`field_data.${key} must be one of: ${(field.options ?? []).join(', ')}`);
    default:
      return typeof v === 'boolean' ? bookFail(`field_data.${key} must be text`) : String(v).trim();
  }
}

/** Checks required built-ins, consent flags and custom fields; failures name the field. */
export function checkForm(acc: AccountData, page: BookingPage, body: FormInput): FormResult {
  const required = (key: string): boolean => page.fields.some((f) => f.builtIn && f.key === key && f.required);
  const name = (body.name ?? '').trim();
  const rawPhone = (body.phone_number ?? '').trim();
  const rawEmail = (body.email_address ?? '').trim();
  if (required('name') && !name) bookFail('name is required by this booking page');
  if (required('phone_number') && !rawPhone) bookFail('phone_number is required by this booking page');
  if (required('email_address') && !rawEmail) bookFail('email_address is required by this booking page');
  if (!name && !rawPhone && !rawEmail) bookFail('name, phone_number or email_address is required');
  const normalizedPhone = rawPhone
    ? (normalizePhone(rawPhone, acc.country) ?? bookFail('phone_number is not a valid phone number'))
    : null;
  const email = rawEmail ? (normalizeEmail(rawEmail) ?? bookFail('email_address is not a valid e-mail address')) : '';
  if (page.consent.textMessaging && body.opted_into_text_messaging === undefined)
    bookFail('opted_into_text_messaging is required by this booking page');
  if (page.consent.textMessagingForMarketing && body.opted_into_text_messaging_for_marketing === undefined) {
    bookFail('opted_into_text_messaging_for_marketing is required by this booking page');
  }
  const given = body.field_data ?? {};
  const fieldData: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(given)) fieldData[key] = coerce(page, key, value);
  const contactFields: Record<string, Scalar> = {};
  const eventFields: Record<string, Scalar> = {};
  for (const f of page.fields) {
    if (f.builtIn) continue;
    if (f.required && !present(fieldData[f.key]))
      bookFail(`field_data.${f.key} (${f.label}) is required by this booking page`);
    if (fieldData[f.key] !== undefined)
      (f.target === 'contact' ? contactFields : eventFields)[f.key] = fieldData[f.key] ?? null;
  }
  return { name, phone: rawPhone, normalizedPhone, email, fieldData, contactFields, eventFields };
}
