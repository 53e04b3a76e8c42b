/** Request bodies of contact writes from the forms' values: only what was given, phones normalised where possible. */
import type { CountryCode } from 'libphonenumber-js';
import type { ContactChanges, ContactInput } from '../../../common/contract';
import { recordKeyOf } from '../outbox';
import { normalisePhone } from '../phone/phones';

type Phones = NonNullable<ContactChanges['phones']>;
type Emails = NonNullable<ContactChanges['emails']>;

/** How a contact is named in a write. */
export interface ContactTarget {
  id?: number | undefined;
  externalId?: string | undefined;
  addressBookId?: number | undefined;
}

function phoneNumbers(phones: Phones, country: CountryCode | null) {
  return phones.map((p, i) => ({
    number: normalisePhone(p.number, country),
    ...(p.type ? { type: p.type } : {}),
    is_primary: i === 0,
  }));
}

function emailAddresses(emails: Emails) {
  return emails.map((e, i) => ({
    address: e.address.trim().toLowerCase(),
    ...(e.type ? { type: e.type } : {}),
    is_primary: i === 0,
  }));
}

/** The changed fields as the service names them (`name` only when given; lists replaced whole when given). */
export function fieldsPayload(c: ContactChanges, country: CountryCode | null): Record<string, unknown> {
  return {
    ...(c.name ? { name: c.name.trim() } : {}),
    ...(c.firstName !== undefined ? { first_name: c.firstName.trim() } : {}),
    ...(c.lastName !== undefined ? { last_name: c.lastName.trim() } : {}),
    ...(c.phones ? { phone_numbers: phoneNumbers(c.phones, country) } : {}),
    ...(c.emails ? { email_addresses: emailAddresses(c.emails) } : {}),
  };
}

/** POST body of a new contact in `addressBookId` (empty lists are left out). */
export function createPayload(
  input: ContactInput,
  addressBookId: number,
  country: CountryCode | null,
): Record<string, unknown> {
  const { phones, emails, ...names } = input;
  return {
    address_book_id: addressBookId,
    ...fieldsPayload({ ...names, ...(phones.length ? { phones } : {}), ...(emails.length ? { emails } : {}) }, country),
  };
}

/** `{id}`, else `{external_id, address_book_id?}`. */
export function refPayload(t: ContactTarget): Record<string, unknown> {
  if (t.id !== undefined) return { id: t.id };
  return { external_id: t.externalId, ...(t.addressBookId !== undefined ? { address_book_id: t.addressBookId } : {}) };
}

/** Both names of the record, so a write by id waits behind one by external_id (and back). */
export function extraKeys(t: ContactTarget): string[] {
  return t.id !== undefined && t.externalId
    ? [recordKeyOf('contact', { external_id: t.externalId }), recordKeyOf('contact', { id: t.id })]
    : [];
}

/** A queued create's payload with the changes merged in (a name given one way replaces the other way). */
export function mergeIntoCreate(
  payload: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const { name, first_name: _first, last_name: _last, ...rest } = payload;
  if ('name' in changes) return { ...rest, ...changes };
  if (!('first_name' in changes || 'last_name' in changes) || typeof name !== 'string')
    return { ...payload, ...changes };
  const [first = '', ...last] = name.trim().split(/\s+/);
  return { ...rest, first_name: _first ?? first, last_name: _last ?? last.join(' '), ...changes };
}
