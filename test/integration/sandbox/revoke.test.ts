import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { basic, mint, pkceTokens, postForm, refresh, start, stats, userinfo } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const revoke = (fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> =>
  postForm(`${sb.url}/oauth/revoke`, fields, headers);

describe('POST /oauth/revoke (RFC 7009)', () => {
  it('revoking the access token kills the grant: /v1/userinfo → 401 invalid_token, refresh → invalid_grant', async () => {
    const before = (await stats(sb)).revocations as number;
    const tk = await pkceTokens(sb);
    const res = await revoke({ token: tk.access_token, client_id: 'frontdesk-desktop' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await userinfo(sb, tk.access_token);
    expect(me.status).toBe(401);
    expect(me.headers.get('www-authenticate')).toMatch(/^Bearer realm="sandbox", error="invalid_token"/);
    expect((await refresh(sb, tk.refresh_token)).status).toBe(400);
    expect((await stats(sb)).revocations).toBe(before + 1);
  });

  it('revoking the refresh token (with hint) kills the access token too', async () => {
    const tk = await pkceTokens(sb);
    expect(
      (await revoke({ token: tk.refresh_token, token_type_hint: 'refresh_token', client_id: 'frontdesk-desktop' }))
        .status,
    ).toBe(200);
    expect((await userinfo(sb, tk.access_token)).status).toBe(401);
  });

  it('a wrong hint is only a hint', async () => {
    const tk = await pkceTokens(sb);
    expect(
      (await revoke({ token: tk.access_token, token_type_hint: 'refresh_token', client_id: 'frontdesk-desktop' }))
        .status,
    ).toBe(200);
    expect((await userinfo(sb, tk.access_token)).status).toBe(401);
  });

  it('an unknown or already revoked token → 200', async () => {
    expect((await revoke({ token: 'never-issued', client_id: 'frontdesk-desktop' })).status).toBe(200);
    const tk = await pkceTokens(sb);
    await revoke({ token: tk.access_token, client_id: 'frontdesk-desktop' });
    const again = await revoke({ token: tk.access_token, client_id: 'frontdesk-desktop' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({});
  });

  it('a token issued to another client is not revoked (400 unauthorized_client)', async () => {
    const tk = await pkceTokens(sb);
    const res = await revoke({ token: tk.access_token, client_id: 'frontdesk-desktop-loopback' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('unauthorized_client');
    expect((await userinfo(sb, tk.access_token)).status).toBe(200);
  });

  it('client authentication is required: unknown client / missing secret → 401 invalid_client', async () => {
    const tk = await mint(sb, 'owner@frontdesk.test', undefined, 'server-app');
    const noClient = await revoke({ token: tk.access_token });
    expect(noClient.status).toBe(401);
    expect(((await noClient.json()) as { error: string }).error).toBe('invalid_client');
    expect((await revoke({ token: tk.access_token, client_id: 'server-app' })).status).toBe(401);
    expect((await revoke({ token: tk.access_token, client_id: 'server-app', client_secret: 'bad' })).status).toBe(401);
    expect((await userinfo(sb, tk.access_token)).status).toBe(200);
    const secret = sb.clients.find((c) => c.id === 'server-app')!.secret!;
    expect((await revoke({ token: tk.access_token }, { authorization: basic('server-app', secret) })).status).toBe(200);
    expect((await userinfo(sb, tk.access_token)).status).toBe(401);
  });

  it('missing token or wrong content type → 400 invalid_request', async () => {
    const res = await revoke({ client_id: 'frontdesk-desktop' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    const json = await fetch(`${sb.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"x"}',
    });
    expect(json.status).toBe(400);
  });
});
