/**
 * Contact writes through the outbox over real HTTP: a queued create shows at once as waiting and then as the
 * service's record; updates send only what changed (lists replaced whole); deletes; edits of an unsent create.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContactView } from '../../../common/contract';
import { call, goOffline, goOnline, ownerGet, requestCount, useBootstrap, waitForOp } from '../../support/bootstrap';

interface Raw {
  id: number;
  external_id: string | null;
  name: string;
  first_name: string;
  last_name: string;
  phone_numbers: { number: string; normalized: string; type: string }[];
  email_addresses: { address: string }[];
  is_deleted: boolean;
}

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 } });
beforeAll(async () => {
  // What the Contacts screen reads on opening: the full list and the address books.
  await call(kit.made, 'contacts:search', { query: '' });
  await call(kit.made, 'contacts:address-books');
});
afterEach(async () => {
  await kit.admin().clearFaults();
});

const find = (items: ContactView[], id: number) => items.find((c) => c.id === id);
const raw = async (id: number) => (await ownerGet<Raw>(kit.sb, '/v1/contact', { id })).body;
const seeded = async (test: (c: Raw) => boolean) =>
  (await ownerGet<{ contacts: Raw[] }>(kit.sb, '/v1/contacts', { page_size: 1000 })).body.contacts.find(test)!;

describe('contact writes', () => {
  it('shows a create made offline at once as waiting, then the service’s record once it is sent', async () => {
    await goOffline(kit.sb, kit.made);
    const item = await call(kit.made, 'contacts:create', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phones: [{ number: '(312) 555-0199' }],
      emails: [{ address: 'Ada.Lovelace@Example.com' }],
    });
    expect(item).toMatchObject({ kind: 'contact.create', status: 'queued', about: { who: 'Ada Lovelace' } });
    const waiting = await call(kit.made, 'contacts:search', { query: 'lovelace' });
    expect(waiting.source).toBe('cache');
    expect(waiting.items[0]).toMatchObject({
      key: `op:${item.id}`,
      id: null,
      externalId: item.id,
      addressBookId: 2001,
      name: 'Ada Lovelace',
      phones: [{ normalized: '+13125550199', display: '(312) 555-0199', primary: true }],
      emails: [{ address: 'ada.lovelace@example.com' }],
      pending: { opId: item.id, change: 'create', status: 'queued', error: null },
    });
    expect(kit.made.core.outbox.get().get(item.id)!.payload).toMatchObject({
      address_book_id: 2001,
      phone_numbers: [{ number: '+13125550199', is_primary: true }],
    });

    await goOnline(kit.sb, kit.made);
    const done = await waitForOp(kit.made, item.id);
    const synced = await call(kit.made, 'contacts:search', { query: 'lovelace' });
    expect(synced.source).toBe('service');
    expect(synced.items).toHaveLength(1);
    expect(synced.items[0]).toMatchObject({
      key: `id:${done.result!.id}`,
      id: done.result!.id,
      externalId: item.id,
      name: 'Ada Lovelace',
      pending: null,
    });
    expect((await raw(done.result!.id!)).phone_numbers).toMatchObject([{ normalized: '+13125550199' }]);
  });

  it('shows a number from another country in international format, the practice’s own in national format', async () => {
    // The practice is in the US (the service normalises numbers typed without a country code as US numbers).
    const item = await call(kit.made, 'contacts:create', {
      firstName: 'Oliver',
      lastName: 'Pemberton',
      phones: [{ number: '+44 20 7946 0958' }, { number: '(312) 555-0123' }],
      emails: [],
    });
    const shown = async () =>
      (await call(kit.made, 'contacts:search', { query: 'pemberton' })).items[0]?.phones.map((p) => p.display).sort();
    expect(await shown(), 'while waiting to be sent').toEqual(['(312) 555-0123', '+44 20 7946 0958']);
    await waitForOp(kit.made, item.id);
    expect(await shown(), 'as the service has it').toEqual(['(312) 555-0123', '+44 20 7946 0958']);
  });

  it('changes a create that has not been sent in place, instead of queueing a second write', async () => {
    await goOffline(kit.sb, kit.made);
    const posts = await requestCount(kit.sb, 'POST /v1/contacts');
    const created = await call(kit.made, 'contacts:create', { name: 'Grace Hoper', phones: [], emails: [] });
    const edited = await call(kit.made, 'contacts:update', {
      externalId: created.id,
      changes: { lastName: 'Hopper', phones: [{ number: '312 555 0177', type: 'home' }] },
    });
    expect(edited.id).toBe(created.id);
    const op = kit.made.core.outbox.get().get(created.id)!;
    expect(op.payload).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_numbers: [{ number: '+13125550177', type: 'home' }],
    });
    expect(op.payload).not.toHaveProperty('name');
    const detail = await call(kit.made, 'contacts:get', { externalId: created.id });
    expect(detail.contact).toMatchObject({
      id: null,
      name: 'Grace Hopper',
      pending: { change: 'create', status: 'queued' },
    });

    await goOnline(kit.sb, kit.made);
    const done = await waitForOp(kit.made, created.id);
    expect(await raw(done.result!.id!)).toMatchObject({
      name: 'Grace Hopper',
      phone_numbers: [{ normalized: '+13125550177', type: 'home' }],
    });
    expect((await requestCount(kit.sb, 'POST /v1/contacts')) - posts).toBe(1);
    expect(
      kit.made.core.outbox
        .get()
        .list()
        .filter((o) => o.kind === 'contact.update' && o.payload.external_id === created.id),
    ).toEqual([]);
  });

  it('sends only the changed fields, and replaces the phone list whole when it changed', async () => {
    const before = await seeded(
      (c) => c.phone_numbers.length >= 2 && c.email_addresses.length > 0 && c.external_id !== null,
    );
    const rename = await call(kit.made, 'contacts:update', {
      id: before.id,
      externalId: before.external_id!,
      changes: { firstName: 'Renamed' },
    });
    expect(kit.made.core.outbox.get().get(rename.id)!.payload).toEqual({ id: before.id, first_name: 'Renamed' });
    await waitForOp(kit.made, rename.id);
    const renamed = await raw(before.id);
    expect(renamed).toMatchObject({
      first_name: 'Renamed',
      last_name: before.last_name,
      name: `Renamed ${before.last_name}`,
      phone_numbers: before.phone_numbers,
      email_addresses: before.email_addresses,
    });

    const phones = await call(kit.made, 'contacts:update', {
      id: before.id,
      changes: { phones: [{ number: '+1 312 555 0100', type: 'work' }] },
    });
    expect(kit.made.core.outbox.get().get(phones.id)!.payload).toEqual({
      id: before.id,
      phone_numbers: [{ number: '+13125550100', type: 'work', is_primary: true }],
    });
    await waitForOp(kit.made, phones.id);
    const after = await raw(before.id);
    expect(after.phone_numbers).toMatchObject([{ normalized: '+13125550100', type: 'work' }]);
    expect(after).toMatchObject({ first_name: 'Renamed', email_addresses: before.email_addresses });
  });

  it('shows an update made offline with its new values, marked waiting, until the service has it', async () => {
    const who = await seeded((c) => c.last_name.length > 3 && c.phone_numbers.length > 0);
    const query = who.first_name;
    expect(find((await call(kit.made, 'contacts:search', { query })).items, who.id)).toBeDefined();
    await goOffline(kit.sb, kit.made);
    const item = await call(kit.made, 'contacts:update', {
      id: who.id,
      changes: { lastName: 'Offline-Edit', emails: [] },
    });
    const shown = find((await call(kit.made, 'contacts:search', { query })).items, who.id)!;
    expect(shown).toMatchObject({
      name: `${who.first_name} Offline-Edit`,
      lastName: 'Offline-Edit',
      emails: [],
      pending: { change: 'update', status: 'queued', opId: item.id },
    });
    expect(shown.phones.map((p) => p.normalized)).toEqual(who.phone_numbers.map((p) => p.normalized));

    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, item.id);
    const fresh = find((await call(kit.made, 'contacts:search', { query })).items, who.id)!;
    expect(fresh).toMatchObject({ lastName: 'Offline-Edit', emails: [], pending: null });
    expect(await raw(who.id)).toMatchObject({ last_name: 'Offline-Edit', email_addresses: [] });
  });

  it('marks a contact deleted offline as "will be deleted", and drops it once the service has deleted it', async () => {
    const who = await seeded((c) => c.last_name.length > 3 && !c.is_deleted);
    const query = who.last_name;
    await call(kit.made, 'contacts:search', { query });
    await goOffline(kit.sb, kit.made);
    const item = await call(kit.made, 'contacts:delete', { id: who.id });
    expect(item).toMatchObject({ kind: 'contact.delete', status: 'queued' });
    expect(find((await call(kit.made, 'contacts:search', { query })).items, who.id)).toMatchObject({
      pending: { change: 'delete', status: 'queued' },
    });

    await goOnline(kit.sb, kit.made);
    await waitForOp(kit.made, item.id);
    expect(find((await call(kit.made, 'contacts:search', { query })).items, who.id)).toBeUndefined();
    expect(await raw(who.id)).toMatchObject({ is_deleted: true });
    expect((await call(kit.made, 'contacts:get', { id: who.id })).contact).toMatchObject({
      deleted: true,
      pending: null,
    });
  });

  it('puts a refused change in "needs attention" in plain words (never the service’s field names or ids)', async () => {
    const item = await call(kit.made, 'contacts:create', {
      name: 'Bad Book',
      addressBookId: 2999,
      phones: [],
      emails: [],
    });
    const op = await waitForOp(kit.made, item.id, 'needs_attention');
    expect(op.lastError?.message).toBe('The service did not accept this. Check what was entered and try again.');
    const list = await call(kit.made, 'contacts:search', { query: 'bad book' });
    expect(list.items[0]).toMatchObject({
      id: null,
      name: 'Bad Book',
      pending: { change: 'create', status: 'needs_attention', error: op.lastError!.message },
    });
  });
});
