/** POST/PUT /v1/contacts: validation first for the whole batch, then apply (no half-written batches). */
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { addressBookById, addressBookByName } from './calendars';
import { idParam, scalarRecord, str } from './http';
import { looksMobile, normalizeEmail, normalizePhone } from './phones';
import { liveContactByExternalId, putContact, refileContact, type Ids } from './store';
import type { AccountData, AddressBook, Contact, EmailRec, PhoneRec } from './types';

const phoneIn = z.object({
  number: str(40),
  is_mobile: z.boolean().optional(),
  type: str(40).optional(),
  is_primary: z.boolean().optional(),
});
const emailIn = z.object({
  address: str(254),
  type: str(40).nullable().optional(),
  is_primary: z.boolean().optional(),
});
const contactIn = z.object({
  id: idParam.optional(),
  external_id: str(200).min(1, 'must not be empty').nullable().optional(),
  address_book: str(200).trim().min(1, 'must not be empty').optional(),
  address_book_id: idParam.optional(),
  name: str(200).trim().optional(),
  first_name: str(100).trim().optional(),
  last_name: str(100).trim().optional(),
  phone: str(40).optional(),
  email: str(254).optional(),
  phone_numbers: z.array(phoneIn).max(20, 'at most 20 phone numbers').optional(),
  email_addresses: z.array(emailIn).max(20, 'at most 20 e-mail addresses').optional(),
  add_phone: str(40).optional(),
  add_email: str(254).optional(),
  custom_data: scalarRecord.optional(),
});
type ContactIn = z.output<typeof contactIn>;

/** Body of POST and PUT /v1/contacts. */
export const contactsBody = z.object({
  contacts: z.array(contactIn).min(1, 'must hold at least one contact').max(200, 'at most 200 contacts per request'),
});

function phoneRec(acc: AccountData, book: AddressBook, p: z.output<typeof phoneIn>, where: string): PhoneRec {
  const normalized = normalizePhone(p.number, acc.country);
  if (!normalized) return badRequest(`${where}: "${p.number.slice(0, 40)}" is not a phone number`);
  const type = p.type ?? (p.is_mobile === false ? (book.phoneTypes.find((t) => t !== 'mobile') ?? 'other') : 'mobile');
  if (!book.phoneTypes.includes(type))
    return badRequest(`${where}.type must be one of ${book.phoneTypes.join(', ')} for address book ${book.id}`);
  return {
    number: p.number.trim(),
    normalized,
    isMobile: p.is_mobile ?? (type === 'mobile' || looksMobile(normalized)),
    type,
    isPrimary: p.is_primary === true,
  };
}

function emailRec(e: z.output<typeof emailIn>, where: string): EmailRec {
  const address = normalizeEmail(e.address);
  if (!address) return badRequest(`${where}: "${e.address.slice(0, 60)}" is not an e-mail address`);
  return { address, type: e.type ?? null, isPrimary: e.is_primary === true };
}

/** Exactly one primary (the first flagged, else the first), duplicates dropped. */
function tidy<T extends { isPrimary: boolean }>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  const out = items.filter((t) => (seen.has(key(t)) ? false : (seen.add(key(t)), true)));
  const primary = Math.max(
    0,
    out.findIndex((t) => t.isPrimary),
  );
  return out.map((t, i) => ({ ...t, isPrimary: i === primary }));
}

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/** Applies names, phones, e-mails and custom_data of `c` onto `target` (patch; lists wholesale). */
function applyFields(acc: AccountData, book: AddressBook, c: ContactIn, target: Contact, where: string): void {
  if (c.name !== undefined && c.name !== '') {
    const s = splitName(c.name);
    target.name = c.name;
    target.firstName = c.first_name ?? s.first;
    target.lastName = c.last_name ?? s.last;
  } else if (c.first_name !== undefined || c.last_name !== undefined) {
    target.firstName = c.first_name ?? target.firstName;
    target.lastName = c.last_name ?? target.lastName;
    target.name = `${target.firstName} ${target.lastName}`.trim();
  }
  if (!target.name) badRequest(`${where}: name (or first_name/last_name) is required`);
  let phones = c.phone_numbers
    ? c.phone_numbers.map((p, i) => phoneRec(acc, book, p, `${where}.phone_numbers[${i}]`))
    : target.phones;
  if (c.phone !== undefined) {
    const rec = phoneRec(acc, book, { number: c.phone, is_primary: true }, `${where}.phone`);
    phones = [rec, ...phones.filter((p) => !p.isPrimary)];
  }
  if (c.add_phone !== undefined)
    phones = [...phones, phoneRec(acc, book, { number: c.add_phone }, `${where}.add_phone`)];
  target.phones = tidy(phones, (p) => p.normalized);
  let emails = c.email_addresses
    ? c.email_addresses.map((e, i) => emailRec(e, `${where}.email_addresses[${i}]`))
    : target.emails;
  if (c.email !== undefined)
    emails = [
      emailRec({ address: c.email, is_primary: true }, `${where}.email`),
      ...emails.filter((e) => !e.isPrimary),
    ];
  if (c.add_email !== undefined) emails = [...emails, emailRec({ address: c.add_email }, `${where}.add_email`)];
  target.emails = tidy(emails, (e) => e.address);
  if (c.custom_data !== undefined) target.customData = Object.fromEntries(Object.entries(c.custom_data));
  if (c.external_id !== undefined) target.externalId = c.external_id;
}

