/**
 * `--vary` over real HTTP: a proxy's 502 once per path, smaller pages, Retry-After as a date, no rotation, slow once;
 * and `--vary` with `--strict`, as `npm test` runs the e2e suite: answers vary, requests are still checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { varyProfile } from '../../sandbox/vary';
import { basic, pkceTokens, postJson, refresh } from './helpers';

// Seed 14: pages of at most 40, the address books slow once, refreshes keep their refresh token, no expires_in.
const SEED = 14;
const SLOW_MS = 300;

describe('--vary 14', () => {
  let sb: Sandbox;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, contacts: 120, events: 40, vary: { seed: SEED, slowMs: SLOW_MS } });
    const res = await postJson(`${sb.url}/__sandbox/tokens`, { email: 'owner@frontdesk.test' });
    bearer = `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
  });
  afterAll(() => sb.close());

  const getV1 = (path: string, auth = bearer) => fetch(`${sb.url}${path}`, { headers: { authorization: auth } });

  it('the seed chose what these tests rely on', () => {
    expect(varyProfile({ seed: SEED })).toMatchObject({
      pageCap: 40,
      slowRoute: 'GET /v1/address_books',
      keepsRefreshToken: true,
      omitsExpiresIn: true,
    });
  });

  it('a share of GET paths answers 502 with an HTML page once; the retry gets the answer', async () => {
    const paths = ['/v1/calendars', '/v1/lists', '/v1/contacts', '/v1/events', '/v1/booking_pages', '/v1/bookings'];
    for (const path of paths) {
      const first = await getV1(path);
      if (first.status === 502) {
        expect(first.headers.get('content-type')).toMatch(/text\/html/);
        expect(await first.text()).toContain('<title>502 Bad Gateway</title>');
        expect(sb.vary.gateway).toContain(path);
      } else {
        expect(first.status).toBe(200);
        await first.body?.cancel();
      }
      const again = await getV1(path);
      expect(again.status).toBe(200);
      await again.json();
    }
    expect(sb.vary.gateway.length).toBeGreaterThan(0);
  });

  it('pages hold at most the seed’s size for an OAuth client; a Basic script gets what it asked', async () => {
    await getV1('/v1/contacts');
    const varied = (await (await getV1('/v1/contacts?page_size=100')).json()) as { contacts: unknown[] };
    expect(varied.contacts).toHaveLength(40);
    const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
    const plain = (await (await getV1('/v1/contacts?page_size=100', basic(owner.email, owner.apiKey))).json()) as {
      contacts: unknown[];
    };
    expect(plain.contacts).toHaveLength(100);
  });

  it('Retry-After on a 429 is an HTTP date, with the Date it counts from', async () => {
    const set = await postJson(`${sb.url}/__sandbox/faults`, {
      rateLimit: { retryAfterS: 3, count: 1 },
      routes: ['/v1/lists'],
    });
    expect(set.status).toBe(200);
    const res = await getV1('/v1/lists');
    expect(res.status).toBe(429);
    const after = res.headers.get('retry-after')!;
    expect(after).toMatch(/GMT$/);
    const date = Date.parse(res.headers.get('date')!);
    expect(Date.parse(after) - date).toBeGreaterThanOrEqual(3000);
    await res.body?.cancel();
    await fetch(`${sb.url}/__sandbox/faults`, { method: 'DELETE' });
  });

  it('a refresh answers no new refresh token and no expires_in; the old refresh token stays valid', async () => {
    const tokens = await pkceTokens(sb);
    expect(tokens.refresh_token).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const res = await refresh(sb, tokens.refresh_token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.access_token).toBeTruthy();
      expect(body).not.toHaveProperty('refresh_token');
      expect(body).not.toHaveProperty('expires_in');
    }
  });

  it('the slow route answers late once, then at once', async () => {
    const took: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      const res = await getV1('/v1/address_books');
      await res.body?.cancel();
      took.push(Date.now() - t0);
    }
    expect(sb.vary.slowed).toEqual(['GET /v1/address_books']);
    expect(took.filter((ms) => ms >= SLOW_MS - 20)).toHaveLength(1);
  });
});

describe('--vary 14 with --strict (as npm test runs the e2e suite)', () => {
  let sb: Sandbox;
  let bearer: string;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, contacts: 5, events: 40, fields: 'strict', vary: { seed: SEED, slowMs: 0 } });
    const res = await postJson(`${sb.url}/__sandbox/tokens`, { email: 'owner@frontdesk.test' });
    bearer = `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
  });
  afterAll(() => sb.close());

  const day = 86_400_000;
  const range = `begin=${new Date(Date.now() - 7 * day).toISOString()}&end=${new Date(Date.now() + 7 * day).toISOString()}`;
  const events = (query: string) => fetch(`${sb.url}/v1/events?${query}`, { headers: { authorization: bearer } });

  it('answers a request of listed fields varied, and refuses an unlisted one with 400 naming it, unvaried', async () => {
    const listed = await events(range);
    expect(listed.status).toBe(200);
    // Seed 14 tells times at +05:30 (vary.ts): the answer is the varied one.
    const body = (await listed.json()) as { events: { start_time: string }[] };
    expect(body.events.length).toBeGreaterThan(0);
    for (const e of body.events) expect(e.start_time).toMatch(/\+05:30$/);
    const refused = await events(`${range}&nickname=x`);
    expect(refused.status).toBe(400);
    const error = (await refused.json()) as Record<string, unknown>;
    expect(JSON.stringify(error)).toContain('nickname');
    expect(
      Object.keys(error).some((k) => ['object', 'etag', 'links', 'meta', 'legacy_ref', 'sync_token'].includes(k)),
    ).toBe(false);
  });

  it('keeps what it refused under --vary too: the teardown check fails the file', () => {
    expect(sb.fields.seen.map((s) => `${s.endpoint} ${s.path}`)).toEqual(['GET /v1/events nickname']);
    expect(() => assertContractKept(sb.fields)).toThrow(/GET \/v1\/events: query nickname/);
  });
});
