import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../sandbox/context';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { basic, mint, pkceTokens, postJson, stats } from './helpers';
import { SPEC_SCOPE_MAP } from './spec-scope-map';

// The platform together with the real domain half (test/sandbox/api).
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, contacts: 20, events: 20 });
});
afterAll(() => sb.close());

const call = (method: string, path: string, authorization: string, body?: unknown): Promise<Response> =>
  fetch(`${sb.url}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the real /v1 routes behind the platform', () => {
  it('every row of the spec scope map: 403 exactly as the spec without the scope, admitted with it and with Basic', async () => {
    const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const basicAuth = basic(owner.email, owner.apiKey);
    for (const [method, path, scope] of SPEC_SCOPE_MAP) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const without = await mint(sb, owner.email, SCOPES.filter((s) => s !== scope).join(' '));
      const denied = await call(method, path, `Bearer ${without.access_token}`, body);
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect(await denied.json()).toEqual({ errors: 'insufficient_scope', required_scope: scope });
      const only = await mint(sb, owner.email, scope);
      const admitted = await call(method, path, `Bearer ${only.access_token}`, body);
      expect([401, 403], `${method} ${path} with ${scope}`).not.toContain(admitted.status);
      expect(admitted.status, `${method} ${path}`).toBeLessThan(500);
      const viaBasic = await call(method, path, basicAuth, body);
      expect([401, 403], `${method} ${path} via Basic`).not.toContain(viaBasic.status);
    }
  });

  it("a token from the PKCE flow reads data; linked@ sees the owner's calendars", async () => {
    const ownerTk = await pkceTokens(sb, 'owner@frontdesk.test', 'calendars:read');
    const linkedTk = await pkceTokens(sb, 'linked@frontdesk.test', 'calendars:read');
    const a = await call('GET', '/v1/calendars', `Bearer ${ownerTk.access_token}`);
    const b = await call('GET', '/v1/calendars', `Bearer ${linkedTk.access_token}`);
    expect(a.status).toBe(200);
    expect(await b.json()).toEqual(await a.json());
    const staff = await mint(sb, 'staff@frontdesk.test', 'calendars:read');
    const c = await call('GET', '/v1/calendars', `Bearer ${staff.access_token}`);
    expect(c.status).toBe(200);
    expect(await c.text()).not.toEqual(
      JSON.stringify(await (await call('GET', '/v1/calendars', `Bearer ${ownerTk.access_token}`)).json()),
    );
  });

  it('resetAfterApply on a real write: the contact is stored, the client sees a socket error', async () => {
    const tk = await mint(sb, 'owner@frontdesk.test', 'contacts:write address_books:read');
    const books = (await (await call('GET', '/v1/address_books', `Bearer ${tk.access_token}`)).json()) as {
      address_books: Array<{ id: number }>;
    };
    const addressBookId = books.address_books[0]!.id;
    const before = (await stats(sb)).contactsWritten as number;
    await postJson(`${sb.url}/__sandbox/faults`, { resetRate: 1, resetAfterApply: true, routes: ['/v1/contacts'] });
    const err = await call('POST', '/v1/contacts', `Bearer ${tk.access_token}`, {
      contacts: [{ address_book_id: addressBookId, name: 'Lost Response', email: 'lost.response@example.test' }],
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
    expect((await stats(sb)).contactsWritten).toBe(before + 1);
  });
});
