/** Shared helpers of the sandbox platform tests: start, PKCE, driving the portal with fetch, token calls. */
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxOptions } from '../../sandbox/context';
import type { TokenResponse } from '../../sandbox/oauth/token';
import { createSandbox, type Sandbox, type SandboxHooks } from '../../sandbox/server';

/** Starts a sandbox on a free port with small seed data (fast). */
export function start(options: Partial<SandboxOptions> = {}, hooks: SandboxHooks = {}): Promise<Sandbox> {
  const createApi = hooks.createApi ?? (() => ({ register: () => undefined, reset: () => undefined }));
  return createSandbox({ port: 0, contacts: 5, events: 5, ...options }, createApi, hooks.extend);
}

/** A controllable clock for `now`. */
export function clock(startMs = Date.UTC(2030, 0, 2, 15, 0, 0)): { now: () => Date; advance(ms: number): void } {
  let t = startMs;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

/** A fresh PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Basic header value for email:key. */
export function basic(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** GET/POST helpers with redirects left to the test. */
export async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}

/** POSTs form fields. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers, body: new URLSearchParams(fields) });
}

/** POSTs JSON. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Value of a hidden input in a page. */
export function hidden(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no hidden ${name} in page:\n${html.slice(0, 2000)}`);
  return m[1]!;
}

/** Authorize URL with the given params (undefined values omitted). */
export function authorizeUrl(sb: Sandbox, params: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.append(k, v);
  return `${sb.url}/oauth/authorize?${qs.toString()}`;
}

/** Default authorize parameters for frontdesk-desktop with a PKCE challenge. */
export function desktopParams(
  challenge: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    client_id: 'frontdesk-desktop',
    redirect_uri: 'com.frontdesk.app:/oauth/callback',
    response_type: 'code',
    scope: 'api',
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** Signs in on the login page of `authorize`; returns the session cookie and the consent URL. */
export async function login(
  sb: Sandbox,
  authorize: string,
  email: string,
  password = 'sandbox',
): Promise<{ cookie: string; consent: string }> {
  const page = await get(authorize);
  if (page.status !== 200) throw new Error(`authorize gave ${page.status}: ${page.headers.get('location')}`);
  const rid = hidden(await page.text(), 'rid');
  const res = await postForm(`${sb.url}/oauth/login`, { rid, email, password });
  if (res.status !== 303) throw new Error(`login gave ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, consent: new URL(res.headers.get('location')!, sb.url).toString() };
}

/** Drives authorize → login → consent → decision; returns the final redirect Location. */
export async function consent(
  sb: Sandbox,
  params: Record<string, string | undefined>,
  email = 'owner@frontdesk.test',
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const { cookie, consent: consentUrl } = await login(sb, authorizeUrl(sb, params), email);
  const page = await get(consentUrl, { cookie });
  if (page.status === 302) return page.headers.get('location')!;
  const html = await page.text();
  const res = await postForm(
    `${sb.url}/oauth/consent`,
    { rid: hidden(html, 'rid'), csrf: hidden(html, 'csrf'), decision },
    { cookie },
  );
  if (res.status !== 302) throw new Error(`consent gave ${res.status}: ${await res.text()}`);
  return res.headers.get('location')!;
}

/** Query parameters of a redirect Location (works for custom schemes). */
export function redirectParams(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf('?') + 1));
}

/** Full PKCE flow for frontdesk-desktop; returns the token response. */
export async function pkceTokens(sb: Sandbox, email = 'owner@frontdesk.test', scope = 'api'): Promise<TokenResponse> {
  const { verifier, challenge } = pkce();
  const loc = await consent(sb, desktopParams(challenge, { scope }), email);
  const code = redirectParams(loc).get('code')!;
  const res = await postForm(`${sb.url}/oauth/token`, {
    grant_type: 'authorization_code',
    code,
    client_id: 'frontdesk-desktop',
    redirect_uri: 'com.frontdesk.app:/oauth/callback',
    code_verifier: verifier,
  });
  if (res.status !== 200) throw new Error(`token gave ${res.status}: ${await res.text()}`);
  return (await res.json()) as TokenResponse;
}

/** Mints tokens through the admin API (no browser flow). */
export async function mint(sb: Sandbox, email: string, scope?: string, clientId?: string): Promise<TokenResponse> {
  const res = await postJson(`${sb.url}/__sandbox/tokens`, {
    email,
    ...(scope ? { scope } : {}),
    ...(clientId ? { client_id: clientId } : {}),
  });
  if (res.status !== 200) throw new Error(`mint gave ${res.status}: ${await res.text()}`);
  return (await res.json()) as TokenResponse;
}

/** Refresh grant for frontdesk-desktop. */
export function refresh(sb: Sandbox, refreshToken: string, extra: Record<string, string> = {}): Promise<Response> {
  return postForm(`${sb.url}/oauth/token`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'frontdesk-desktop',
    ...extra,
  });
}

/** GET /v1/userinfo with a bearer token. */
export function userinfo(sb: Sandbox, token: string): Promise<Response> {
  return fetch(`${sb.url}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
}

/** GET /__sandbox/stats. */
export async function stats(
  sb: Sandbox,
): Promise<Record<string, unknown> & { requests: Record<string, Record<string, number>> }> {
  return (await (await fetch(`${sb.url}/__sandbox/stats`)).json()) as Record<string, unknown> & {
    requests: Record<string, Record<string, number>>;
  };
}
