import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../sandbox/context';
import type { Sandbox } from '../../sandbox/server';
import { basic, mint, pkceTokens, start, userinfo } from './helpers';
import { SPEC_SCOPE_MAP } from './spec-scope-map';

let sb: Sandbox;
beforeAll(async () => {
  // A stub domain that gates each spec row through ctx.authorize, as the real domain routes do.
  sb = await start(
    {},
    {
      createApi: (ctx) => ({
        register(app) {
          for (const [method, url, scope] of SPEC_SCOPE_MAP) {
            app.route({
              method: method as 'GET',
              url,
              handler: async (req) => ({ ok: ctx.authorize(req, scope).acting.email }),
            });
          }
        },
        reset: () => undefined,
      }),
    },
  );
});
afterAll(() => sb.close());

const owner = () => sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
const call = (method: string, path: string, authorization?: string): Promise<Response> =>
  fetch(`${sb.url}${path}`, { method, headers: authorization ? { authorization } : {} });

describe('/v1 authentication', () => {
  it('missing credentials → 401, WWW-Authenticate: Bearer realm="sandbox" (no error code), JSON body', async () => {
    const res = await call('GET', '/v1/userinfo');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sandbox"');
    expect(((await res.json()) as { errors: string }).errors).toBe('unauthorized');
  });

  it.each([
    ['unknown bearer', 'Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['malformed bearer', 'Bearer a b c'],
    ['empty bearer', 'Bearer '],
  ])('%s → 401 invalid_token', async (_n, header) => {
    const res = await call('GET', '/v1/userinfo', header);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="sandbox", error="invalid_token"/);
    expect(((await res.json()) as { errors: string }).errors).toBe('invalid_token');
  });

  it('Basic email:api_key works and is not scope-gated', async () => {
    const auth = basic('owner@frontdesk.test', owner().apiKey);
    for (const [method, path] of SPEC_SCOPE_MAP) expect((await call(method, path, auth)).status).toBe(200);
    const me = (await (await call('GET', '/v1/userinfo', auth)).json()) as Record<string, unknown>;
    expect(me).toEqual({
      user: { id: 1, email: 'owner@frontdesk.test', name: 'Dr. Amelia Hart' },
      account: {
        id: 1,
        email: 'owner@frontdesk.test',
        name: 'Lakeside Dental',
        owner_name: 'Dr. Amelia Hart',
        time_zone: 'America/Chicago',
      },
      acting_for_other: false,
      auth: 'basic',
      client_id: null,
      scope: null,
    });
  });

  it("Basic with a wrong key or another user's key → 401", async () => {
    expect((await call('GET', '/v1/userinfo', basic('owner@frontdesk.test', 'nope'))).status).toBe(401);
    const staffKey = sb.users.find((u) => u.email === 'staff@frontdesk.test')!.apiKey;
    const res = await call('GET', '/v1/userinfo', basic('owner@frontdesk.test', staffKey));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="sandbox"');
    expect((await call('GET', '/v1/userinfo', 'Basic !!!')).status).toBe(401);
  });

  it('an unsupported scheme counts as missing credentials', async () => {
    const res = await call('GET', '/v1/userinfo', 'Digest foo');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sandbox"');
  });
});

describe('scope enforcement (every row of the spec map)', () => {
  it.each(SPEC_SCOPE_MAP)('%s %s needs %s', async (method, path, scope) => {
    const others = SCOPES.filter((s) => s !== scope).join(' ');
    const without = await mint(sb, 'owner@frontdesk.test', others);
    const res = await call(method, path, `Bearer ${without.access_token}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: 'insufficient_scope', required_scope: scope });
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="sandbox", error="insufficient_scope", scope="${scope}"`,
    );
    const only = await mint(sb, 'owner@frontdesk.test', scope);
    expect((await call(method, path, `Bearer ${only.access_token}`)).status).toBe(200);
  });

  it('userinfo needs only a valid token (any scope)', async () => {
    const tk = await mint(sb, 'staff@frontdesk.test', 'lists:read');
    const res = await userinfo(sb, tk.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user: { email: 'staff@frontdesk.test' },
      scope: 'lists:read',
      acting_for_other: false,
    });
  });
});

describe('linked users act on their target', () => {
  it('bearer token of linked@ → userinfo shows both identities; data calls act as owner', async () => {
    const tk = await pkceTokens(sb, 'linked@frontdesk.test', 'contacts:read');
    const me = (await (await userinfo(sb, tk.access_token)).json()) as Record<string, unknown>;
    expect(me).toEqual({
      user: { id: 3, email: 'linked@frontdesk.test', name: 'Maria Lopez' },
      account: {
        id: 1,
        email: 'owner@frontdesk.test',
        name: 'Lakeside Dental',
        owner_name: 'Dr. Amelia Hart',
        time_zone: 'America/Chicago',
      },
      acting_for_other: true,
      auth: 'bearer',
      client_id: 'frontdesk-desktop',
      scope: 'contacts:read',
    });
    const data = await call('GET', '/v1/contacts', `Bearer ${tk.access_token}`);
    expect(await data.json()).toEqual({ ok: 'owner@frontdesk.test' });
  });

  it('Basic auth of linked@ also acts as owner', async () => {
    const linked = sb.users.find((u) => u.email === 'linked@frontdesk.test')!;
    const me = (await (await call('GET', '/v1/userinfo', basic(linked.email, linked.apiKey))).json()) as {
      acting_for_other: boolean;
      account: { email: string };
    };
    expect(me.acting_for_other).toBe(true);
    expect(me.account.email).toBe('owner@frontdesk.test');
  });
});
