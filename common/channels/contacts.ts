/** Contacts: search, read and change them through the outbox. */
import { z } from 'zod';
import { emailAddress } from '../input-rules';
import {
  contactChanges,
  contactInput,
  contactRef,
  contactRefFields,
  contactSearch,
  hasRef,
  type AddressBookView,
  type ConsentAnswer,
  type ContactDetail,
  type ContactHistory,
  type ContactList,
  type NextAppointment,
} from '../model/contacts';
import type { OutboxItem } from '../model/outbox';
import type { KeptChunk } from '../contacts/kept-wire';
import { invoke, noArgs } from './declare';

/** The contacts invoke channels. */
export const contactsInvoke = {
  /**
   * Matching contacts (first ~200), fresh from the service (the cache when offline), with unsynced changes applied.
   * With `savedFirst`, the saved answer at once when there is one, and the fresh one as `store:changed` (`fresh`).
   * With `soonest`, the service's first page as soon as it is here when more pages follow (`partial`), and the whole
   * answer as `store:changed` (`contacts`).
   */
  'contacts:search': invoke<ContactList>()(
    contactSearch.extend({ savedFirst: z.literal(true).optional(), soonest: z.literal(true).optional() }),
  ),
  /**
   * The matches among the contacts kept here (the last answer saved for these words, else core's index of the
   * contacts it keeps), at once and without asking the service: what a key shows while the typing goes on. Null when
   * nothing is kept. With `first`, only the first so many matches (what the screen shows before the service's answer,
   * which brings the rest), and `more` when others were left out.
   */
  'contacts:kept': invoke<ContactList | null>()(
    contactSearch.extend({ first: z.number().int().min(1).max(200).optional() }),
  ),
  /**
   * The contacts core keeps (its index, as the changes made here leave them), for the page's own copy that answers a
   * key in the key's frame (renderer/stores/kept-contacts-store.ts): a part from `from` on, the next from `next`.
   * Once asked, `store:changed`'s `keptContacts` tells what changes among them.
   */
  'contacts:kept-list': invoke<KeptChunk>()(z.object({ from: z.number().int().min(0).max(10_000_000) }).strict()),
  'contacts:get': invoke<ContactDetail>()(contactRef),
  /** Adds a contact through the outbox: done at once when online, queued otherwise. */
  'contacts:create': invoke<OutboxItem>()(contactInput),
  /** Changes only the given fields (patch) through the outbox. */
  'contacts:update': invoke<OutboxItem>()(
    z
      .object({ ...contactRefFields, changes: contactChanges })
      .strict()
      .refine(hasRef, 'id or externalId is required'),
  ),
  'contacts:delete': invoke<OutboxItem>()(contactRef),
  'contacts:address-books': invoke<AddressBookView[]>()(noArgs),
  /** Each person's next appointment in the coming month, by their phones and e-mails (one read for all). */
  'contacts:next-appointments': invoke<NextAppointment[]>()(
    z
      .object({
        people: z
          .array(
            z
              .object({
                key: z.string().min(1).max(100),
                phones: z.array(z.string().trim().min(1).max(40)).max(5),
                emails: z.array(z.string().trim().min(1).max(254)).max(5),
              })
              .strict(),
          )
          .max(20),
      })
      .strict(),
  ),
  /** Upcoming and past appointments with these phones or e-mails, and their bookings (the saved copy offline). */
  'contacts:history': invoke<ContactHistory>()(
    z
      .object({
        phones: z.array(z.string().trim().min(1).max(40)).max(5),
        emails: z.array(emailAddress).max(5),
      })
      .strict()
      .refine((h) => h.phones.length + h.emails.length > 0, 'a phone or an e-mail is needed'),
  ),
  /** May these phones be texted: the service's consent lists (the saved copy offline), and what was learnt here. */
  'contacts:consent': invoke<ConsentAnswer>()(
    z.object({ phones: z.array(z.string().trim().min(1).max(40)).min(1).max(20) }).strict(),
  ),
  /** "Stop texting this patient": their phones go onto the opt-out list through the outbox (queued offline). */
  'contacts:stop-texting': invoke<OutboxItem>()(
    z.object({ phones: z.array(z.string().trim().min(1).max(40)).min(1).max(5), who: z.string().max(200) }).strict(),
  ),
} as const;
