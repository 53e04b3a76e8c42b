/** Sign-in with the private-use scheme redirect (RFC 8252 §7.1): PKCE S256, state, exchange, identity. */
import { expect, it } from 'vitest';
import { DEFAULT_SCOPES } from '../../../main/core/config';
import { approveInBrowser } from '../../support/browser-consent';
import { admin, browserAnswer, queryOf, startSignIn, useAuthKit, userinfoStatus } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useAuthKit({ core: 'custom-scheme' });

it('opens an authorize URL for frontdesk-desktop with PKCE S256 and state', async () => {
  const url = new URL(await startSignIn(kit.made));
  expect(url.origin + url.pathname).toBe(`${kit.sb.url}/oauth/authorize`);
  const q = url.searchParams;
  expect(q.get('client_id')).toBe('frontdesk-desktop');
  expect(q.get('redirect_uri')).toBe('com.frontdesk.app:/oauth/callback');
  expect(q.get('response_type')).toBe('code');
  expect(q.get('code_challenge_method')).toBe('S256');
  expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(q.get('state')!.length).toBeGreaterThanOrEqual(22);
  expect(q.get('scope')!.split(' ')).toEqual([...DEFAULT_SCOPES]);
  expect(q.has('code_verifier')).toBe(false);
  const status = kit.made.core.auth.status();
  expect(status.state).toBe('signing_in');
  expect(status.signIn?.url).toBe(url.toString());
});

it('signs in with the redirect handed over as the OS delivers it', async () => {
  const { location, params } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  expect(location.startsWith('com.frontdesk.app:/oauth/callback?code=')).toBe(true);
  expect(params.get('state')).toBe(new URL(kit.made.opened[0]!).searchParams.get('state'));

  const outcome = await kit.made.core.auth.handleRedirect(location);
  expect(outcome).toEqual({ ok: true, message: 'Signed in as Dr. Amelia Hart.' });
  const status = kit.made.core.auth.status();
  expect(status).toMatchObject({
    state: 'signed_in',
    user: { name: 'Dr. Amelia Hart', email: 'owner@frontdesk.test' },
    actingFor: null,
    storage: 'keystore',
    signIn: null,
    notice: null,
  });
  expect(status.grantedScopes).toEqual([...DEFAULT_SCOPES]);
  const stats = await admin(kit.sb).stats();
  expect(stats.tokenGrants.authorization_code).toBe(1);
  expect(stats.codeReuseDetections).toBe(0);

  // The token works against the service as the signed-in user.
  const me = await kit.made.core.auth.tokens.authorizedFetch(`${kit.sb.url}/v1/userinfo`);
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ user: { email: 'owner@frontdesk.test' }, client_id: 'frontdesk-desktop' });
});

it('shows whose account a linked user acts for', async () => {
  const { location } = await browserAnswer(kit.made, { email: 'linked@frontdesk.test' });
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_in',
    user: { name: 'Maria Lopez', email: 'linked@frontdesk.test' },
    actingFor: { name: 'Lakeside Dental', email: 'owner@frontdesk.test' },
  });
});

it('uses a fresh verifier and state for every attempt; only the latest attempt is accepted', async () => {
  const first = new URL(await startSignIn(kit.made)).searchParams;
  const second = new URL(await startSignIn(kit.made)).searchParams;
  expect(second.get('state')).not.toBe(first.get('state'));
  expect(second.get('code_challenge')).not.toBe(first.get('code_challenge'));

  // The user finishes the first (replaced) tab, then the second.
  const stale = await approveInBrowser(kit.made.opened[0]!, { email: 'owner@frontdesk.test' });
  const fresh = await approveInBrowser(kit.made.opened[1]!, { email: 'owner@frontdesk.test' });
  expect(queryOf(stale).get('state')).toBe(first.get('state'));

  expect((await kit.made.core.auth.handleRedirect(stale)).ok).toBe(false);
  expect(kit.made.core.auth.status().state).toBe('signing_in');
  expect((await admin(kit.sb).stats()).tokenGrants.authorization_code).toBe(0);

  expect((await kit.made.core.auth.handleRedirect(fresh)).ok).toBe(true);
  expect(kit.made.core.auth.status().state).toBe('signed_in');
  expect((await admin(kit.sb).stats()).tokenGrants.authorization_code).toBe(1);
});

it('asks again for the granted scopes plus the added ones, and retires the old grant', async () => {
  const { location } = await browserAnswer(kit.made, { email: 'staff@frontdesk.test' });
  await kit.made.core.auth.handleRedirect(location);
  const old = kit.made.core.auth.tokens.current()!.tokens.accessToken;
  const url = new URL(await startSignIn(kit.made, ['imports:read']));
  expect(url.searchParams.get('scope')!.split(' ')).toEqual([...DEFAULT_SCOPES, 'imports:read']);
  expect(kit.made.core.auth.status().state).toBe('signed_in');
  const more = await approveInBrowser(url.toString(), { email: 'staff@frontdesk.test' });
  expect((await kit.made.core.auth.handleRedirect(more)).ok).toBe(true);
  expect(kit.made.core.auth.status().grantedScopes).toContain('imports:read');
  await waitFor(async () => (await userinfoStatus(kit.sb, old)) === 401, { what: 'the old grant to be revoked' });
  expect((await admin(kit.sb).stats()).revocations).toBe(1);
  expect((await kit.made.core.auth.tokens.authorizedFetch(`${kit.sb.url}/v1/userinfo`)).status).toBe(200);
});
