/** A sign-in attempt lives ten minutes at most, whether its timer fires or the machine slept past it. */
import { expect, it } from 'vitest';
import { ATTEMPT_TTL_MS } from '../../../main/core/auth/sign-in-flow';
import {
  admin,
  browserAnswer,
  customSchemeCore,
  loopbackCore,
  startSignIn,
  useAuthKit,
} from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const kit = useAuthKit({ deskClock: true });

const TOO_LONG = 'The sign-in took too long. Please start again.';

it('refuses a redirect that arrives after ten minutes even when the timer was late (sleep)', async () => {
  kit.adopt(customSchemeCore(kit.sb, { clock: kit.desk }));
  await kit.made.core.start();
  const { location } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  kit.desk.advance(ATTEMPT_TTL_MS, { fireTimers: false });
  expect(kit.made.core.auth.status().state).toBe('signing_in');

  const outcome = await kit.made.core.auth.handleRedirect(location);
  expect(outcome).toEqual({ ok: false, message: TOO_LONG });
  expect(kit.made.core.auth.status()).toMatchObject({
    state: 'signed_out',
    signIn: null,
    notice: { kind: 'error', text: TOO_LONG },
  });
  expect(await admin(kit.sb).tokenRequests()).toBe(0);
  expect((await kit.made.core.auth.handleRedirect(location)).message).toContain('No sign-in is waiting');
});

it('accepts a redirect just before the deadline', async () => {
  kit.adopt(customSchemeCore(kit.sb, { clock: kit.desk }));
  await kit.made.core.start();
  const { location } = await browserAnswer(kit.made, { email: 'owner@frontdesk.test' });
  const { expiresAt } = kit.made.core.auth.status().signIn!;
  kit.desk.advance(expiresAt - kit.desk.now() - 1000, { fireTimers: false });
  expect((await kit.made.core.auth.handleRedirect(location)).ok).toBe(true);
});

it('ends the attempt when its timer fires, closing the loopback listener', async () => {
  kit.adopt(loopbackCore(kit.sb, { clock: kit.desk }));
  await kit.made.core.start();
  const url = await startSignIn(kit.made);
  const redirect = new URL(url).searchParams.get('redirect_uri')!;
  const { signIn } = kit.made.core.auth.status();
  expect(signIn!.expiresAt - signIn!.startedAt).toBe(10 * 60_000);

  kit.desk.advance(ATTEMPT_TTL_MS - 1000);
  expect(kit.made.core.auth.status().state).toBe('signing_in');
  kit.desk.advance(1000);
  await waitFor(() => kit.made.core.auth.status().state === 'signed_out', { what: 'the attempt to end' });
  expect(kit.made.core.auth.status().notice).toEqual({ kind: 'error', text: TOO_LONG });
  await waitFor(
    () =>
      fetch(redirect).then(
        async (r) => (await r.body?.cancel(), false),
        () => true,
      ),
    { what: 'the loopback listener to close' },
  );
});
