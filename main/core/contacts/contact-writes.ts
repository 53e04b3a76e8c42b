/** Contact writes, all through the outbox: sent at once when online, kept and retried otherwise. */
import type { ContactChanges, ContactInput, OutboxItem } from '../../../preload/contract';
import { ServiceError } from '../api/service-error';
import { toItem } from '../outbox/outbox-items';
import { OutboxInputError } from '../outbox';
import {
  createPayload,
  extraKeys,
  fieldsPayload,
  mergeIntoCreate,
  refPayload,
  type ContactTarget,
} from './contact-payloads';
import type { CoreContext } from '../core-context';
import { accountOf, accountOps, addressBooks, countryOf } from './contacts-service';

/** Where a new contact goes when the form did not say: the default (else the first) address book. */
async function defaultBookId(deps: CoreContext): Promise<number> {
  const books = await addressBooks(deps).catch((error: unknown) => {
    if (!(error instanceof ServiceError && error.kind === 'retryable')) throw error;
    throw new OutboxInputError(
      'Frontdesk has not learned this account’s address books yet, so it cannot add a contact until the service answers. Please try again in a moment.',
    );
  });
  const book = books.find((b) => b.isDefault) ?? books[0];
  if (!book) throw new OutboxInputError('This account has no address book to add the contact to.');
  return book.id;
}

/** Queues a new contact (the outbox gives it its id as external_id, so a lost answer can be checked). */
export async function createContact(deps: CoreContext, input: ContactInput): Promise<OutboxItem> {
  const account = accountOf(deps);
  const bookId = input.addressBookId ?? (await defaultBookId(deps));
  const payload = createPayload(input, bookId, await countryOf(deps, account));
  return toItem(await deps.outbox.get().enqueue('contact.create', payload));
}

/** A queued create not yet sent changes in place; otherwise a patch of only the changed fields is queued. */
export async function updateContact(
  deps: CoreContext,
  target: ContactTarget,
  changes: ContactChanges,
): Promise<OutboxItem> {
  const account = accountOf(deps);
  const fields = fieldsPayload(changes, await countryOf(deps, account));
  if (Object.keys(fields).length === 0) throw new OutboxInputError('Nothing was changed.');
  if (target.id === undefined && target.externalId) {
    const create = accountOps(deps, account).find(
      (op) => op.kind === 'contact.create' && op.payload.external_id === target.externalId,
    );
    if (create && (create.status === 'queued' || create.status === 'needs_attention') && !create.ambiguous) {
      try {
        return toItem(await deps.outbox.get().edit(create.id, mergeIntoCreate(create.payload, fields)));
      } catch (error) {
        if (!(error instanceof OutboxInputError)) throw error; // being sent right now: queue a patch behind it
      }
    }
  }
  return toItem(
    await deps.outbox
      .get()
      .enqueue('contact.update', { ...refPayload(target), ...fields }, { extraRecordKeys: extraKeys(target) }),
  );
}

/** Queues the deletion (a contact not yet on the service is deleted right after it is added, in order). */
export async function deleteContact(deps: CoreContext, target: ContactTarget): Promise<OutboxItem> {
  accountOf(deps);
  return toItem(
    await deps.outbox.get().enqueue('contact.delete', refPayload(target), { extraRecordKeys: extraKeys(target) }),
  );
}
