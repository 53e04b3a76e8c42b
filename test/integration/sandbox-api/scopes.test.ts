/** The scope map: every /v1 route needs exactly its scope for bearer tokens; Basic is not scope-gated. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../sandbox/context';
import { API_ROUTES, SCOPE_MAP } from '../../sandbox/api/routes';
import { pkceTokens } from '../sandbox/helpers';
import { clock, startApi, type Api } from './helpers';

let api: Api;

beforeAll(async () => {
  api = await startApi({ now: clock().now, contacts: 40, events: 60 });
});
afterAll(() => api.close());

function send(row: { method: string; path: string }, bearer: string) {
  const hasBody = row.method === 'POST' || row.method === 'PUT';
  return api.call(row.method, row.path, { as: { bearer }, ...(hasBody ? { body: {} } : {}) });
}

describe('scope map', () => {
  it('lists every route of the spec map once, and every scope is used', () => {
    expect(SCOPE_MAP).toHaveLength(27);
    expect(new Set(SCOPE_MAP.map((r) => `${r.method} ${r.path}`)).size).toBe(27);
    expect(new Set(SCOPE_MAP.map((r) => r.scope))).toEqual(new Set(SCOPES));
    expect(API_ROUTES).toHaveLength(27);
  });

  it.each(SCOPE_MAP.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 insufficient_scope without its scope, passes with it',
    async (_name, row) => {
      const without = await api.token('owner@frontdesk.test', SCOPES.filter((s) => s !== row.scope).join(' '));
      const denied = await send(row, without);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ errors: 'insufficient_scope', required_scope: row.scope });
      const only = await api.token('owner@frontdesk.test', row.scope);
      const allowed = await send(row, only);
      expect(allowed.status).not.toBe(401);
      expect(allowed.status).not.toBe(403);
      expect(allowed.status).toBeLessThan(500);
    },
  );

  it('does not scope-gate Basic auth, and requires credentials', async () => {
    for (const row of SCOPE_MAP) {
      const res = await api.call(row.method, row.path, {
        as: 'owner',
        ...(row.method === 'POST' || row.method === 'PUT' ? { body: {} } : {}),
      });
      expect([200, 400, 404, 422]).toContain(res.status);
      const anon = await api.call(row.method, row.path, { as: null });
      expect(anon.status).toBe(401);
    }
  });
});

describe('tokens from the OAuth flow', () => {
  it('act for the user (linked user → owner data) with the granted scopes only', async () => {
    const tokens = await pkceTokens(api.sb, 'linked@frontdesk.test', 'events:read calendars:read');
    const bearer = { bearer: tokens.access_token };
    const viaToken = await api.get('/v1/calendars', {}, bearer);
    expect(viaToken.status).toBe(200);
    expect(viaToken.body).toEqual((await api.get('/v1/calendars')).body);
    expect((await api.get('/v1/events', { page_size: 3 }, bearer)).body).toEqual(
      (await api.get('/v1/events', { page_size: 3 })).body,
    );
    const denied = await api.get('/v1/contacts', {}, bearer);
    expect(denied.body).toEqual({ errors: 'insufficient_scope', required_scope: 'contacts:read' });
    const staff = await api.token('staff@frontdesk.test', 'calendars:read');
    expect((await api.get('/v1/calendars', {}, { bearer: staff })).body.calendars).toHaveLength(1);
  });
});
