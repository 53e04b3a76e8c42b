/**
 * Contact writes and the lookup by external_id (the service wraps bodies as `{"contacts":[…]}`; GET /v1/contact is
 * known from community usage, not the spec). Response schemas ask only for what the app uses, so a real server's extra or missing optional fields pass.
 */
import { z } from 'zod';
import { oneRecord, serviceId } from './schemas';
import type { ServiceRequester } from './service-client';
import { ServiceError } from './service-error';

/** The part of a contact the outbox keeps: its id and how it is known. */
const contactRecordSchema = z.object({
  id: serviceId,
  external_id: z.string().nullish(),
  address_book_id: serviceId.nullish(),
  is_deleted: z.boolean().nullish(),
});
/** A written or found contact. */
export type ContactRecord = z.output<typeof contactRecordSchema>;

/** Write responses: `{"contacts":[…]}` (sandbox, by analogy with events) or a bare contact. */
const contactWriteSchema = oneRecord('contacts', contactRecordSchema);

/** How a single contact is named: by id, or by external_id (optionally within an address book). */
export interface ContactRef {
  id?: number;
  external_id?: string;
  address_book_id?: number;
}

/** POST /v1/contacts with one contact; returns the created record. */
export function createContact(client: ServiceRequester, contact: Record<string, unknown>): Promise<ContactRecord> {
  return client.request({
    method: 'POST',
    path: '/v1/contacts',
    body: { contacts: [contact] },
    schema: contactWriteSchema,
  });
}

/** PUT /v1/contacts with one contact (patch by id or external_id; a contact with neither would be created). */
export function updateContact(client: ServiceRequester, contact: Record<string, unknown>): Promise<ContactRecord> {
  return client.request({
    method: 'PUT',
    path: '/v1/contacts',
    body: { contacts: [contact] },
    schema: contactWriteSchema,
  });
}

/** DELETE /v1/contacts?id=|external_id= (soft delete on the sandbox). */
export function deleteContact(client: ServiceRequester, ref: ContactRef): Promise<ContactRecord> {
  return client.request({ method: 'DELETE', path: '/v1/contacts', query: { ...ref }, schema: contactWriteSchema });
}

/** GET /v1/contact?external_id=: the contact (deleted ones included where the service returns them), or null on 404. */
export async function findContactByExternalId(
  client: ServiceRequester,
  externalId: string,
  addressBookId?: number,
): Promise<ContactRecord | null> {
  try {
    return await client.request({
      method: 'GET',
      path: '/v1/contact',
      query: { external_id: externalId, address_book_id: addressBookId },
      schema: contactRecordSchema,
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Whether a failure is the service saying "no such record". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ServiceError && error.kind === 'permanent' && error.details.status === 404;
}
