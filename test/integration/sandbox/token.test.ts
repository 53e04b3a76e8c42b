import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import {
  basic,
  clock,
  consent,
  desktopParams,
  pkce,
  pkceTokens,
  postForm,
  redirectParams,
  refresh,
  start,
  stats,
  userinfo,
} from './helpers';

const REDIRECT = 'com.frontdesk.app:/oauth/callback';
const SERVER_REDIRECT = 'https://server-app.example.test/oauth/callback';
const t = clock();
let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ now: t.now, codeTtlS: 60 });
});
afterAll(() => sb.close());

async function codeFor(extra: Record<string, string | undefined> = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const loc = await consent(sb, desktopParams(challenge, extra));
  return { code: redirectParams(loc).get('code')!, verifier };
}

function exchange(code: string, verifier: string | undefined, extra: Record<string, string> = {}): Promise<Response> {
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    client_id: 'frontdesk-desktop',
    redirect_uri: REDIRECT,
    ...extra,
  };
  if (verifier !== undefined) fields.code_verifier = verifier;
  return postForm(`${sb.url}/oauth/token`, fields);
}

async function expectError(res: Response, status: number, error: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as { error: string; error_description: string };
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
}

describe('authorization_code grant', () => {
  it('a code works once; reuse → invalid_grant and revokes everything issued from it', async () => {
    const { code, verifier } = await codeFor();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    expect((await userinfo(sb, tokens.access_token)).status).toBe(200);
    await expectError(await exchange(code, verifier), 400, 'invalid_grant');
    expect((await userinfo(sb, tokens.access_token)).status).toBe(401);
    await expectError(await refresh(sb, tokens.refresh_token), 400, 'invalid_grant');
    expect((await stats(sb)).codeReuseDetections).toBeGreaterThanOrEqual(1);
  });

  it('expires after the code TTL', async () => {
    const { code, verifier } = await codeFor();
    t.advance(61_000);
    await expectError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('a code just inside its TTL still works', async () => {
    const { code, verifier } = await codeFor();
    t.advance(59_000);
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('PKCE: a wrong or missing verifier is refused and the code stays usable', async () => {
    const { code, verifier } = await codeFor();
    await expectError(await exchange(code, pkce().verifier), 400, 'invalid_grant');
    await expectError(await exchange(code, undefined), 400, 'invalid_grant');
    await expectError(await exchange(code, 'short'), 400, 'invalid_grant');
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('redirect_uri must equal the one used at authorize', async () => {
    const { code, verifier } = await codeFor({
      client_id: 'frontdesk-desktop-loopback',
      redirect_uri: 'http://127.0.0.1:4444/oauth/callback',
    });
    const base = { client_id: 'frontdesk-desktop-loopback' };
    await expectError(
      await exchange(code, verifier, { ...base, redirect_uri: 'http://127.0.0.1:5555/oauth/callback' }),
      400,
      'invalid_grant',
    );
    await expectError(await exchange(code, verifier, { ...base, redirect_uri: '' }), 400, 'invalid_request');
    expect(
      (await exchange(code, verifier, { ...base, redirect_uri: 'http://127.0.0.1:4444/oauth/callback' })).status,
    ).toBe(200);
  });

  it('a code issued to another client is invalid_grant', async () => {
    const { code, verifier } = await codeFor();
    await expectError(
      await exchange(code, verifier, { client_id: 'frontdesk-desktop-loopback' }),
      400,
      'invalid_grant',
    );
  });

  it('unknown code, missing params, wrong grant type, duplicates', async () => {
    await expectError(await exchange('nope', pkce().verifier), 400, 'invalid_grant');
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { client_id: 'frontdesk-desktop' }),
      400,
      'invalid_request',
    );
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { grant_type: 'password', client_id: 'frontdesk-desktop' }),
      400,
      'unsupported_grant_type',
    );
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { grant_type: 'authorization_code', client_id: 'frontdesk-desktop' }),
      400,
      'invalid_request',
    );
    const dup = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_id=frontdesk-desktop&code=a&code=b&redirect_uri=x',
    });
    await expectError(dup, 400, 'invalid_request');
  });

  it('wrong content type → invalid_request', async () => {
    const json = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'frontdesk-desktop' }),
    });
    await expectError(json, 400, 'invalid_request');
    await expectError(await fetch(`${sb.url}/oauth/token`, { method: 'POST' }), 400, 'invalid_request');
  });

  it('client authentication: unknown client, public client with a secret', async () => {
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'ghost' }),
      401,
      'invalid_client',
    );
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { grant_type: 'refresh_token', refresh_token: 'x' }),
      401,
      'invalid_client',
    );
    await expectError(await refresh(sb, 'x', { client_secret: 'guess' }), 401, 'invalid_client');
  });
});

