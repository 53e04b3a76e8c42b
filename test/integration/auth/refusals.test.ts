/** handleRedirect refuses everything but the answer to the pending attempt, and never logs the code. */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { admin, browserAnswer, customSchemeCore, startAuthSandbox, type MadeCore } from '../../support/auth-fixture';

let sb: Sandbox;
let made: MadeCore;

beforeAll(async () => {
  sb = await startAuthSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin(sb).reset();
  made = customSchemeCore(sb);
  await made.core.start();
});
afterEach(() => made.cleanup());

const owner = { email: 'owner@frontdesk.test' };

/** Refused, still waiting for the same attempt, and nothing sent to the token endpoint. */
async function expectRefusedAndWaiting(redirect: unknown, attemptUrl: string) {
  const outcome = await made.core.auth.handleRedirect(redirect);
  expect(outcome.ok, `accepted ${String(redirect)}`).toBe(false);
  const status = made.core.auth.status();
  expect(status.state).toBe('signing_in');
  expect(status.signIn?.url).toBe(attemptUrl);
  expect(await admin(sb).tokenRequests()).toBe(0);
  return outcome;
}

/** `location` with its query rebuilt from `edit`. */
function withQuery(location: string, edit: (q: URLSearchParams) => void): string {
  const [base, query] = location.split('?') as [string, string];
  const q = new URLSearchParams(query);
  edit(q);
  return `${base}?${q.toString()}`;
}

it('refuses a tampered state, keeps the attempt, then accepts the genuine redirect', async () => {
  const { url, location, params } = await browserAnswer(made, owner);
  const tampered = withQuery(location, (q) => q.set('state', `${params.get('state')}x`));
  const outcome = await expectRefusedAndWaiting(tampered, url);
  expect(outcome.message).toContain('does not match the sign-in you started');
  await expectRefusedAndWaiting(withQuery(location, (q) => q.delete('state')), url);
  await expectRefusedAndWaiting(withQuery(location, (q) => q.append('state', params.get('state')!)), url);
  await expectRefusedAndWaiting(withQuery(location, (q) => q.set('iss', 'https://evil.example')), url);

  expect(await made.core.auth.handleRedirect(location)).toMatchObject({ ok: true });
  expect(made.core.auth.status().state).toBe('signed_in');
});

it('keeps waiting when the right state comes without exactly one code', async () => {
  const { url, location, params } = await browserAnswer(made, owner);
  await expectRefusedAndWaiting(withQuery(location, (q) => q.delete('code')), url);
  await expectRefusedAndWaiting(withQuery(location, (q) => q.set('code', '')), url);
  await expectRefusedAndWaiting(withQuery(location, (q) => q.append('code', params.get('code')!)), url);
  expect(await made.core.auth.handleRedirect(location)).toMatchObject({ ok: true });
});

it('refuses a replay of the redirect after success without touching the grant', async () => {
  const { location } = await browserAnswer(made, owner);
  expect((await made.core.auth.handleRedirect(location)).ok).toBe(true);
  const replay = await made.core.auth.handleRedirect(location);
  expect(replay.ok).toBe(false);
  expect(replay.message).toContain('No sign-in is waiting');
  expect(made.core.auth.status().state).toBe('signed_in');
  const stats = await admin(sb).stats();
  expect(stats.tokenGrants.authorization_code).toBe(1);
  expect(stats.codeReuseDetections).toBe(0);
  const me = await made.core.auth.tokens.authorizedFetch(`${sb.url}/v1/userinfo`);
  expect(me.status).toBe(200);
});

it('ends the attempt when the user clicks Deny', async () => {
  const { location, params } = await browserAnswer(made, { ...owner, decision: 'deny' });
  expect(params.get('error')).toBe('access_denied');
  const outcome = await made.core.auth.handleRedirect(location);
  expect(outcome).toEqual({ ok: false, message: 'Sign-in was cancelled in the browser.' });
  expect(made.core.auth.status()).toMatchObject({ state: 'signed_out', signIn: null, notice: { kind: 'error', text: 'Sign-in was cancelled in the browser.' } });
  expect(await admin(sb).tokenRequests()).toBe(0);
  // The same answer again finds nothing waiting.
  expect((await made.core.auth.handleRedirect(location)).message).toContain('No sign-in is waiting');
});

it('refuses a redirect to another scheme, host, path, port or with credentials or a fragment', async () => {
  const { url, location } = await browserAnswer(made, owner);
  const query = location.slice(location.indexOf('?'));
  const lookalikes = [
    `com.frontdesk.evil:/oauth/callback${query}`,
    `com.frontdesk.app.evil:/oauth/callback${query}`,
    `http://127.0.0.1/oauth/callback${query}`,
    `https://com.frontdesk.app/oauth/callback${query}`,
    `com.frontdesk.app://evil.example/oauth/callback${query}`,
    `com.frontdesk.app://user:pw@/oauth/callback${query}`,
    `com.frontdesk.app://user@evil/oauth/callback${query}`,
    `com.frontdesk.app://:8080/oauth/callback${query}`,
    `com.frontdesk.app:/oauth/callback/${query}`,
    `com.frontdesk.app:/oauth/callbackx${query}`,
    `com.frontdesk.app:/OAUTH/callback${query}`,
    `com.frontdesk.app:/oauth${query}`,
    `com.frontdesk.app:oauth/callback${query}`,
    `com.frontdesk.app:/oauth/callback${query}#frag`,
    `com.frontdesk.app:/oauth/callback#${query.slice(1)}`,
  ];
  for (const candidate of lookalikes) {
    const outcome = await expectRefusedAndWaiting(candidate, url);
    expect(['That link is not a Frontdesk sign-in.', 'That sign-in link could not be read. Please start again from Frontdesk.'], candidate).toContain(outcome.message);
  }
  expect((await made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('refuses garbage without throwing', async () => {
  const { url, location } = await browserAnswer(made, owner);
  const garbage: unknown[] = [
    '', ' ', 'not a url', 'com.frontdesk.app:', 'com.frontdesk.app:/oauth/callback', '?code=x&state=y', '\u0000', '\ud800',
    `com.frontdesk.app:/oauth/callback?${'a'.repeat(5000)}`, 'javascript:alert(1)', 'file:///etc/passwd', '//oauth/callback',
    42, null, undefined, {}, [location], { href: location }, new URL(location.replace('com.frontdesk.app:', 'http://x')),
  ];
  for (const g of garbage) await expectRefusedAndWaiting(g, url);
  expect((await made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('never writes the code, state or tokens to the log', async () => {
  const { location, params } = await browserAnswer(made, owner);
  await made.core.auth.handleRedirect(withQuery(location, (q) => q.set('state', 'wrong')));
  await made.core.auth.handleRedirect(location.replace('/oauth/callback', '/elsewhere'));
  await made.core.auth.handleRedirect(location);
  await made.core.auth.handleRedirect(location);
  const tokens = made.core.auth.tokens.current()!.tokens;
  expect(made.log.lines.length).toBeGreaterThanOrEqual(3);
  const log = made.log.lines.join('\n');
  for (const secret of [params.get('code')!, params.get('state')!, tokens.accessToken, tokens.refreshToken!]) {
    expect(log).not.toContain(secret);
  }
});
