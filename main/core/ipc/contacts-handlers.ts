/** `contacts:*` handlers: search (fresh or cached), one contact, address books, and writes through the outbox. */
import type { ContactsService } from '../contacts/contacts-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';

/** Builds the contacts handlers. */
export function contactsHandlers(deps: { contacts: ContactsService }) {
  const c = deps.contacts;
  return {
    'contacts:search': (args) => serviceResult(() => c.search(args)),
    'contacts:cached': (args) => serviceResult(() => c.cached(args)),
    'contacts:get': (ref) => serviceResult(() => c.get(ref)),
    'contacts:create': (input) => serviceResult(() => c.create(input)),
    'contacts:update': ({ changes, ...target }) => serviceResult(() => c.update(target, changes)),
    'contacts:delete': (target) => serviceResult(() => c.delete(target)),
    'contacts:address-books': () => serviceResult(() => c.addressBooks()),
    'contacts:next-appointments': (args) => serviceResult(() => c.nextAppointments(args)),
    'contacts:history': (args) => serviceResult(() => c.history(args)),
  } satisfies DomainHandlers<'contacts'>;
}
