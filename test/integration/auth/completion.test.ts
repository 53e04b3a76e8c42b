/** When the service cannot finish a sign-in the browser approved: the attempt ends, nothing is kept, the user is told. */
import { expect, it } from 'vitest';
import { admin, browserAnswer, useAuthKit } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useAuthKit({ sandbox: { codeTtlS: 60 }, serviceClock: true, core: 'custom-scheme' });

async function expectEndedWith(text: string) {
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_out',
    user: null,
    signIn: null,
    notice: { kind: 'error', text },
  });
  expect(kit.made.core.auth.tokens.current()).toBeNull();
  expect(kit.made.platform.settings.get('vault.session')).toBeUndefined();
}

it('tells the user to try again when the token endpoint cannot be reached', async () => {
  const { location } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  await admin(kit.sb).faults({ offline: true, routes: ['/oauth/token'] });
  const text = 'Could not reach the service to finish signing in. Please try again.';
  expect(await kit.made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  expect((await admin(kit.sb).stats()).faultsInjected.offline).toBe(1);
});

it('tells the user to start again when the code has expired at the service', async () => {
  const { location } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  kit.service.advance(61_000);
  const text = 'The service did not accept the sign-in (invalid_grant). Please start again.';
  expect(await kit.made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  expect((await admin(kit.sb).stats()).tokenGrants.authorization_code).toBe(0);
});

it('does not sign in, and gives the grant back, when the account cannot be read', async () => {
  const { location } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  await admin(kit.sb).faults({ failRate: 1, failStatus: [503], routes: ['/v1/userinfo'] });
  const text = 'Frontdesk could not read your account details from the service. Please try again.';
  expect(await kit.made.core.auth.handleRedirect(location)).toEqual({ ok: false, message: text });
  await expectEndedWith(text);
  await waitFor(async () => (await admin(kit.sb).stats()).revocations === 1, {
    what: 'the unused grant to be revoked',
  });
  const grants = (await (await fetch(`${kit.sb.url}/__sandbox/grants`)).json()) as { grants: { revoked: boolean }[] };
  expect(grants.grants.map((g) => g.revoked)).toEqual([true]);
});
