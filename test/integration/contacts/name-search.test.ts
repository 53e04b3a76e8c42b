/**
 * Names found as typed, over real HTTP: without accents (the service is asked without them too) and with one slip
 * (the contacts kept here, matched in core), online and offline; a kept contact the service no longer has stays gone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../../main/core/api/service-client';
import { ContactIndex } from '../../../common/contacts/contact-index';
import { call, goOffline, goOnline, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 60, events: 5 } });
afterEach(async () => {
  vi.restoreAllMocks();
  await kit.admin().clearFaults();
});

/** Writes contacts straight to the service (as another desk would). */
async function owner(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ contacts: { id: number }[] }> {
  const o = kit.sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${kit.sb.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${o.email}:${o.apiKey}`).toString('base64')}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { contacts: { id: number }[] };
}

const names = async (query: string) => (await call(kit.made, 'contacts:search', { query })).items.map((c) => c.name);
let gone: number;

beforeAll(async () => {
  const { contacts } = await owner('POST', '/v1/contacts', {
    contacts: [
      { address_book_id: 2001, name: 'Tomás Quintero' },
      { address_book_id: 2001, name: 'Tomas Brennan' },
      { address_book_id: 2001, name: 'Harriet Williams' },
      { address_book_id: 2001, name: 'Gone Whitfield' },
    ],
  });
  gone = contacts[3]!.id;
  await kit.made.core.prefetch.idle();
  await call(kit.made, 'contacts:search', { query: '' }); // everyone kept here (60 + 4: one page)
});

describe('name search', () => {
  it('finds names without accents either way, and with one slip', async () => {
    expect(await names('Tomas')).toEqual(expect.arrayContaining(['Tomás Quintero', 'Tomas Brennan']));
    expect(await names('tomás')).toEqual(expect.arrayContaining(['Tomás Quintero', 'Tomas Brennan']));
    expect(await names('wiliams')).toContain('Harriet Williams');
    expect(await names('quintreo')).toEqual(['Tomás Quintero']);
    expect(await names('zzzzzz')).toEqual([]);
  });

  it('offline, the contacts kept here are matched alike', async () => {
    await goOffline(kit.sb, kit.made);
    try {
      expect(await names('harriet wiliams')).toEqual(['Harriet Williams']);
      expect(await names('TOMAS QUINTERO')).toEqual(['Tomás Quintero']);
    } finally {
      await goOnline(kit.sb, kit.made);
    }
  });

  it('works out what only the kept contacts find while the service answers, not after', async () => {
    // The service's pages answer slowly; each time core matches the kept contacts, how many pages had answered.
    await kit.admin().faults({ answerLatencyMs: 300, routes: ['/v1/contacts'], methods: ['GET'] });
    let pagesIn = 0;
    const request = ServiceClient.prototype.request;
    vi.spyOn(ServiceClient.prototype, 'request').mockImplementation(async function (this: ServiceClient, req) {
      const answer = await request.call(this, req);
      if (req.path === '/v1/contacts') pagesIn++;
      return answer;
    });
    const atMatch: number[] = [];
    const extra = ContactIndex.prototype.extra;
    vi.spyOn(ContactIndex.prototype, 'extra').mockImplementation(function (this: ContactIndex, ...args) {
      atMatch.push(pagesIn);
      return extra.apply(this, args);
    });
    expect(await names('wiliams')).toContain('Harriet Williams');
    expect(pagesIn).toBeGreaterThan(0);
    expect(atMatch).toEqual([0]);
  });

  it('a key never searched walks the kept contacts only until it has the first matches it shows', async () => {
    const walks: Array<{ limit: number; found: number }> = [];
    const find = ContactIndex.prototype.find;
    vi.spyOn(ContactIndex.prototype, 'find').mockImplementation(function (this: ContactIndex, meaning, options) {
      const found = find.call(this, meaning, options);
      walks.push({ limit: options.limit, found: found.items.length });
      return found;
    });
    const first = await call(kit.made, 'contacts:kept', { query: 'r', first: 5 });
    expect(first).toMatchObject({ query: 'r', source: 'cache', more: true });
    expect(first!.items).toHaveLength(5);
    // One walk, stopped at the sixth match (of the 60 kept, most names have an "r").
    expect(walks).toEqual([{ limit: 5, found: 5 }]);
  });

  it('a kept contact the service could have found, and did not (deleted there since), stays gone', async () => {
    expect(await names('whitfeld')).toEqual(['Gone Whitfield']);
    await owner('DELETE', `/v1/contacts?id=${gone}`);
    expect(await names('whitfield')).toEqual([]);
  });
});
