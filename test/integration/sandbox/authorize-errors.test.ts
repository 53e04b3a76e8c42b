import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withParams } from '../../sandbox/oauth/authorize-request';
import { redirectMatches, type OAuthClient } from '../../sandbox/oauth/clients';
import type { Sandbox } from '../../sandbox/server';
import { authorizeUrl, consent, desktopParams, get, pkce, redirectParams, start } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const challenge = pkce().challenge;
const base = desktopParams(challenge, { state: 'xyz' });

describe('GET /oauth/authorize errors that must NOT redirect (HTML page, 400)', () => {
  const cases: Array<[string, Record<string, string | undefined>]> = [
    ['missing client_id', { ...base, client_id: undefined }],
    ['unknown client_id', { ...base, client_id: 'nope' }],
    ['missing redirect_uri', { ...base, redirect_uri: undefined }],
    ['different redirect_uri', { ...base, redirect_uri: 'com.frontdesk.app:/oauth/callback/x' }],
    ['redirect_uri with extra query', { ...base, redirect_uri: 'com.frontdesk.app:/oauth/callback?a=1' }],
    ['port on a non-loopback registration', { ...base, redirect_uri: 'https://evil.example/oauth/callback' }],
    [
      'loopback with another path',
      { ...base, client_id: 'frontdesk-desktop-loopback', redirect_uri: 'http://127.0.0.1:5000/oauth/callbackx' },
    ],
    [
      'loopback with localhost',
      { ...base, client_id: 'frontdesk-desktop-loopback', redirect_uri: 'http://localhost:5000/oauth/callback' },
    ],
    [
      'loopback with https',
      { ...base, client_id: 'frontdesk-desktop-loopback', redirect_uri: 'https://127.0.0.1:5000/oauth/callback' },
    ],
    [
      'loopback with port 0',
      { ...base, client_id: 'frontdesk-desktop-loopback', redirect_uri: 'http://127.0.0.1:0/oauth/callback' },
    ],
  ];
  it.each(cases)('%s', async (_name, params) => {
    const res = await get(authorizeUrl(sb, params));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<h1>/);
  });

  it('a repeated redirect_uri', async () => {
    const url = `${authorizeUrl(sb, base)}&redirect_uri=${encodeURIComponent('com.frontdesk.app:/oauth/callback')}`;
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('GET /oauth/authorize errors that redirect with error, error_description and state', () => {
  const cases: Array<[string, Record<string, string | undefined>, string]> = [
    ['missing response_type', { ...base, response_type: undefined }, 'invalid_request'],
    ['response_type=token', { ...base, response_type: 'token' }, 'unsupported_response_type'],
    ['missing scope', { ...base, scope: undefined }, 'invalid_request'],
    ['unknown scope', { ...base, scope: 'contacts:read admin' }, 'invalid_scope'],
    ['blank scope', { ...base, scope: '   ' }, 'invalid_scope'],
    [
      'scope the app did not declare',
      {
        ...base,
        client_id: 'private-tool',
        redirect_uri: 'http://127.0.0.1/private-tool/callback',
        scope: 'contacts:write',
      },
      'invalid_scope',
    ],
    [
      'public client without PKCE',
      { ...base, code_challenge: undefined, code_challenge_method: undefined },
      'invalid_request',
    ],
    ['PKCE plain', { ...base, code_challenge_method: 'plain' }, 'invalid_request'],
    ['PKCE without method (defaults to plain)', { ...base, code_challenge_method: undefined }, 'invalid_request'],
    ['method without challenge', { ...base, code_challenge: undefined }, 'invalid_request'],
    ['challenge of 42 chars', { ...base, code_challenge: challenge.slice(1) }, 'invalid_request'],
    ['challenge of 44 chars', { ...base, code_challenge: `${challenge}A` }, 'invalid_request'],
    ['challenge with non-base64url chars', { ...base, code_challenge: `${challenge.slice(1)}=` }, 'invalid_request'],
  ];
  it.each(cases)('%s → %s', async (_name, params, error) => {
    const res = await get(authorizeUrl(sb, params));
    expect(res.status).toBe(302);
    const loc = res.headers.get('location')!;
    const registered =
      params.client_id === 'private-tool'
        ? 'http://127.0.0.1/private-tool/callback'
        : 'com.frontdesk.app:/oauth/callback';
    expect(loc.startsWith(`${registered}?`)).toBe(true);
    const q = redirectParams(loc);
    expect(q.get('error')).toBe(error);
    expect(q.get('error_description')).toBeTruthy();
    expect(q.get('state')).toBe('xyz');
    expect(q.get('code')).toBeNull();
  });

  it('omits state when none was sent', async () => {
    const res = await get(authorizeUrl(sb, { ...base, state: undefined, response_type: 'token' }));
    const q = redirectParams(res.headers.get('location')!);
    expect(q.get('error')).toBe('unsupported_response_type');
    expect(q.has('state')).toBe(false);
  });
});

describe('scope parameter', () => {
  it('accepts + and %20 as separators and grants exactly the subset', async () => {
    const raw = `${authorizeUrl(sb, { ...base, scope: undefined })}&scope=contacts:read+events:read%20bookings:write`;
    expect((await get(raw)).status).toBe(200);
    const loc = await consent(sb, { ...base, scope: 'contacts:read events:read bookings:write' });
    expect(redirectParams(loc).get('code')).toBeTruthy();
  });

  it('the confidential server-app may skip PKCE', async () => {
    const res = await get(
      authorizeUrl(sb, {
        client_id: 'server-app',
        redirect_uri: 'https://server-app.example.test/oauth/callback',
        response_type: 'code',
        scope: 'api',
      }),
    );
    expect(res.status).toBe(200);
  });
});

describe('redirect helpers', () => {
  it('appends to a redirect that already has a query', () => {
    expect(withParams('https://a.test/cb?x=1', { code: 'c', state: 's t' })).toBe(
      'https://a.test/cb?x=1&code=c&state=s+t',
    );
    expect(withParams('com.app:/cb', { code: 'c', state: null })).toBe('com.app:/cb?code=c');
  });

  it('loopback match varies only the port', () => {
    const c = { redirectUri: 'http://127.0.0.1/oauth/callback', loopbackAnyPort: true } as OAuthClient;
    expect(redirectMatches(c, 'http://127.0.0.1/oauth/callback')).toBe(true);
    expect(redirectMatches(c, 'http://127.0.0.1:8080/oauth/callback')).toBe(true);
    expect(redirectMatches(c, 'http://127.0.0.1:65535/oauth/callback')).toBe(true);
    expect(redirectMatches(c, 'http://127.0.0.1:65536/oauth/callback')).toBe(false);
    expect(redirectMatches(c, 'http://127.0.0.1:8080/oauth/callback?x=1')).toBe(false);
    expect(redirectMatches(c, 'http://127.0.0.1:8080/oauth/callback/')).toBe(false);
    expect(redirectMatches(c, 'http://127.0.0.1:/oauth/callback')).toBe(false);
    expect(redirectMatches(c, 'http://127.0.0.1:8080@evil.test/oauth/callback')).toBe(false);
  });
});
