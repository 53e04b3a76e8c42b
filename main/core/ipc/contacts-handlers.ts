/** `contacts:*` handlers: search (fresh or cached), one contact, address books, and writes through the outbox. */
import type { ConsentService } from '../consent/consent-service';
import type { ContactsService } from '../contacts/contacts-service';
import type { DomainHandlers } from './dispatch';
import { serviceResult } from './result';
import { savedFirst, type SavedFirstDeps } from './saved-first';

/** Builds the contacts handlers. */
export function contactsHandlers(deps: { contacts: ContactsService; consent: ConsentService } & SavedFirstDeps) {
  const c = deps.contacts;
  return {
    'contacts:search': ({ savedFirst: first, soonest, ...args }) => {
      if (!first) return serviceResult(() => c.search(args, { soonest: soonest === true }));
      const told = { query: args.query, addressBookId: args.addressBookId ?? null };
      return savedFirst(
        deps,
        () => c.cached(args),
        () => c.search(args),
        (answer) => ({ of: 'contacts:search', ...told, answer }),
      );
    },
    'contacts:kept': (args) => serviceResult(() => c.kept(args)),
    'contacts:kept-list': ({ from }) => serviceResult(() => c.keptList(from)),
    'contacts:get': (ref) => serviceResult(() => c.get(ref)),
    'contacts:create': (input) => serviceResult(() => c.create(input)),
    'contacts:update': ({ changes, ...target }) => serviceResult(() => c.update(target, changes)),
    'contacts:delete': (target) => serviceResult(() => c.delete(target)),
    'contacts:address-books': () => serviceResult(() => c.addressBooks()),
    'contacts:next-appointments': (args) => serviceResult(() => c.nextAppointments(args)),
    'contacts:history': (args) => serviceResult(() => c.history(args)),
    'contacts:consent': ({ phones }) => serviceResult(() => deps.consent.read(phones)),
    'contacts:stop-texting': (args) => serviceResult(() => deps.consent.stop(args)),
  } satisfies DomainHandlers<'contacts'>;
}
