/** Searching contacts over real HTTP: every page up to the screen's limit, name/phone/e-mail lookups, one contact. */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, ownerGet, requestCount, useBootstrap } from '../../support/bootstrap';

interface Raw {
  id: number;
  name: string;
  phone_numbers: { number: string; normalized: string }[];
  email_addresses: { address: string }[];
}

let everyone: Raw[];
const PAGE = 40;
/** The page size the sandbox sends: what was asked, or less under SANDBOX_VARY (test/sandbox/vary.ts). */
const served = () => Math.min(PAGE, kit.sb.vary.profile?.pageCap ?? PAGE);

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 }, contacts: { pageSize: PAGE, limit: 200 } });
beforeAll(async () => {
  await kit.made.core.prefetch.idle(); // its reads are not counted below
  everyone = (await ownerGet<{ contacts: Raw[] }>(kit.sb, '/v1/contacts', { page_size: 1000 })).body.contacts;
});

describe('contacts:search', () => {
  it('lists the first 200 by name, fetching no page beyond them, and says there may be more', async () => {
    const before = await requestCount(kit.sb, 'GET /v1/contacts');
    const list = await call(kit.made, 'contacts:search', { query: '' });
    expect(list).toMatchObject({ query: '', more: true, source: 'service' });
    expect(list.items.map((c) => c.id)).toEqual(everyone.slice(0, 200).map((c) => c.id));
    // 5 × 40 = 200 (or the smaller pages a varied sandbox sends): no page is read just to learn there are more
    expect((await requestCount(kit.sb, 'GET /v1/contacts')) - before).toBe(Math.ceil(200 / served()));
  });

  it('pages through every match of a name search and stops at the first short page', async () => {
    const needle = ['an', 'ar', 'er', 'el', 'in', 'on'].find((n) => {
      const hits = everyone.filter(
        (c) => c.name.toLowerCase().includes(n) || c.email_addresses.some((e) => e.address.includes(n)),
      ).length;
      return hits > PAGE * 1.5 && hits <= 200;
    })!;
    const truth = (await ownerGet<{ contacts: Raw[] }>(kit.sb, '/v1/contacts', { q: needle, page_size: 1000 })).body
      .contacts;
    const before = await requestCount(kit.sb, 'GET /v1/contacts');
    const list = await call(kit.made, 'contacts:search', { query: `  ${needle.toUpperCase()} ` });
    expect(list.more).toBe(false);
    expect(list.query).toBe(needle.toUpperCase());
    expect(list.items.map((c) => c.id)).toEqual(truth.map((c) => c.id));
    // A short last page ends the search; only an exact multiple of the page size needs the empty page after it.
    const size = served();
    const pages = truth.length % size === 0 ? truth.length / size + 1 : Math.ceil(truth.length / size);
    expect((await requestCount(kit.sb, 'GET /v1/contacts')) - before).toBe(pages);
  });

  it('finds a contact by phone number typed another way, shown in the account’s national format', async () => {
    const who = everyone.find((c) => c.phone_numbers[0]?.normalized.startsWith('+1'))!;
    const digits = who.phone_numbers[0]!.normalized.slice(2);
    const typed = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    const list = await call(kit.made, 'contacts:search', { query: typed });
    expect(list.items.map((c) => c.id)).toContain(who.id);
    expect(list.items.every((c) => c.phones.some((p) => p.normalized === who.phone_numbers[0]!.normalized))).toBe(true);
    const phone = list.items.find((c) => c.id === who.id)!.phones[0]!;
    expect(phone.display).toBe(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
  });

  it('finds a contact by e-mail address in any case', async () => {
    const who = everyone.find((c) => c.email_addresses.length > 0)!;
    const list = await call(kit.made, 'contacts:search', { query: who.email_addresses[0]!.address.toUpperCase() });
    expect(list.items.map((c) => c.id)).toEqual([who.id]);
    expect(list.items[0]).toMatchObject({ name: who.name, pending: null, deleted: false });
  });

  it('reads one contact by id', async () => {
    const who = everyone[7]!;
    const detail = await call(kit.made, 'contacts:get', { id: who.id });
    expect(detail).toMatchObject({ source: 'service', contact: { id: who.id, key: `id:${who.id}`, name: who.name } });
    expect(detail.contact.emails.map((e) => e.address)).toEqual(who.email_addresses.map((e) => e.address));
  });

  it('lists the address books with the default first', async () => {
    const books = await call(kit.made, 'contacts:address-books');
    expect(books.map((b) => [b.name, b.isDefault])).toEqual([
      ['Patients', true],
      ['Referrals (Google)', false],
    ]);
    expect(books[0]!.phoneTypes).toEqual(['mobile', 'home', 'work', 'other']);
  });

  it('refuses a search that is too long, before asking the service', async () => {
    const result = await kit.made.core.dispatch(
      'contacts:search',
      { query: 'x'.repeat(201) },
      { url: 'app://frontdesk/index.html', isMainFrame: true },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
