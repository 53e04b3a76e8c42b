/** Refresh: proactive before expiry, reactive on a 401, single-flight under load, rotation persisted. */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { admin, customSchemeCore, signInAs, startAuthSandbox, type MadeCore } from '../../support/auth-fixture';
import { fakeClock, type FakeClock } from '../../support/fake-clock';

const TTL_S = 60;
let sb: Sandbox;
let made: MadeCore;
/** The service's clock and the workstation's, moved together or apart. */
let service: FakeClock;
let desk: FakeClock;

beforeAll(async () => {
  service = fakeClock();
  sb = await startAuthSandbox({ accessTtlS: TTL_S, now: () => service.date() });
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin(sb).reset();
  service = fakeClock();
  desk = fakeClock();
  made = customSchemeCore(sb, { clock: desk });
  await made.core.start();
  await signInAs(made, 'owner@frontdesk.test');
});
afterEach(() => made.cleanup());

const userinfo = () => `${sb.url}/v1/userinfo`;
/** A scoped route the connectivity probe never calls, so its 401s are ours. */
const calendars = () => `${sb.url}/v1/calendars`;
const bothAdvance = (ms: number) => {
  service.advance(ms);
  desk.advance(ms);
};

it('uses the token as is while it is fresh, and refreshes once it is due', async () => {
  const before = made.core.auth.tokens.current()!.tokens;
  expect((await made.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
  bothAdvance(20_000);
  expect((await made.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
  expect((await admin(sb).stats()).tokenGrants.refresh_token).toBe(0);

  bothAdvance((TTL_S + 1) * 1000 - 20_000);
  const res = await made.core.auth.tokens.authorizedFetch(userinfo());
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ user: { email: 'owner@frontdesk.test' } });
  const after = made.core.auth.tokens.current()!.tokens;
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.scopes).toEqual(before.scopes);
  const stats = await admin(sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect((await made.core.auth.tokens.authorizedFetch(calendars())).status).toBe(200);
  expect((await admin(sb).stats()).requests['GET /v1/calendars']).toEqual({ 200: 1 });
});

it('refreshes and retries once when the service says 401 before the token looks expired', async () => {
  service.advance((TTL_S + 1) * 1000); // the service's clock runs ahead of the desk's
  const res = await made.core.auth.tokens.authorizedFetch(calendars(), { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  const stats = await admin(sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 1, 401: 1 });
});

it('sends one refresh for 100 concurrent calls with an expired token', async () => {
  bothAdvance((TTL_S + 1) * 1000);
  const responses = await Promise.all(Array.from({ length: 100 }, () => made.core.auth.tokens.authorizedFetch(calendars())));
  expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
  await Promise.all(responses.map((r) => r.body?.cancel()));
  const stats = await admin(sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect(stats.refreshReuseDetections).toBe(0);
  expect(stats.grantsRevoked).toBe(0);
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 100 });
});

it('sends one refresh for 100 concurrent calls that all get a 401', async () => {
  service.advance((TTL_S + 1) * 1000);
  const responses = await Promise.all(Array.from({ length: 100 }, () => made.core.auth.tokens.authorizedFetch(calendars())));
  expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
  await Promise.all(responses.map((r) => r.body?.cancel()));
  const stats = await admin(sb).stats();
  expect(stats.tokenGrants.refresh_token).toBe(1);
  expect(stats.refreshReuseDetections).toBe(0);
  expect(stats.requests['GET /v1/calendars']).toEqual({ 200: 100, 401: 100 });
});

it('persists the rotated tokens: a restarted app uses them and can refresh again', async () => {
  bothAdvance((TTL_S + 1) * 1000);
  await made.core.auth.tokens.authorizedFetch(userinfo());
  const rotated = made.core.auth.tokens.current()!.tokens;
  await made.core.stop();

  const again = customSchemeCore(sb, { clock: desk, dataDir: made.dir });
  try {
    await again.core.start();
    expect(again.core.auth.status()).toMatchObject({ state: 'signed_in', user: { email: 'owner@frontdesk.test' } });
    expect(again.core.auth.tokens.current()!.tokens).toEqual(rotated);
    expect((await again.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);

    // A second rotation works only if the saved refresh token is the live one (else: reuse detected).
    bothAdvance((TTL_S + 1) * 1000);
    expect((await again.core.auth.tokens.authorizedFetch(userinfo())).status).toBe(200);
    const stats = await admin(sb).stats();
    expect(stats.tokenGrants.refresh_token).toBe(2);
    expect(stats.refreshReuseDetections).toBe(0);
  } finally {
    await again.cleanup();
  }
});
