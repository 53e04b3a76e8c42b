/** A sign-in attempt lives ten minutes at most, whether its timer fires or the machine slept past it. */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ATTEMPT_TTL_MS } from '../../../main/core/auth/sign-in-flow';
import type { Sandbox } from '../../sandbox/index';
import { admin, browserAnswer, customSchemeCore, loopbackCore, startAuthSandbox, startSignIn, type MadeCore } from '../../support/auth-fixture';
import { fakeClock, type FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';

let sb: Sandbox;
let made: MadeCore;
let clock: FakeClock;

beforeAll(async () => {
  sb = await startAuthSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin(sb).reset();
  clock = fakeClock();
});
afterEach(() => made.cleanup());

const TOO_LONG = 'The sign-in took too long. Please start again.';

it('refuses a redirect that arrives after ten minutes even when the timer was late (sleep)', async () => {
  made = customSchemeCore(sb, { clock });
  await made.core.start();
  const { location } = await browserAnswer(made, { email: 'owner@frontdesk.test' });
  clock.advance(ATTEMPT_TTL_MS, { fireTimers: false });
  expect(made.core.auth.status().state).toBe('signing_in');

  const outcome = await made.core.auth.handleRedirect(location);
  expect(outcome).toEqual({ ok: false, message: TOO_LONG });
  expect(made.core.auth.status()).toMatchObject({ state: 'signed_out', signIn: null, notice: { kind: 'error', text: TOO_LONG } });
  expect(await admin(sb).tokenRequests()).toBe(0);
  expect((await made.core.auth.handleRedirect(location)).message).toContain('No sign-in is waiting');
});

it('accepts a redirect just before the deadline', async () => {
  made = customSchemeCore(sb, { clock });
  await made.core.start();
  const { location } = await browserAnswer(made, { email: 'owner@frontdesk.test' });
  const { expiresAt } = made.core.auth.status().signIn!;
  clock.advance(expiresAt - clock.now() - 1000, { fireTimers: false });
  expect((await made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('ends the attempt when its timer fires, closing the loopback listener', async () => {
  made = loopbackCore(sb, { clock });
  await made.core.start();
  const url = await startSignIn(made);
  const redirect = new URL(url).searchParams.get('redirect_uri')!;
  const { signIn } = made.core.auth.status();
  expect(signIn!.expiresAt - signIn!.startedAt).toBe(10 * 60_000);

  clock.advance(ATTEMPT_TTL_MS - 1000);
  expect(made.core.auth.status().state).toBe('signing_in');
  clock.advance(1000);
  await waitFor(() => made.core.auth.status().state === 'signed_out', { what: 'the attempt to end' });
  expect(made.core.auth.status().notice).toEqual({ kind: 'error', text: TOO_LONG });
  await waitFor(
    () => fetch(redirect).then(
      async (r) => (await r.body?.cancel(), false),
      () => true,
    ),
    { what: 'the loopback listener to close' },
  );
});
