/** Contact routes: GET /v1/contact, GET/POST/PUT/DELETE /v1/contacts (shapes per facts; list/delete designed). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../errors';
import { contactsBody, planContacts } from './contact-write';
import {
  addRoute,
  boolish,
  type Call,
  idParam,
  paginate,
  pagingShape,
  parseBody,
  parseQuery,
  stamp,
  str,
  timeParam,
  type Deps,
} from './http';
import { normalizeEmail, normalizePhone } from './phones';
import { liveContactByExternalId } from './store';
import type { AccountData, Contact } from './types';

/** JSON form of a contact. */
function renderContact(c: Contact): Record<string, unknown> {
  return {
    id: c.id,
    address_book_id: c.addressBookId,
    external_id: c.externalId,
    name: c.name,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_numbers: c.phones.map((p) => ({
      number: p.number,
      normalized: p.normalized,
      is_mobile: p.isMobile,
      type: p.type,
      is_primary: p.isPrimary,
    })),
    email_addresses: c.emails.map((e) => ({ address: e.address, type: e.type, is_primary: e.isPrimary })),
    custom_data: c.customData,
    is_deleted: c.isDeleted,
    created_at: stamp(c.createdAt),
    updated_at: stamp(c.updatedAt),
  };
}

const oneQuery = z.object({
  id: idParam.optional(),
  external_id: str(200).optional(),
  address_book_id: idParam.optional(),
});

/** Contact named by `id` or `external_id` (live ones first for external ids); 400 without either, 404 unknown. */
function findContact(acc: AccountData, q: z.output<typeof oneQuery>): Contact {
  if (q.id !== undefined) return acc.contacts.get(q.id) ?? notFound(`contact ${q.id} not found`);
  if (q.external_id === undefined) return badRequest('id or external_id is required');
  const live = liveContactByExternalId(acc, q.external_id, q.address_book_id);
  if (live) return live;
  const dead = [...acc.contacts.values()]
    .reverse()
    .find(
      (c) =>
        c.externalId === q.external_id && (q.address_book_id === undefined || c.addressBookId === q.address_book_id),
    );
  return dead ?? notFound(`no contact with external_id "${q.external_id.slice(0, 80)}"`);
}

function listQuery(zone: string) {
  return z.object({
    ...pagingShape(30),
    address_book_id: idParam.optional(),
    phone_number: str(40).optional(),
    email_address: str(254).optional(),
    q: str(200).optional(),
    external_id: str(200).optional(),
    updated_since: timeParam(zone).optional(),
    include_deleted: boolish.default(false),
  });
}

function byName(a: Contact, b: Contact): number {
  const x = `${a.lastName}\u0000${a.firstName}`.toLowerCase();
  const y = `${b.lastName}\u0000${b.firstName}`.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/** Registers the contact routes. */
export function registerContacts(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, 'GET', '/v1/contact', ({ req, acc }) =>
    renderContact(findContact(acc, parseQuery(req, oneQuery))),
  );

  addRoute(app, deps, 'GET', '/v1/contacts', ({ req, acc }) => {
    const q = parseQuery(req, listQuery(acc.timeZone));
    const phone =
      q.phone_number === undefined
        ? undefined
        : (normalizePhone(q.phone_number, acc.country) ?? badRequest('phone_number is not a phone number'));
    const email =
      q.email_address === undefined
        ? undefined
        : (normalizeEmail(q.email_address) ?? badRequest('email_address is not an e-mail address'));
    const needle = q.q?.trim().toLowerCase();
    const digits = needle?.replace(/\D/g, '') ?? '';
    const hits = [...acc.contacts.values()].filter(
      (c) =>
        (q.include_deleted || !c.isDeleted) &&
        (q.address_book_id === undefined || c.addressBookId === q.address_book_id) &&
        (q.external_id === undefined || c.externalId === q.external_id) &&
        (q.updated_since === undefined || c.updatedAt >= q.updated_since) &&
        (phone === undefined || c.phones.some((p) => p.normalized === phone)) &&
        (email === undefined || c.emails.some((e) => e.address === email)) &&
        (!needle ||
          c.name.toLowerCase().includes(needle) ||
          c.emails.some((e) => e.address.includes(needle)) ||
          (digits.length >= 3 && c.phones.some((p) => p.normalized.includes(digits)))),
    );
    hits.sort(byName);
    return { contacts: paginate(hits, q.page, q.page_size).map(renderContact) };
  });

  const write =
    (upsert: boolean) =>
    ({ req, acc, now }: Call) => {
      const body = parseBody(req, contactsBody);
      const thunks = planContacts(acc, deps.store.ids, body.contacts, upsert, now);
      const written = thunks.map((run) => run());
      deps.ctx.counters.contactsWritten += written.length;
      return { contacts: written.map(renderContact) };
    };
  addRoute(app, deps, 'POST', '/v1/contacts', write(false));
  addRoute(app, deps, 'PUT', '/v1/contacts', write(true));

  addRoute(app, deps, 'DELETE', '/v1/contacts', ({ req, acc, now }) => {
    const contact = findContact(acc, parseQuery(req, oneQuery));
    if (!contact.isDeleted) {
      contact.isDeleted = true;
      contact.updatedAt = now;
    }
    deps.ctx.counters.contactsWritten += 1;
    return { contacts: [renderContact(contact)] };
  });
}
