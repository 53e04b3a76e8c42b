/**
 * A contact's external id, looked up through the sandbox's index of them (test/sandbox/api/store.ts), answers as the
 * contacts are now after each kind of change: create, update to another id, delete, a booking's new contact, reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, startApi, type Api, type Json } from './helpers';

let api: Api;
let bookId: number;
let otherBookId: number;

beforeAll(async () => {
  api = await startApi({ now: clock().now });
  const books = (await api.get('/v1/address_books')).body.address_books as Array<{ id: number }>;
  bookId = books[0]!.id;
  otherBookId = (await api.post('/v1/contacts', { contacts: [{ address_book: 'Second book', name: 'Seed Other' }] }))
    .body.contacts[0].address_book_id;
  expect(otherBookId).not.toBe(bookId);
});
afterAll(() => api.close());

async function create(contact: Record<string, unknown>, book = bookId): Promise<Json> {
  const res = await api.post('/v1/contacts', { contacts: [{ address_book_id: book, ...contact }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.contacts[0];
}
const byExternalId = async (externalId: string, book?: number) =>
  api.get('/v1/contact', { external_id: externalId, ...(book === undefined ? {} : { address_book_id: book }) });

describe('contacts found by external id', () => {
  it('follows an update to another id: the old one is free, the new one taken', async () => {
    const c = await create({ name: 'Ext Moved', external_id: 'ext-old' });
    const put = await api.put('/v1/contacts', { contacts: [{ id: c.id, external_id: 'ext-new' }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await byExternalId('ext-new')).body.id).toBe(c.id);
    // Nothing has the old id now: a GET misses it, a new contact may take it, an upsert by it creates.
    expect((await byExternalId('ext-old')).status).toBe(404);
    const taker = await create({ name: 'Ext Taker', external_id: 'ext-old' });
    expect((await byExternalId('ext-old')).body.id).toBe(taker.id);
    const dup = await api.post('/v1/contacts', {
      contacts: [{ address_book_id: bookId, name: 'Ext Dup', external_id: 'ext-new' }],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('already used by contact');
    // An upsert by the new id patches the moved contact.
    const upsert = await api.put('/v1/contacts', {
      contacts: [{ external_id: 'ext-new', address_book_id: bookId, name: 'Ext Moved Again' }],
    });
    expect(upsert.body.contacts[0].id).toBe(c.id);
  });

  it('passes over a deleted contact: its id may be used again, and a GET finds the live one', async () => {
    const first = await create({ name: 'Ext Gone', external_id: 'ext-gone' });
    expect((await api.del('/v1/contacts', { id: first.id })).status).toBe(200);
    // Only the deleted one: a GET still answers with it, deleted.
    expect((await byExternalId('ext-gone')).body).toMatchObject({ id: first.id, is_deleted: true });
    const again = await create({ name: 'Ext Back', external_id: 'ext-gone' });
    expect((await byExternalId('ext-gone')).body).toMatchObject({ id: again.id, is_deleted: false });
    const upsert = await api.put('/v1/contacts', {
      contacts: [{ external_id: 'ext-gone', address_book_id: bookId, name: 'Ext Back Patched' }],
    });
    expect(upsert.body.contacts[0].id).toBe(again.id);
  });

  it('keeps address books apart, and of several answers with the first made', async () => {
    const here = await create({ name: 'Ext Here', external_id: 'ext-shared' });
    const there = await create({ name: 'Ext There', external_id: 'ext-shared' }, otherBookId);
    expect((await byExternalId('ext-shared', otherBookId)).body.id).toBe(there.id);
    expect((await byExternalId('ext-shared', bookId)).body.id).toBe(here.id);
    expect((await byExternalId('ext-shared')).body.id).toBe(here.id);
    // The first made moves away: the other is the one left.
    await api.put('/v1/contacts', { contacts: [{ id: here.id, external_id: 'ext-elsewhere' }] });
    expect((await byExternalId('ext-shared')).body.id).toBe(there.id);
    expect((await byExternalId('ext-shared', bookId)).status).toBe(404);
  });

  it('finds seeded contacts by their external ids, and forgets created ones at a reset', async () => {
    const seeded = (await api.get('/v1/contacts', { address_book_id: bookId, page_size: 200 })).body.contacts.find(
      (c: Json) => c.external_id !== null && !c.external_id.startsWith('ext-') && !c.is_deleted,
    );
    expect(seeded).toBeDefined();
    const taken = async () =>
      api.post('/v1/contacts', {
        contacts: [{ address_book_id: seeded.address_book_id, name: 'Ext Seed Dup', external_id: seeded.external_id }],
      });
    expect((await taken()).body.message).toContain(`already used by contact ${seeded.id}`);
    expect((await byExternalId(seeded.external_id)).body.id).toBe(seeded.id);
    await create({ name: 'Ext Before Reset', external_id: 'ext-reset' });
    const reset = await api.call('POST', '/__sandbox/reset', { as: null });
    expect(reset.status).toBe(200);
    expect((await byExternalId('ext-reset')).status).toBe(404);
    expect((await taken()).body.message).toContain(`already used by contact ${seeded.id}`);
    await create({ name: 'Ext After Reset', external_id: 'ext-reset' });
  });
});
