/** handleRedirect refuses everything but the answer to the pending attempt, and never logs the code. */
import { expect, it } from 'vitest';
import { admin, browserAnswer, useAuthKit } from '../../support/auth-fixture';

const kit = useAuthKit({ core: 'custom-scheme' });

const owner = { email: 'owner@frontdesk.test' };

/** Refused, still waiting for the same attempt, and nothing sent to the token endpoint. */
async function expectRefusedAndWaiting(redirect: unknown, attemptUrl: string) {
  const outcome = await kit.made.core.auth.handleRedirect(redirect);
  expect(outcome.ok, `accepted ${String(redirect)}`).toBe(false);
  const status = kit.made.core.auth.status();
  expect(status.state).toBe('signing_in');
  expect(status.signIn?.url).toBe(attemptUrl);
  expect(await admin(kit.sb).tokenRequests()).toBe(0);
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
  const { url, location, params } = await browserAnswer(kit.made, owner);
  const tampered = withQuery(location, (q) => q.set('state', `${params.get('state')}x`));
  const outcome = await expectRefusedAndWaiting(tampered, url);
  expect(outcome.message).toContain('does not match the sign-in you started');
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.delete('state')),
    url,
  );
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.append('state', params.get('state')!)),
    url,
  );
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.set('iss', 'https://evil.example')),
    url,
  );

  expect(await kit.made.core.auth.handleRedirect(location)).toMatchObject({ ok: true });
  expect(kit.made.core.auth.status().state).toBe('signed_in');
});

it('keeps waiting when the right state comes without exactly one code', async () => {
  const { url, location, params } = await browserAnswer(kit.made, owner);
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.delete('code')),
    url,
  );
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.set('code', '')),
    url,
  );
  await expectRefusedAndWaiting(
    withQuery(location, (q) => q.append('code', params.get('code')!)),
    url,
  );
  expect(await kit.made.core.auth.handleRedirect(location)).toMatchObject({ ok: true });
});

it('refuses a replay of the redirect after success without touching the grant', async () => {
  const { location } = await browserAnswer(kit.made, owner);
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
  const replay = await kit.made.core.auth.handleRedirect(location);
  expect(replay.ok).toBe(false);
  expect(replay.message).toContain('No sign-in is waiting');
  expect(kit.made.core.auth.status().state).toBe('signed_in');
  const stats = await admin(kit.sb).stats();
  expect(stats.tokenGrants.authorization_code).toBe(1);
  expect(stats.codeReuseDetections).toBe(0);
  const me = await kit.made.core.auth.tokens.authorizedFetch(`${kit.sb.url}/v1/userinfo`);
  expect(me.status).toBe(200);
});

it('ends the attempt when the user clicks Deny', async () => {
  const { location, params } = await browserAnswer(kit.made, { ...owner, decision: 'deny' });
  expect(params.get('error')).toBe('access_denied');
  const outcome = await kit.made.core.auth.handleRedirect(location);
  expect(outcome).toEqual({ ok: false, message: 'Sign-in was cancelled in the browser.' });
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_out',
    signIn: null,
    notice: { kind: 'error', text: 'Sign-in was cancelled in the browser.' },
  });
  expect(await admin(kit.sb).tokenRequests()).toBe(0);
  // The same answer again finds nothing waiting.
  expect((await kit.made.core.auth.handleRedirect(location)).message).toContain('No sign-in is waiting');
});

it('refuses a redirect to another scheme, host, path, port or with credentials or a fragment', async () => {
  const { url, location } = await browserAnswer(kit.made, owner);
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
    expect(
      [
        'That link is not a Frontdesk sign-in.',
        'That sign-in link could not be read. Please start again from Frontdesk.',
      ],
      candidate,
    ).toContain(outcome.message);
  }
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('refuses garbage without throwing', async () => {
  const { url, location } = await browserAnswer(kit.made, owner);
  const garbage: unknown[] = [
    '',
    ' ',
    'not a url',
    'com.frontdesk.app:',
    'com.frontdesk.app:/oauth/callback',
    '?code=x&state=y',
    '\u0000',
    '\ud800',
    `com.frontdesk.app:/oauth/callback?${'a'.repeat(5000)}`,
    'javascript:alert(1)',
    'file:///etc/passwd',
    '//oauth/callback',
    42,
    null,
    undefined,
    {},
    [location],
    { href: location },
    new URL(location.replace('com.frontdesk.app:', 'http://x')),
  ];
  for (const g of garbage) await expectRefusedAndWaiting(g, url);
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('never writes the code, state or tokens to the log', async () => {
  const { location, params } = await browserAnswer(kit.made, owner);
  await kit.made.core.auth.handleRedirect(withQuery(location, (q) => q.set('state', 'wrong')));
  await kit.made.core.auth.handleRedirect(location.replace('/oauth/callback', '/elsewhere'));
  await kit.made.core.auth.handleRedirect(location);
  await kit.made.core.auth.handleRedirect(location);
  const tokens = kit.made.core.auth.tokens.current()!.tokens;
  expect(kit.made.log.lines.length).toBeGreaterThanOrEqual(3);
  const log = kit.made.log.lines.join('\n');
  for (const secret of [params.get('code')!, params.get('state')!, tokens.accessToken, tokens.refreshToken!]) {
    expect(log).not.toContain(secret);
  }
});
