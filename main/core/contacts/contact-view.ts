/** Contacts as the screen shows them: from the service's record, or from a queued change's payload. */
import type { CountryCode } from 'libphonenumber-js';
import type { ContactEmail, ContactPhone, ContactView } from '../../../common/contract';
import type { ServiceContact } from '../api/contact-schema';
import { displayPhone, pendingPhone } from '../phone/phones';

/** The view of a service record. */
export function viewOf(c: ServiceContact, country: CountryCode | null): ContactView {
  return {
    key: `id:${c.id}`,
    id: c.id,
    externalId: c.external_id,
    addressBookId: c.address_book_id,
    name: c.name || `${c.first_name} ${c.last_name}`.trim(),
    firstName: c.first_name,
    lastName: c.last_name,
    phones: c.phone_numbers.map((p) => ({
      number: p.number,
      normalized: p.normalized,
      display: displayPhone(p.number, p.normalized, country),
      type: p.type,
      primary: p.is_primary,
    })),
    emails: c.email_addresses.map((e) => ({ address: e.address, type: e.type, primary: e.is_primary })),
    deleted: c.is_deleted,
    pending: null,
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/** Index of the primary entry as the service picks it: the first flagged, else the first. */
function primaryIndex(items: Record<string, unknown>[]): number {
  return Math.max(
    0,
    items.findIndex((i) => i.is_primary === true),
  );
}

function phonesOf(list: unknown[], country: CountryCode | null): ContactPhone[] {
  const items = list.map(rec);
  const primary = primaryIndex(items);
  return items.map((p, i) => pendingPhone(str(p.number) ?? '', str(p.type) ?? null, i === primary, country));
}

function emailsOf(list: unknown[]): ContactEmail[] {
  const items = list.map(rec);
  const primary = primaryIndex(items);
  return items.map((e, i) => ({
    address: (str(e.address) ?? '').toLowerCase(),
    type: str(e.type) ?? null,
    primary: i === primary,
  }));
}

/** `base` with the fields of a contact write payload applied, as the service would (name wins; lists replace). */
export function applyPayload(base: ContactView, p: Record<string, unknown>, country: CountryCode | null): ContactView {
  const next: ContactView = { ...base };
  const name = str(p.name);
  if (name) {
    const s = splitName(name);
    Object.assign(next, { name, firstName: str(p.first_name) ?? s.first, lastName: str(p.last_name) ?? s.last });
  } else if (p.first_name !== undefined || p.last_name !== undefined) {
    next.firstName = str(p.first_name) ?? next.firstName;
    next.lastName = str(p.last_name) ?? next.lastName;
    next.name = `${next.firstName} ${next.lastName}`.trim();
  }
  if (Array.isArray(p.phone_numbers)) next.phones = phonesOf(p.phone_numbers, country);
  if (Array.isArray(p.email_addresses)) next.emails = emailsOf(p.email_addresses);
  return next;
}

/** A contact that exists only as a queued create. */
export function viewOfCreate(
  opId: string,
  p: Record<string, unknown>,
  serviceId: number | null,
  country: CountryCode | null,
): ContactView {
  const blank: ContactView = {
    key: serviceId !== null ? `id:${serviceId}` : `op:${opId}`,
    id: serviceId,
    externalId: str(p.external_id) ?? opId,
    addressBookId: typeof p.address_book_id === 'number' ? p.address_book_id : null,
    name: '',
    firstName: '',
    lastName: '',
    phones: [],
    emails: [],
    deleted: false,
    pending: null,
  };
  return applyPayload(blank, p, country);
}
