import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../sandbox/admin';
import type { Sandbox } from '../../sandbox/server';
import { mint, pkceTokens, postJson, start, stats, userinfo } from './helpers';

let sb: Sandbox;
let apiResets = 0;
beforeAll(async () => {
  sb = await start(
    {},
    {
      createApi: (ctx) => ({
        register(app) {
          app.post('/v1/test-bump', async () => {
            ctx.counters.contactsWritten++;
            return {};
          });
        },
        reset: () => void apiResets++,
      }),
    },
  );
});
afterAll(() => sb.close());

describe('POST /__sandbox/faults validation', () => {
  it.each([
    ['unknown key', { latency: 5 }],
    ['failRate above 1', { failRate: 2 }],
    ['negative latency', { latencyMs: -1 }],
    ['string latency', { latencyMs: '200' }],
    ['failStatus not 4xx/5xx', { failStatus: [200] }],
    ['empty failStatus', { failStatus: [] }],
    ['rateLimit unknown key', { rateLimit: { status: 429, retry: 1 } }],
    ['rateLimit count 0', { rateLimit: { count: 0 } }],
    ['routes not starting with /', { routes: ['v1/x'] }],
    ['offline not boolean', { offline: 'yes' }],
    ['array body', [1, 2]],
  ])('%s → 400 with details', async (_n, body) => {
    const res = await postJson(`${sb.url}/__sandbox/faults`, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { errors: string; message: string };
    expect(json.errors).toBe('invalid_request');
    expect(json.message).toMatch(/fault configuration/);
  });

  it('malformed JSON → 400 invalid_json', async () => {
    const res = await postJson(`${sb.url}/__sandbox/faults`, '{"failRate":');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string }).errors).toBe('invalid_json');
  });

  it('a valid body is echoed with defaults filled in', async () => {
    const res = await postJson(`${sb.url}/__sandbox/faults`, { rateLimit: {}, routes: ['/v1/book_now'] });
    expect(await res.json()).toEqual({
      faults: { rateLimit: { status: 429, retryAfterS: 1 }, routes: ['/v1/book_now'] },
      rateLimitRemaining: null,
    });
    await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
  });
});

describe('GET /__sandbox/stats and POST /__sandbox/reset', () => {
  it('stats has the documented shape and includes the domain counters', async () => {
    await pkceTokens(sb);
    await postJson(`${sb.url}/v1/test-bump`, {});
    const s = await stats(sb);
    expect(Object.keys(s)).toEqual(
      expect.arrayContaining([
        'requests',
        'tokenGrants',
        'refreshReuseDetections',
        'revocations',
        'faultsInjected',
        'contactsWritten',
        'bookingsCreated',
      ]),
    );
    expect((s.tokenGrants as { authorization_code: number }).authorization_code).toBeGreaterThanOrEqual(1);
    expect(s.contactsWritten).toBe(1);
    expect(s.requests['POST /oauth/token']?.['200']).toBeGreaterThanOrEqual(1);
    expect(s.requests['GET /oauth/authorize']?.['200']).toBeGreaterThanOrEqual(1);
    expect(Object.keys(s.requests).some((k) => k.includes('__sandbox'))).toBe(false);
  });

  it('reset drops grants, faults, stats and counters and resets the domain module', async () => {
    const tk = await mint(sb, 'owner@frontdesk.test');
    expect((await userinfo(sb, tk.access_token)).status).toBe(200);
    await postJson(`${sb.url}/__sandbox/faults`, { failRate: 1, routes: ['/v1/test-bump'] });
    const resetsBefore = apiResets;
    const res = await postJson(`${sb.url}/__sandbox/reset`, {});
    expect(res.status).toBe(200);
    expect(apiResets).toBe(resetsBefore + 1);
    expect((await userinfo(sb, tk.access_token)).status).toBe(401);
    expect((await postJson(`${sb.url}/v1/test-bump`, {})).status).toBe(200);
    const s = await stats(sb);
    expect(s.tokenGrants).toEqual({ authorization_code: 0, refresh_token: 0 });
    expect(s.contactsWritten).toBe(1);
    expect(Object.keys(s.requests)).toEqual(['GET /v1/userinfo', 'POST /v1/test-bump']);
  });

  it('grants can be listed and revoked like "Connected Applications > Revoke"', async () => {
    const a = await mint(sb, 'staff@frontdesk.test');
    const b = await mint(sb, 'owner@frontdesk.test');
    const list = (await (await fetch(`${sb.url}/__sandbox/grants`)).json()) as {
      grants: Array<{ user: string; revoked: boolean }>;
    };
    expect(list.grants.filter((g) => g.user === 'staff@frontdesk.test' && !g.revoked).length).toBeGreaterThanOrEqual(1);
    const res = await postJson(`${sb.url}/__sandbox/grants/revoke`, { email: 'staff@frontdesk.test' });
    expect(((await res.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    expect((await userinfo(sb, a.access_token)).status).toBe(401);
    expect((await userinfo(sb, b.access_token)).status).toBe(200);
  });

  it('minting checks the user, client and scope', async () => {
    expect((await postJson(`${sb.url}/__sandbox/tokens`, { email: 'nobody@x.test' })).status).toBe(404);
    expect(
      (
        await postJson(`${sb.url}/__sandbox/tokens`, {
          email: 'owner@frontdesk.test',
          client_id: 'private-tool',
          scope: 'contacts:write',
        })
      ).status,
    ).toBe(400);
    const tk = (await (
      await postJson(`${sb.url}/__sandbox/tokens`, { email: 'owner@frontdesk.test', scope: 'events:read' })
    ).json()) as { scope: string };
    expect(tk.scope).toBe('events:read');
  });
});

describe('loopback-only admin API', () => {
  it('isLoopback', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.2', 'fe80::1', '', undefined, '127.0.0.1.evil'])
      expect(isLoopback(a)).toBe(false);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  it.skipIf(!external)('refuses a non-loopback client with 403 (and ignores X-Forwarded-For)', async () => {
    const wide = await start({ host: '0.0.0.0' });
    try {
      const port = new URL(wide.url).port;
      const remote = `http://${external}:${port}`;
      const res = await fetch(`${remote}/__sandbox/stats`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { errors: string }).errors).toBe('forbidden');
      expect((await postJson(`${remote}/__sandbox/reset`, {})).status).toBe(403);
      expect((await fetch(`${remote}/__sandbox/unknown`)).status).toBe(403);
      expect((await fetch(`${remote}/v1/userinfo`)).status).toBe(401);
      expect((await fetch(`${wide.url}/__sandbox/stats`)).status).toBe(200);
    } finally {
      await wide.close();
    }
  });
});
