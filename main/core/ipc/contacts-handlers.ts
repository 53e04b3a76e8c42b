/** `contacts:*` handlers: search (fresh or cached), one contact, address books, and writes through the outbox. */
import { contactHistory } from '../contacts/contact-history';
import { nextAppointments } from '../contacts/next-appointments';
import { createContact, deleteContact, updateContact } from '../contacts/contact-writes';
import { addressBooks, cachedContacts, contactById, searchContacts } from '../contacts/contacts-service';
import type { CoreContext } from '../core-context';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './service-errors';

/** Builds the contacts handlers. */
export function contactsHandlers(deps: { context: CoreContext }) {
  const c = deps.context;
  return {
    'contacts:search': (args) => serviceResult(() => searchContacts(c, args)),
    'contacts:cached': (args) => serviceResult(() => cachedContacts(c, args)),
    'contacts:get': (ref) => serviceResult(() => contactById(c, ref)),
    'contacts:create': (input) => serviceResult(() => createContact(c, input)),
    'contacts:update': ({ changes, ...target }) => serviceResult(() => updateContact(c, target, changes)),
    'contacts:delete': (target) => serviceResult(() => deleteContact(c, target)),
    'contacts:address-books': () => serviceResult(() => addressBooks(c)),
    'contacts:next-appointments': (args) => serviceResult(() => nextAppointments(c, args)),
    'contacts:history': (args) => serviceResult(() => contactHistory(c, args)),
  } satisfies DomainHandlers<'contacts'>;
}
