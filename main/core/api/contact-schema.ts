/**
 * The service's contact and address-book records as the Contacts screen reads them (facts: `phone_numbers[].normalized`,
 * `email_addresses[].address`; the rest as the sandbox designs it). Tolerant of missing optional fields.
 */
import { z } from 'zod';
import { serviceId } from './schemas';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

const phoneSchema = z.object({
  number: text,
  normalized: text,
  type: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  is_primary: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

const emailSchema = z.object({
  address: z.string(),
  type: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  is_primary: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

/** A contact (GET /v1/contact, GET /v1/contacts, write answers). */
export const serviceContactSchema = z.object({
  id: serviceId,
  address_book_id: serviceId.nullish().transform((v) => v ?? null),
  external_id: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  name: text,
  first_name: text,
  last_name: text,
  phone_numbers: z
    .array(phoneSchema)
    .nullish()
    .transform((v) => v ?? []),
  email_addresses: z
    .array(emailSchema)
    .nullish()
    .transform((v) => v ?? []),
  is_deleted: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
/** A contact as the service sent it. */
export type ServiceContact = z.output<typeof serviceContactSchema>;

/** `{"contacts":[…]}`. */
export const contactListSchema = z.object({ contacts: z.array(serviceContactSchema) });

/** An address book (design: id, name, phone types; `is_default` honoured if a service sends it). */
const addressBookSchema = z.object({
  id: serviceId,
  name: text,
  phone_types: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  is_default: z.boolean().nullish(),
});

/** `{"address_books":[…]}`. */
export const addressBookListSchema = z.object({ address_books: z.array(addressBookSchema) });
