/** Contacts: create, patch, wholesale list replacement, add_phone/add_email, paging, filters, delete, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, clock, startApi, type Api, type Json } from './helpers';

let api: Api;
let bookId: number;

beforeAll(async () => {
  api = await startApi({ now: clock().now });
  bookId = (await api.get('/v1/address_books')).body.address_books[0].id;
});
afterAll(() => api.close());

async function create(contact: Record<string, unknown>): Promise<Json> {
  const res = await api.post('/v1/contacts', { contacts: [{ address_book_id: bookId, ...contact }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.contacts[0];
}

describe('POST / GET /v1/contacts', () => {
  it('creates a contact with normalized phones and e-mails, readable by id and external_id', async () => {
    const c = await create({
      first_name: 'Ada',
      last_name: 'Lovelace',
      external_id: 'ext-ada',
      phone_numbers: [
        { number: '(312) 555-0199', is_mobile: true, type: 'mobile' },
        { number: '312 555 0198', type: 'home', is_primary: true },
      ],
      email_addresses: [{ address: 'Ada@Example.com' }],
      custom_data: { allergy: 'latex' },
    });
    expect(c).toMatchObject({
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_book_id: bookId,
      external_id: 'ext-ada',
      is_deleted: false,
      phone_numbers: [
        { number: '(312) 555-0199', normalized: '+13125550199', is_mobile: true, type: 'mobile', is_primary: false },
        { number: '312 555 0198', normalized: '+13125550198', type: 'home', is_primary: true },
      ],
      email_addresses: [{ address: 'ada@example.com', is_primary: true }],
      custom_data: { allergy: 'latex' },
    });
    expect(c.updated_at).toMatch(/Z$/);
    expect((await api.get('/v1/contact', { id: c.id })).body).toEqual(c);
    expect((await api.get('/v1/contact', { external_id: 'ext-ada' })).body).toEqual(c);
  });

  it('creates the address book named by address_book when missing', async () => {
    const res = await api.post('/v1/contacts', {
      contacts: [{ address_book: 'Walk-ins', name: 'Grace Hopper', phone: '3125550197' }],
    });
    expect(res.status).toBe(200);
    const books = (await api.get('/v1/address_books')).body.address_books;
    expect(books.find((b: Json) => b.name === 'Walk-ins')?.id).toBe(res.body.contacts[0].address_book_id);
  });

  it('rejects a duplicate external_id, bad phones and missing names with a 400 naming the field', async () => {
    const dup = await api.post('/v1/contacts', {
      contacts: [{ address_book_id: bookId, name: 'X Y', external_id: 'ext-ada' }],
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ errors: 'invalid_request' });
    expect(dup.body.message).toContain('external_id');
    const phone = await api.post('/v1/contacts', {
      contacts: [{ address_book_id: bookId, name: 'X Y', phone: 'not a phone' }],
    });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toContain('contacts[0].phone');
    const nameless = await api.post('/v1/contacts', { contacts: [{ address_book_id: bookId, phone: '3125550100' }] });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toContain('name');
    const badType = await api.post('/v1/contacts', {
      contacts: [{ address_book_id: bookId, name: 'A B', phone_numbers: [{ number: '3125550100', type: 'pager' }] }],
    });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('type');
  });

  it('writes nothing when one contact of a batch is bad', async () => {
    const before = (await allPages(api, '/v1/contacts', 'contacts')).length;
    const res = await api.post('/v1/contacts', {
      contacts: [{ address_book_id: bookId, name: 'Good One' }, { address_book_id: bookId }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('contacts[1]');
    expect((await allPages(api, '/v1/contacts', 'contacts')).length).toBe(before);
  });
});

describe('PUT /v1/contacts', () => {
  it('patches plain fields, replaces lists wholesale, appends with add_phone/add_email', async () => {
    const c = await create({
      name: 'Alan Turing',
      external_id: 'ext-alan',
      phone: '3125550191',
      email: 'alan@example.com',
      custom_data: { a: 1, b: 2 },
    });
    const patched = await api.put('/v1/contacts', { contacts: [{ id: c.id, last_name: 'Mathison-Turing' }] });
    expect(patched.status).toBe(200);
    expect(patched.body.contacts[0]).toMatchObject({
      name: 'Alan Mathison-Turing',
      first_name: 'Alan',
      phone_numbers: c.phone_numbers,
      email_addresses: c.email_addresses,
      custom_data: { a: 1, b: 2 },
    });
    const replaced = await api.put('/v1/contacts', {
      contacts: [{ external_id: 'ext-alan', phone_numbers: [{ number: '3125550192' }], custom_data: { c: 3 } }],
    });
    expect(replaced.body.contacts[0].id).toBe(c.id);
    expect(replaced.body.contacts[0].phone_numbers.map((p: Json) => p.normalized)).toEqual(['+13125550192']);
    expect(replaced.body.contacts[0].custom_data).toEqual({ c: 3 });
    expect(replaced.body.contacts[0].email_addresses).toEqual(c.email_addresses);
    const added = await api.put('/v1/contacts', {
      contacts: [{ id: c.id, add_phone: '3125550193', add_email: 'turing@example.org' }],
    });
    const after = added.body.contacts[0];
    expect(after.phone_numbers.map((p: Json) => p.normalized)).toEqual(['+13125550192', '+13125550193']);
    expect(after.email_addresses.map((e: Json) => e.address)).toEqual(['alan@example.com', 'turing@example.org']);
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(c.updated_at));
  });

  it('creates when nothing matches, 404s an unknown id and refuses to move books', async () => {
    const created = await api.put('/v1/contacts', {
      contacts: [{ external_id: 'brand-new', address_book_id: bookId, name: 'New Person' }],
    });
    expect(created.status).toBe(200);
    expect((await api.get('/v1/contact', { external_id: 'brand-new' })).body.id).toBe(created.body.contacts[0].id);
    const missing = await api.put('/v1/contacts', { contacts: [{ id: 99_999_999, name: 'Nobody' }] });
    expect(missing.status).toBe(404);
    const books = (await api.get('/v1/address_books')).body.address_books;
    const other = books.find((b: Json) => b.id !== bookId).id;
    const move = await api.put('/v1/contacts', {
      contacts: [{ id: created.body.contacts[0].id, address_book_id: other }],
    });
    expect(move.status).toBe(400);
    expect(move.body.message).toContain('moving');
  });
});

describe('listing', () => {
  it('pages 1-based until empty without repeats', async () => {
    const p1 = (await api.get('/v1/contacts', { page: 1, page_size: 7 })).body.contacts;
    const p2 = (await api.get('/v1/contacts', { page: 2, page_size: 7 })).body.contacts;
    expect(p1).toHaveLength(7);
    expect(p2).toHaveLength(7);
    expect(new Set([...p1, ...p2].map((x: Json) => x.id)).size).toBe(14);
    expect((await api.get('/v1/contacts')).body.contacts).toHaveLength(30);
    expect((await api.get('/v1/contacts', { page: 10_000 })).body.contacts).toEqual([]);
  });

  it('filters by phone (normalized with the account country), e-mail, name search, book and updated_since', async () => {
    const c = await create({ name: 'Katherine Johnson', phone: '+1 312 555 0181', email: 'kj@example.net' });
    for (const phone of ['3125550181', '(312) 555-0181', '+13125550181']) {
      expect((await api.get('/v1/contacts', { phone_number: phone })).body.contacts.map((x: Json) => x.id)).toEqual([
        c.id,
      ]);
    }
    expect(
      (await api.get('/v1/contacts', { email_address: 'KJ@example.net' })).body.contacts.map((x: Json) => x.id),
    ).toEqual([c.id]);
    expect((await api.get('/v1/contacts', { q: 'katherine joh' })).body.contacts.map((x: Json) => x.id)).toEqual([
      c.id,
    ]);
    const inBook = await allPages<Json>(api, '/v1/contacts', 'contacts', { address_book_id: bookId });
    expect(inBook.every((x) => x.address_book_id === bookId)).toBe(true);
    const recent = (await api.get('/v1/contacts', { updated_since: c.updated_at })).body.contacts;
    expect(recent.map((x: Json) => x.id)).toContain(c.id);
    expect(recent.every((x: Json) => x.updated_at >= c.updated_at)).toBe(true);
    expect((await api.get('/v1/contacts', { phone_number: 'abc' })).status).toBe(400);
    expect((await api.get('/v1/contacts', { page_size: 100_000 })).status).toBe(400);
    expect((await api.get('/v1/contacts', { page: 0 })).status).toBe(400);
  });
});

describe('DELETE /v1/contacts', () => {
  it('soft-deletes: hidden from lists, readable by id with is_deleted, listed with include_deleted', async () => {
    const c = await create({ name: 'Dorothy Vaughan', phone: '3125550171' });
    const res = await api.del('/v1/contacts', { id: c.id });
    expect(res.status).toBe(200);
    expect(res.body.contacts[0]).toMatchObject({ id: c.id, is_deleted: true });
    expect((await api.get('/v1/contacts', { phone_number: '3125550171' })).body.contacts).toEqual([]);
    expect(
      (await api.get('/v1/contacts', { phone_number: '3125550171', include_deleted: true })).body.contacts[0].id,
    ).toBe(c.id);
    expect((await api.get('/v1/contact', { id: c.id })).body.is_deleted).toBe(true);
    expect((await api.del('/v1/contacts', { id: 42 })).status).toBe(404);
    expect((await api.del('/v1/contacts', {})).status).toBe(400);
  });
});
