/** Sign-out wipes locally at once and revokes the grant (RFC 7009), now or when the service is back. */
import { expect, it } from 'vitest';
import { admin, customSchemeCore, signInAs, useAuthKit, userinfoStatus } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useAuthKit({ core: 'custom-scheme', signedInAs: 'owner@frontdesk.test' });

const SIGNED_OUT = {
  state: 'signed_out',
  user: null,
  actingFor: null,
  account: null,
  grantedScopes: [],
  signIn: null,
  notice: { kind: 'info', text: 'You are signed out.' },
};
const settings = () => kit.made.platform.settings;

it('revokes the grant and forgets the session', async () => {
  const { accessToken, refreshToken } = kit.made.core.auth.tokens.current()!.tokens;
  expect(await userinfoStatus(kit.sb, accessToken)).toBe(200);
  expect(settings().get('vault.session')).toEqual(expect.any(String));

  expect(await kit.made.core.auth.signOut()).toMatchObject(SIGNED_OUT);
  expect(settings().get('vault.session')).toBeUndefined();
  expect(kit.made.core.auth.tokens.current()).toBeNull();
  // Revoked at once (within moments; the wait is that many times over).
  await waitFor(async () => (await userinfoStatus(kit.sb, accessToken)) === 401, {
    what: 'the access token to be revoked',
    timeoutMs: 5_000,
  });
  const stats = await admin(kit.sb).stats();
  expect(stats.revocations).toBe(1);
  expect(stats.grantsRevoked).toBe(1);
  const reuse = await fetch(`${kit.sb.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken!,
      client_id: 'frontdesk-desktop',
    }),
  });
  expect(reuse.status).toBe(400);
  expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
  await waitFor(() => settings().get('vault.pendingRevocations') === undefined, {
    what: 'the revocation queue to empty',
  });

  const again = customSchemeCore(kit.sb, { dataDir: kit.made.dir });
  await again.core.start();
  expect(again.core.auth.status().state).toBe('signed_out');
  await again.cleanup();
});

it('wipes at once while the service is unreachable and revokes when it is back', async () => {
  const { accessToken } = kit.made.core.auth.tokens.current()!.tokens;
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/revoke'] });

  expect(await kit.made.core.auth.signOut()).toMatchObject(SIGNED_OUT);
  expect(kit.made.core.auth.status().state).toBe('signed_out');
  expect(settings().get('vault.session')).toBeUndefined();
  // Both tokens were tried and kept for later, encrypted.
  await waitFor(async () => (await admin(kit.sb).stats()).faultsInjected.offline >= 2, {
    what: 'the revocation attempts',
  });
  await waitFor(() => kit.made.log.lines.filter((l) => l.includes('"willRetry":true')).length === 2, {
    what: 'the failed revocations to be queued',
  });
  const queued = settings().get('vault.pendingRevocations');
  expect(queued).toEqual(expect.any(String));
  expect(queued as string).not.toContain(accessToken);
  expect(await userinfoStatus(kit.sb, accessToken)).toBe(200);
  expect((await admin(kit.sb).stats()).revocations).toBe(0);

  await admin(kit.sb).clearFaults();
  kit.made.core.auth.onOnline();
  await waitFor(async () => (await userinfoStatus(kit.sb, accessToken)) === 401, { what: 'the queued revocation' });
  expect((await admin(kit.sb).stats()).revocations).toBe(1);
  await waitFor(() => settings().get('vault.pendingRevocations') === undefined, { what: 'the queue to empty' });
});

it('sends the queued revocation from the next start when the app was closed offline', async () => {
  const { accessToken } = kit.made.core.auth.tokens.current()!.tokens;
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/revoke'] });
  await kit.made.core.auth.signOut();
  await waitFor(() => kit.made.log.lines.filter((l) => l.includes('"willRetry":true')).length === 2, {
    what: 'the failed revocations to be queued',
  });
  await kit.made.core.stop();
  await admin(kit.sb).clearFaults();
  expect(await userinfoStatus(kit.sb, accessToken)).toBe(200);

  const again = customSchemeCore(kit.sb, { dataDir: kit.made.dir });
  await again.core.start();
  await waitFor(async () => (await userinfoStatus(kit.sb, accessToken)) === 401, { what: 'the revocation on start' });
  expect((await admin(kit.sb).stats()).revocations).toBe(1);
  await again.cleanup();
});

it('signs out only locally when the grant is already gone', async () => {
  await admin(kit.sb).revokeGrants({ email: 'owner@frontdesk.test' });
  expect(await kit.made.core.auth.signOut()).toMatchObject(SIGNED_OUT);
  // Both tokens are sent; the service no longer knows them (200 per RFC 7009 §2.2); nothing is kept.
  await waitFor(async () => (await admin(kit.sb).stats()).requests['POST /oauth/revoke']?.['200'] === 2, {
    what: 'both revocation requests',
  });
  await waitFor(() => settings().get('vault.pendingRevocations') === undefined, { what: 'the queue to empty' });
  expect(kit.made.log.lines.some((l) => l.includes('"willRetry":true'))).toBe(false);
  expect((await admin(kit.sb).stats()).revocations).toBe(0);
});

it('does not lose a sign-out that happens while queued revocations are being sent', async () => {
  const first = kit.made.core.auth.tokens.current()!.tokens.accessToken;
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/revoke'] });
  await kit.made.core.auth.signOut();
  await waitFor(() => kit.made.log.lines.filter((l) => l.includes('"willRetry":true')).length === 2, {
    what: 'the first sign-out to be queued',
  });
  await signInAs(kit.made, 'staff@frontdesk.test');
  const second = kit.made.core.auth.tokens.current()!.tokens.accessToken;

  // The service is back but slow: the queued revocations are in flight when the second sign-out comes.
  await admin(kit.sb).faults({ latencyMs: 300, routes: ['/oauth/revoke'] });
  kit.made.core.auth.onOnline();
  await kit.made.core.auth.signOut();

  await waitFor(async () => (await userinfoStatus(kit.sb, first)) === 401, { what: 'the first session to be revoked' });
  await waitFor(async () => (await userinfoStatus(kit.sb, second)) === 401, {
    what: 'the second session to be revoked',
  });
  expect((await admin(kit.sb).stats()).revocations).toBe(2);
  await waitFor(() => settings().get('vault.pendingRevocations') === undefined, { what: 'the queue to empty' });
});
