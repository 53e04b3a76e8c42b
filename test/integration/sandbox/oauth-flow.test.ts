import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../sandbox/context';
import type { Sandbox } from '../../sandbox/server';
import {
  authorizeUrl,
  consent,
  desktopParams,
  get,
  hidden,
  login,
  pkce,
  postForm,
  redirectParams,
  start,
  userinfo,
} from './helpers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('authorization-code flow with PKCE, driven through the portal pages', () => {
  it('login page → consent page → Allow → code + state → tokens → userinfo', async () => {
    const { verifier, challenge } = pkce();
    const authorize = authorizeUrl(sb, desktopParams(challenge, { state: 'a b&c=d/é' }));

    const loginPage = await get(authorize);
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers.get('content-type')).toMatch(/^text\/html/);
    const loginHtml = await loginPage.text();
    expect(loginHtml).toMatch(/<label for="email">Email<\/label>\s*<input id="email"/);
    expect(loginHtml).toMatch(/<label for="password">Password<\/label>\s*<input id="password"[^>]*type="password"/);
    expect(loginHtml).toContain('<button type="submit">Sign in</button>');
    expect(loginHtml).not.toMatch(/style="/);

    const rid = hidden(loginHtml, 'rid');
    const loggedIn = await postForm(`${sb.url}/oauth/login`, {
      rid,
      email: 'OWNER@frontdesk.test',
      password: 'sandbox',
    });
    expect(loggedIn.status).toBe(303);
    const setCookie = loggedIn.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/sandbox_session=.+HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;

    const consentPage = await get(new URL(loggedIn.headers.get('location')!, sb.url).toString(), { cookie });
    expect(consentPage.status).toBe(200);
    const html = await consentPage.text();
    expect(html).toContain('Frontdesk for Desktop');
    for (const s of SCOPES) expect(html).toContain(`data-scope="${s}"`);
    expect(html).toMatch(/data-scope="messaging:send" class="high-impact"/);
    expect(html).toMatch(/data-scope="imports:write" class="high-impact"/);
    expect(html).not.toMatch(/data-scope="contacts:read" class="high-impact"/);
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Deny</button>');

    const allowed = await postForm(
      `${sb.url}/oauth/consent`,
      { rid: hidden(html, 'rid'), csrf: hidden(html, 'csrf'), decision: 'allow' },
      { cookie },
    );
    expect(allowed.status).toBe(302);
    const location = allowed.headers.get('location')!;
    expect(location.startsWith('com.frontdesk.app:/oauth/callback?code=')).toBe(true);
    const q = redirectParams(location);
    expect(q.get('state')).toBe('a b&c=d/é');
    expect([...q.keys()].sort()).toEqual(['code', 'state']);

    const token = await postForm(`${sb.url}/oauth/token`, {
      grant_type: 'authorization_code',
      code: q.get('code')!,
      client_id: 'frontdesk-desktop',
      redirect_uri: 'com.frontdesk.app:/oauth/callback',
      code_verifier: verifier,
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    const body = (await token.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'created_at',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(2_592_000);
    expect(body.scope).toBe(SCOPES.join(' '));
    expect(Math.abs((body.created_at as number) - Date.now() / 1000)).toBeLessThan(30);
    expect(String(body.access_token)).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const me = await userinfo(sb, String(body.access_token));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'owner@frontdesk.test' },
      auth: 'bearer',
      client_id: 'frontdesk-desktop',
    });
  });

  it('a signed-in session skips the login page on the next authorize', async () => {
    const { challenge } = pkce();
    const { cookie } = await login(sb, authorizeUrl(sb, desktopParams(challenge)), 'owner@frontdesk.test');
    const again = await get(authorizeUrl(sb, desktopParams(pkce().challenge)), { cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^\/oauth\/consent\?rid=/);
  });

  it('wrong password → the login page again with a message, 401', async () => {
    const page = await get(authorizeUrl(sb, desktopParams(pkce().challenge)));
    const rid = hidden(await page.text(), 'rid');
    const res = await postForm(`${sb.url}/oauth/login`, { rid, email: 'owner@frontdesk.test', password: 'nope' });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('Wrong email or password');
    expect(html).toContain('<label for="password">Password</label>');
    expect(hidden(html, 'rid')).toBe(rid);
  });

  it('Deny → access_denied with state', async () => {
    const loc = await consent(
      sb,
      desktopParams(pkce().challenge, { state: 'deny-me' }),
      'owner@frontdesk.test',
      'deny',
    );
    const q = redirectParams(loc);
    expect(loc.startsWith('com.frontdesk.app:/oauth/callback?')).toBe(true);
    expect(q.get('error')).toBe('access_denied');
    expect(q.get('state')).toBe('deny-me');
    expect(q.get('code')).toBeNull();
  });

  it('the consent POST needs the session CSRF token and the same session', async () => {
    const { cookie, consent: consentUrl } = await login(
      sb,
      authorizeUrl(sb, desktopParams(pkce().challenge)),
      'owner@frontdesk.test',
    );
    const html = await (await get(consentUrl, { cookie })).text();
    const rid = hidden(html, 'rid');
    const forged = await postForm(
      `${sb.url}/oauth/consent`,
      { rid, csrf: 'x'.repeat(43), decision: 'allow' },
      { cookie },
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
    const noSession = await postForm(`${sb.url}/oauth/consent`, { rid, csrf: hidden(html, 'csrf'), decision: 'allow' });
    expect(noSession.status).toBe(401);
    const other = await login(sb, authorizeUrl(sb, desktopParams(pkce().challenge)), 'staff@frontdesk.test');
    const otherHtml = await (await get(other.consent, { cookie: other.cookie })).text();
    const hijack = await postForm(
      `${sb.url}/oauth/consent`,
      { rid, csrf: hidden(otherHtml, 'csrf'), decision: 'allow' },
      { cookie: other.cookie },
    );
    expect(hijack.status).toBe(403);
    const ok = await postForm(
      `${sb.url}/oauth/consent`,
      { rid, csrf: hidden(html, 'csrf'), decision: 'allow' },
      { cookie },
    );
    expect(ok.status).toBe(302);
    expect(redirectParams(ok.headers.get('location')!).get('code')).toBeTruthy();
    const replay = await postForm(
      `${sb.url}/oauth/consent`,
      { rid, csrf: hidden(html, 'csrf'), decision: 'allow' },
      { cookie },
    );
    expect(replay.status).toBe(400);
  });

  it('a private app works for its registrant (owner) and is refused to staff', async () => {
    const params = (challenge: string) => ({
      client_id: 'private-tool',
      redirect_uri: 'http://127.0.0.1:53111/private-tool/callback',
      response_type: 'code',
      scope: 'contacts:read events:read',
      state: 'p1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const owner = await consent(sb, params(pkce().challenge), 'owner@frontdesk.test');
    expect(owner.startsWith('http://127.0.0.1:53111/private-tool/callback?code=')).toBe(true);
    const staff = await consent(sb, params(pkce().challenge), 'staff@frontdesk.test');
    const q = redirectParams(staff);
    expect(q.get('error')).toBe('access_denied');
    expect(q.get('error_description')).toMatch(/private/);
    expect(q.get('state')).toBe('p1');
    expect(q.get('code')).toBeNull();
  });

  it('the loopback client accepts any port on the registered path', async () => {
    const loc = await consent(sb, {
      ...desktopParams(pkce().challenge),
      client_id: 'frontdesk-desktop-loopback',
      redirect_uri: 'http://127.0.0.1:61234/oauth/callback',
    });
    expect(loc.startsWith('http://127.0.0.1:61234/oauth/callback?code=')).toBe(true);
  });

  it('escapes hostile input on the error page', async () => {
    const res = await get(authorizeUrl(sb, { client_id: '<script>alert(1)</script>"', redirect_uri: 'x' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});
