/** Refresh when things go wrong: the token endpoint unreachable (keep the tokens), the grant dead (sign out). */
import { expect, it } from 'vitest';
import { RefreshUnavailableError, SessionEndedError } from '../../../main/core/auth/errors';
import { admin, customSchemeCore, useAuthKit } from '../../support/auth-fixture';

const TTL_S = 60;
const ENDED = 'Your session ended — please sign in again.';
// The spec's token answers (expires_in, rotation and its reuse detection), even under SANDBOX_VARY.
const kit = useAuthKit({
  sandbox: { accessTtlS: TTL_S, vary: false },
  serviceClock: true,
  deskClock: true,
  core: 'custom-scheme',
  signedInAs: 'owner@frontdesk.test',
  readAhead: false,
});

const calendars = () => `${kit.sb.url}/v1/calendars`;
const saved = () => kit.made.platform.settings.get('vault.session');

it('keeps the tokens when the token endpoint is unreachable, and refreshes once it is back', async () => {
  const tokens = kit.made.core.auth.tokens.current()!.tokens;
  const sealed = saved();
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/token'] });
  kit.bothAdvance((TTL_S + 1) * 1000);

  const failure = await kit.made.core.auth.tokens.authorizedFetch(calendars()).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(RefreshUnavailableError);
  expect((failure as Error).message).toBe('Could not reach the service to renew the sign-in. Will try again.');
  expect(kit.made.core.auth.status().state).toBe('signed_in');
  expect(kit.made.core.auth.tokens.current()!.tokens).toEqual(tokens);
  expect(saved()).toBe(sealed);
  const during = await admin(kit.sb).stats();
  expect(during.faultsInjected.offline).toBeGreaterThanOrEqual(1);
  expect(during.tokenGrants.refresh_token).toBe(0);

  await admin(kit.sb).clearFaults();
  expect((await kit.made.core.auth.tokens.authorizedFetch(calendars())).status).toBe(200);
  const after = await admin(kit.sb).stats();
  expect(after.tokenGrants.refresh_token).toBe(1);
  expect(after.refreshReuseDetections).toBe(0);
  expect(saved()).not.toBe(sealed);
});

it('goes on with a token that is due for renewal but not expired while the endpoint is unreachable', async () => {
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/token'] });
  kit.bothAdvance((TTL_S - 15) * 1000); // inside the renewal window, 15 s left
  const res = await kit.made.core.auth.tokens.authorizedFetch(calendars());
  expect(res.status).toBe(200);
  const stats = await admin(kit.sb).stats();
  expect(stats.faultsInjected.offline).toBe(1);
  expect(stats.tokenGrants.refresh_token).toBe(0);
  expect(kit.made.core.auth.status().state).toBe('signed_in');
});

it('keeps the tokens when the whole service is gone during a refresh', async () => {
  const tokens = kit.made.core.auth.tokens.current()!.tokens;
  await admin(kit.sb).faults({ offline: true });
  kit.bothAdvance((TTL_S + 1) * 1000);
  await expect(kit.made.core.auth.tokens.authorizedFetch(calendars())).rejects.toBeInstanceOf(RefreshUnavailableError);
  await expect(kit.made.core.auth.tokens.authorizedFetch(calendars())).rejects.toBeInstanceOf(RefreshUnavailableError);
  expect(kit.made.core.auth.tokens.current()!.tokens).toEqual(tokens);
  await admin(kit.sb).clearFaults();
  expect((await kit.made.core.auth.tokens.authorizedFetch(calendars())).status).toBe(200);
  expect((await admin(kit.sb).stats()).tokenGrants.refresh_token).toBe(1);
});

it('signs out with a notice when the grant was revoked (invalid_grant), and forgets the session', async () => {
  expect(await admin(kit.sb).revokeGrants({ email: 'owner@frontdesk.test' })).toEqual({ revoked: 1 });
  // The access token now gets 401; the refresh answers invalid_grant.
  const failure = await kit.made.core.auth.tokens.authorizedFetch(calendars()).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(SessionEndedError);
  expect((failure as Error).message).toBe(ENDED);
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_out',
    user: null,
    grantedScopes: [],
    notice: { kind: 'error', text: ENDED },
  });
  expect(kit.made.core.auth.tokens.current()).toBeNull();
  expect(saved()).toBeUndefined();

  const again = customSchemeCore(kit.sb, { dataDir: kit.made.dir });
  await again.core.start();
  expect(again.core.auth.status().state).toBe('signed_out');
  await again.cleanup();
});

it('signs out when its refresh token was used elsewhere (reuse detection)', async () => {
  const stolen = kit.made.core.auth.tokens.current()!.tokens.refreshToken!;
  const thief = await fetch(`${kit.sb.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stolen, client_id: 'frontdesk-desktop' }),
  });
  expect(thief.status).toBe(200);

  kit.bothAdvance((TTL_S + 1) * 1000);
  await expect(kit.made.core.auth.tokens.authorizedFetch(calendars())).rejects.toBeInstanceOf(SessionEndedError);
  expect(kit.made.core.auth.status()).toMatchObject({ state: 'signed_out', notice: { text: ENDED } });
  expect(saved()).toBeUndefined();
  const stats = await admin(kit.sb).stats();
  expect(stats.refreshReuseDetections).toBe(1);
  // The whole grant died with it: the thief's token too.
  const thiefTokens = (await thief.json()) as { access_token: string };
  const res = await fetch(`${kit.sb.url}/v1/userinfo`, {
    headers: { authorization: `Bearer ${thiefTokens.access_token}` },
  });
  expect(res.status).toBe(401);
});
