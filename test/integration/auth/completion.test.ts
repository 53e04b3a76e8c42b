/** When the service cannot finish a sign-in the browser approved: the attempt ends, nothing is kept, the user is told. */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import { admin, browserAnswer, customSchemeCore, startAuthSandbox, type MadeCore } from '../../support/auth-fixture';
import { fakeClock, type FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';

let sb: Sandbox;
let made: MadeCore;
let service: FakeClock;

beforeAll(async () => {
  service = fakeClock();
  sb = await startAuthSandbox({ codeTtlS: 60, now: () => service.date() });
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin(sb).reset();
  service = fakeClock();
  made = customSchemeCore(sb);
  await made.core.start();
});
afterEach(() => made.cleanup());

async function expectEndedWith(text: string) {
  expect(made.core.auth.status()).toMatchObject({ state: 'signed_out', user: null, signIn: null, notice: { kind: 'error', text } });
  expect(made.core.auth.tokens.current()).toBeNull();
  expect(made.platform.settings.get('vault.session')).toBeUndefined();
}

it('tells the user to try again when the token endpoint cannot be reached', async () => {
  const { location } = await browserAnswer(made, { email: 'owner@frontdesk.test' });
  await admin(sb).faults({ offline: true, routes: ['/oauth/token'] });
  const text = 'Could not reach the service to finish signing in. Please try again.';
  expect(await made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  expect((await admin(sb).stats()).faultsInjected.offline).toBe(1);
});

it('tells the user to start again when the code has expired at the service', async () => {
  const { location } = await browserAnswer(made, { email: 'owner@frontdesk.test' });
  service.advance(61_000);
  const text = 'The service did not accept the sign-in (invalid_grant). Please start again.';
  expect(await made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  expect((await admin(sb).stats()).tokenGrants.authorization_code).toBe(0);
});

it('does not sign in, and gives the grant back, when the account cannot be read', async () => {
  const { location } = await browserAnswer(made, { email: 'owner@frontdesk.test' });
  await admin(sb).faults({ failRate: 1, failStatus: [503], routes: ['/v1/userinfo'] });
  const text = 'Frontdesk could not read your account details from the service. Please try again.';
  expect(await made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  await waitFor(async () => (await admin(sb).stats()).revocations === 1, { what: 'the unused grant to be revoked' });
  const grants = (await (await fetch(`${sb.url}/__sandbox/grants`)).json()) as { grants: { revoked: boolean }[] };
  expect(grants.grants.map((g) => g.revoked)).toEqual([true]);
});
