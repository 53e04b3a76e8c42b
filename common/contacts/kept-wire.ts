/**
 * The kept contacts as core sends them to the page's index (`contacts:kept-list`, then `store:changed`'s
 * `keptContacts`): each contact's fields in a fixed order, no field name repeated, a service contact's key and a name
 * that is its first and last name left out — about half the JSON of the contacts themselves.
 */
import type { ContactEmail, ContactPending, ContactPhone, ContactView } from '../model/contacts';

/** A phone: number, normalized, display ('' when it is the number), type, primary (1). */
type PackedPhone = [string, string, string, string | null, 0 | 1];
/** An e-mail: address, type, primary (1). */
type PackedEmail = [string, string | null, 0 | 1];

/**
 * A contact: key ('' when it is `id:<id>`), id, external id, address book, name (null when it is the first and last
 * name), first name, last name, phones, e-mails, deleted (1), the change on its way.
 */
export type PackedContact = [
  string,
  number | null,
  string | null,
  number | null,
  string | null,
  string,
  string,
  PackedPhone[],
  PackedEmail[],
  0 | 1,
  ContactPending | null,
];

/** The name a contact's first and last names make. */
const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

/** A contact as it is sent. */
export function packContact(c: ContactView): PackedContact {
  return [
    c.id !== null && c.key === `id:${c.id}` ? '' : c.key,
    c.id,
    c.externalId,
    c.addressBookId,
    c.name === fullName(c.firstName, c.lastName) ? null : c.name,
    c.firstName,
    c.lastName,
    c.phones.map((p) => [p.number, p.normalized, p.display === p.number ? '' : p.display, p.type, p.primary ? 1 : 0]),
    c.emails.map((e) => [e.address, e.type, e.primary ? 1 : 0]),
    c.deleted ? 1 : 0,
    c.pending,
  ];
}

/** The contact as it was before it was packed. */
export function unpackContact(p: PackedContact): ContactView {
  const [key, id, externalId, addressBookId, name, firstName, lastName, phones, emails, deleted, pending] = p;
  return {
    key: key || `id:${id}`,
    id,
    externalId,
    addressBookId,
    name: name ?? fullName(firstName, lastName),
    firstName,
    lastName,
    phones: phones.map(([number, normalized, display, type, primary]): ContactPhone => ({
      number,
      normalized,
      display: display || number,
      type,
      primary: primary === 1,
    })),
    emails: emails.map(([address, type, primary]): ContactEmail => ({ address, type, primary: primary === 1 })),
    deleted: deleted === 1,
    pending,
  };
}

/** A part of the kept contacts, from `from` on in core's index order. */
export interface KeptChunk {
  /** The contacts the service has (as changes made here leave them), in the index's order. */
  contacts: PackedContact[];
  /** Contacts added here and not yet on the service, newest first (all of them, in the first part only). */
  created: PackedContact[];
  /** Where the next part starts; null when this is the last. */
  next: number | null;
  /** When the oldest copy kept was read (the answer is as old as that); null while nothing is kept. */
  fetchedAt: number | null;
}

/** What changed among the kept contacts since the page was told last (`store:changed`'s `keptContacts`). */
export interface KeptChange {
  /** New or changed contacts the service has: a new one goes last, a changed one stays in its place. */
  put: PackedContact[];
  /** Keys of contacts that went (deleted here and at the service). */
  removed: string[];
  /** The contacts added here and not yet on the service, when they changed (all of them). */
  created?: PackedContact[];
  fetchedAt: number | null;
}
