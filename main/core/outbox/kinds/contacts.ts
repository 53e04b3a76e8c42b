/** Contact writes: create (reconciled by external_id), update (idempotent patch), delete (idempotent, 404 = done). */
import { z } from 'zod';
import { createContact, deleteContact, findContactByExternalId, updateContact } from '../../api/contacts-api';
import { done, recordKeyOf, recordRef, refExternalId, refId, type KindSpec } from './spec';
import { payloadFormat } from './stored-format';

const named = (c: { name?: string; first_name?: string; last_name?: string }) =>
  Boolean(c.name?.trim() || c.first_name?.trim() || c.last_name?.trim());

const contactCreate = z
  .looseObject({
    external_id: refExternalId.optional(),
    address_book_id: refId.optional(),
    address_book: z.string().trim().min(1).optional(),
    name: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  })
  .refine(
    (c) => c.address_book_id !== undefined || c.address_book !== undefined,
    'address_book_id or address_book is required',
  )
  .refine(named, 'a name (or first_name/last_name) is required')
  .refine((c) => !('id' in c), 'a new contact has no id');

/** POST /v1/contacts; after an ambiguous attempt, GET /v1/contact?external_id= first. */
export const contactCreateKind: KindSpec<z.output<typeof contactCreate>> = {
  format: payloadFormat({ schema: contactCreate }),
  create: true,
  goneIsDone: false,
  recordKeys: (p) => [recordKeyOf('contact', p)],
  appointmentAt: () => null,
  send: async (service, p) => done(await createContact(service, p)),
  reconcile: async (service, op) => {
    const externalId = String(op.payload.external_id);
    const bookId = op.payload.address_book_id;
    const found = await findContactByExternalId(service, externalId, bookId);
    return found ? done(found) : null;
  },
};

/** PUT /v1/contacts by id or external_id: a patch, the same result however often it is applied. */
export const contactUpdateKind: KindSpec<z.output<typeof recordRef>> = {
  format: payloadFormat({ schema: recordRef }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [recordKeyOf('contact', p)],
  appointmentAt: () => null,
  send: async (service, p) => done(await updateContact(service, p)),
};

const contactDelete = z
  .strictObject({ id: refId.optional(), external_id: refExternalId.optional(), address_book_id: refId.optional() })
  .refine((r) => r.id !== undefined || r.external_id !== undefined, 'id or external_id is required');

/** DELETE /v1/contacts: a second delete is a no-op, and "not found" means it is already gone. */
export const contactDeleteKind: KindSpec<z.output<typeof contactDelete>> = {
  format: payloadFormat({ schema: contactDelete }),
  create: false,
  goneIsDone: true,
  recordKeys: (p) => [recordKeyOf('contact', p)],
  appointmentAt: () => null,
  send: async (service, p) => done(await deleteContact(service, p)),
};