describe('confidential client (server-app)', () => {
  const secret = (): string => sb.clients.find((c) => c.id === 'server-app')!.secret!;
  async function serverCode(): Promise<string> {
    const loc = await consent(sb, {
      client_id: 'server-app',
      redirect_uri: SERVER_REDIRECT,
      response_type: 'code',
      scope: 'contacts:read',
      state: 's',
    });
    return redirectParams(loc).get('code')!;
  }
  const fields = (code: string): Record<string, string> => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: SERVER_REDIRECT,
  });

  it('authenticates with client_secret in the body', async () => {
    const res = await postForm(`${sb.url}/oauth/token`, {
      ...fields(await serverCode()),
      client_id: 'server-app',
      client_secret: secret(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { scope: string }).scope).toBe('contacts:read');
  });

  it('authenticates with HTTP Basic', async () => {
    const res = await postForm(`${sb.url}/oauth/token`, fields(await serverCode()), {
      authorization: basic('server-app', secret()),
    });
    expect(res.status).toBe(200);
  });

  it('wrong or missing secret → 401 invalid_client with WWW-Authenticate; both methods → invalid_request', async () => {
    const code = await serverCode();
    const wrong = await postForm(`${sb.url}/oauth/token`, {
      ...fields(code),
      client_id: 'server-app',
      client_secret: 'wrong',
    });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm="sandbox"/);
    await expectError(wrong, 401, 'invalid_client');
    await expectError(
      await postForm(`${sb.url}/oauth/token`, { ...fields(code), client_id: 'server-app' }),
      401,
      'invalid_client',
    );
    await expectError(
      await postForm(`${sb.url}/oauth/token`, fields(code), { authorization: basic('server-app', 'nope') }),
      401,
      'invalid_client',
    );
    await expectError(
      await postForm(
        `${sb.url}/oauth/token`,
        { ...fields(code), client_secret: secret() },
        { authorization: basic('server-app', secret()) },
      ),
      400,
      'invalid_request',
    );
    expect(
      (await postForm(`${sb.url}/oauth/token`, { ...fields(code), client_id: 'server-app', client_secret: secret() }))
        .status,
    ).toBe(200);
  });
});

describe('refresh_token grant', () => {
  it('rotates: a new refresh token each time, the old one dies; reuse revokes the whole grant', async () => {
    const before = (await stats(sb)).refreshReuseDetections as number;
    const t1 = await pkceTokens(sb);
    const r2 = await refresh(sb, t1.refresh_token);
    expect(r2.status).toBe(200);
    expect(r2.headers.get('cache-control')).toBe('no-store');
    const t2 = (await r2.json()) as typeof t1;
    expect(t2.refresh_token).not.toBe(t1.refresh_token);
    expect(t2.access_token).not.toBe(t1.access_token);
    expect(t2.scope).toBe(t1.scope);
    expect((await userinfo(sb, t2.access_token)).status).toBe(200);

    await expectError(await refresh(sb, t1.refresh_token), 400, 'invalid_grant');
    expect((await userinfo(sb, t2.access_token)).status).toBe(401);
    await expectError(await refresh(sb, t2.refresh_token), 400, 'invalid_grant');
    const s = await stats(sb);
    expect(s.refreshReuseDetections).toBe(before + 1);
    expect((s.tokenGrants as { refresh_token: number }).refresh_token).toBeGreaterThanOrEqual(1);
  });

  it('may narrow the scope but not widen it', async () => {
    const t1 = await pkceTokens(sb, 'owner@frontdesk.test', 'contacts:read events:read');
    await expectError(
      await refresh(sb, t1.refresh_token, { scope: 'contacts:read bookings:write' }),
      400,
      'invalid_scope',
    );
    const narrowed = await refresh(sb, t1.refresh_token, { scope: 'events:read' });
    expect(narrowed.status).toBe(200);
    const t2 = (await narrowed.json()) as typeof t1;
    expect(t2.scope).toBe('events:read');
    const full = await refresh(sb, t2.refresh_token);
    expect(((await full.json()) as typeof t1).scope).toBe('contacts:read events:read');
  });

  it('a refresh token of another client is invalid_grant and does not revoke', async () => {
    const t1 = await pkceTokens(sb);
    await expectError(
      await refresh(sb, t1.refresh_token, { client_id: 'frontdesk-desktop-loopback' }),
      400,
      'invalid_grant',
    );
    expect((await refresh(sb, t1.refresh_token)).status).toBe(200);
  });
});

describe('access token lifetime', () => {
  it('an expired access token → 401 invalid_token; refresh still works', async () => {
    const c = clock();
    const short = await start({ accessTtlS: 5, now: c.now });
    try {
      const tk = await pkceTokens(short);
      expect(tk.expires_in).toBe(5);
      expect((await userinfo(short, tk.access_token)).status).toBe(200);
      c.advance(5_000);
      const res = await userinfo(short, tk.access_token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer realm="sandbox", error="invalid_token", error_description="access token expired"',
      );
      const r = await refresh(short, tk.refresh_token);
      expect(r.status).toBe(200);
      expect((await userinfo(short, ((await r.json()) as typeof tk).access_token)).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});
