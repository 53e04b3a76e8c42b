/** Refresh: proactive before expiry, reactive on a 401, single-flight under load, rotation persisted. */
import { expect, it } from 'vitest';
import { admin, customSchemeCore, useAuthKit } from '../../support/auth-fixture';

const TTL_S = 60;
/** The service's clock (`kit.service`) and the workstation's (`kit.desk`), moved together or apart. */
// The spec's token answers (expires_in, rotation), even under SANDBOX_VARY: auth/vary-tokens.test.ts has the others.
const kit = useAuthKit({
  sandbox: { accessTtlS: TTL_S, vary: false },
  serviceClock: true,
  deskClock: true,
  core: 'custom-scheme',
  signedInAs: 'owner@frontdesk.test',
  readAhead: false,
});

const userinfo = () => `${kit.sb.url}/v1/userinfo`;
/** A scoped route the connectivity probe never calls, so its 401s are ours. */
const calendars = () => `${kit.sb.url}/v1/calendars`;

it('uses the token as is while it is fresh, and refreshes once it is due', async () => {
  const before = kit.made.core.auth.tokens.current()!.tokens;
  expect((await kit.made.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
  kit.bothAdvance(20_000);
  expect((await kit.made.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
  expect((await admin(kit.sb).stats()).tokenGrants.refresh_token).toBe(0);

  kit.bothAdvance((TTL_S + 1) * 1000 - 20_000);
  const res = await kit.made.core.auth.tokens.authorizedFetch(userinfo());
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ user: { email: 'owner@frontdesk.test' } });
  const after = kit.made.core.auth.tokens.current()!.tokens;
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.scopes).toEqual(before.scopes);
  const stats = await admin(kit.sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect((await kit.made.core.auth.tokens.authorizedFetch(calendars())).status).toBe(200);
  expect((await admin(kit.sb).stats()).requests['GET /v1/calendars']).toEqual({ 200: 1 });
});

it('refreshes and retries once when the service says 401 before the token looks expired', async () => {
  kit.service.advance((TTL_S + 1) * 1000); // the service's clock runs ahead of the desk's
  const res = await kit.made.core.auth.tokens.authorizedFetch(calendars(), { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  const stats = await admin(kit.sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 1, 401: 1 });
});

/** 100 concurrent calls to calendars: all answered 200 after exactly one refresh (no reuse); the stats after them. */
async function hundredCallsOneRefresh() {
  const responses = await Promise.all(
    Array.from({ length: 100 }, () => kit.made.core.auth.tokens.authorizedFetch(calendars())),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
  await Promise.all(responses.map((r) => r.body?.cancel()));
  const stats = await admin(kit.sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect(stats.refreshReuseDetections).toBe(0);
  return stats;
}

it('sends one refresh for 100 concurrent calls with an expired token', async () => {
  kit.bothAdvance((TTL_S + 1) * 1000);
  const stats = await hundredCallsOneRefresh();
  expect(stats.grantsRevoked).toBe(0);
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 100 });
});

it('sends one refresh for 100 concurrent calls that all get a 401', async () => {
  kit.service.advance((TTL_S + 1) * 1000);
  const stats = await hundredCallsOneRefresh();
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 100, 401: 100 });
});

it('persists the rotated tokens: a restarted app uses them and can refresh again', async () => {
  kit.bothAdvance((TTL_S + 1) * 1000);
  await kit.made.core.auth.tokens.authorizedFetch(userinfo());
  const rotated = kit.made.core.auth.tokens.current()!.tokens;
  await kit.made.core.stop();

  const again = customSchemeCore(kit.sb, { clock: kit.desk, dataDir: kit.made.dir });
  try {
    await again.core.start();
    expect(again.core.auth.status()).toMatchObject({ state: 'signed_in', user: { email: 'owner@frontdesk.test' } });
    expect(again.core.auth.tokens.current()!.tokens).toEqual(rotated);
    expect((await again.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);

    // A second rotation works only if the saved refresh token is the live one (else: reuse detected).
    kit.bothAdvance((TTL_S + 1) * 1000);
    expect((await again.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
    const stats = await admin(kit.sb).stats();
    expect(stats.tokenGrants.refresh_token).toBe(2);
    expect(stats.refreshReuseDetections).toBe(0);
  } finally {
    await again.cleanup();
  }
});