/** The live contact a write refers to (by id, or by external_id on PUT). */
function matchContact(acc: AccountData, c: ContactIn, upsert: boolean, where: string): Contact | undefined {
  if (c.id !== undefined) {
    if (!upsert) badRequest(`${where}.id cannot be set when creating; use PUT /v1/contacts to update`);
    const found = acc.contacts.get(c.id) ?? notFound(`${where}: contact ${c.id} not found`);
    if (found.isDeleted) badRequest(`${where}: contact ${c.id} is deleted`);
    return found;
  }
  return upsert && c.external_id ? liveContactByExternalId(acc, c.external_id, c.address_book_id) : undefined;
}

/** Patch of an existing contact (its address book is fixed). */
function planUpdate(acc: AccountData, c: ContactIn, existing: Contact, where: string, now: number): () => Contact {
  const book = addressBookById(acc, existing.addressBookId);
  if (c.address_book_id !== undefined && c.address_book_id !== existing.addressBookId)
    badRequest(`${where}: moving a contact between address books is not supported`);
  if (c.external_id && c.external_id !== existing.externalId) {
    const other = liveContactByExternalId(acc, c.external_id, existing.addressBookId);
    if (other && other.id !== existing.id)
      badRequest(`${where}.external_id "${c.external_id}" is already used by contact ${other.id}`);
  }
  const draft: Contact = { ...existing, phones: [...existing.phones], emails: [...existing.emails] };
  applyFields(acc, book, c, draft, where);
  return () => {
    Object.assign(existing, draft, { updatedAt: now });
    refileContact(acc, existing);
    return existing;
  };
}

/** A new contact; a book named by `address_book` is created on apply. */
function planCreate(
  acc: AccountData,
  ids: Ids,
  c: ContactIn,
  where: string,
  now: number,
  claimed: Set<string>,
): () => Contact {
  if (c.address_book_id === undefined && c.address_book === undefined)
    badRequest(`${where}: address_book or address_book_id is required`);
  const known =
    c.address_book_id !== undefined
      ? addressBookById(acc, c.address_book_id, `${where}.address_book_id`)
      : acc.addressBooks.find((b) => b.name.toLowerCase() === (c.address_book ?? '').toLowerCase());
  const bookKey = known ? `id:${known.id}` : `name:${(c.address_book ?? '').toLowerCase()}`;
  if (c.external_id) {
    const dup = known ? liveContactByExternalId(acc, c.external_id, known.id) : undefined;
    if (dup) badRequest(`${where}.external_id "${c.external_id}" is already used by contact ${dup.id}`);
    if (claimed.has(`${bookKey}|${c.external_id}`))
      badRequest(`${where}.external_id "${c.external_id}" appears twice in this request`);
    claimed.add(`${bookKey}|${c.external_id}`);
  }
  const probeBook: AddressBook = known ?? {
    id: 0,
    name: c.address_book ?? '',
    type: 'apptoto',
    phoneTypes: ['mobile', 'home', 'work', 'other'],
    createdAt: now,
    updatedAt: now,
  };
  const draft: Contact = {
    id: 0,
    addressBookId: 0,
    externalId: null,
    name: '',
    firstName: '',
    lastName: '',
    phones: [],
    emails: [],
    customData: {},
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  };
  applyFields(acc, probeBook, c, draft, where);
  return () => {
    const book = known ?? addressBookByName(acc, ids, c.address_book ?? '', now);
    const contact: Contact = { ...draft, id: ids.next('contact'), addressBookId: book.id };
    putContact(acc, contact);
    return contact;
  };
}

/**
 * Validates every contact of a batch and returns one thunk per item that writes it (nothing is written if any
 * item fails). `upsert` (PUT) matches by id or external_id; POST always creates.
 */
export function planContacts(
  acc: AccountData,
  ids: Ids,
  items: ContactIn[],
  upsert: boolean,
  now: number,
): Array<() => Contact> {
  const claimed = new Set<string>();
  return items.map((c, i) => {
    const where = `contacts[${i}]`;
    const existing = matchContact(acc, c, upsert, where);
    return existing ? planUpdate(acc, c, existing, where, now) : planCreate(acc, ids, c, where, now, claimed);
  });
}
