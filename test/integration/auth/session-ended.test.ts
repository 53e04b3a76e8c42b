/**
 * When the service ends the session (the grant revoked), the account's offline copy stays, sealed, for its return:
 * only a sign-out wipes it. The same account signing back in finds its saved answers at once.
 */
import { expect, it } from 'vitest';
import { SessionEndedError } from '../../../main/core/auth/errors';
import { signInAs } from '../../support/auth-fixture';
import { call, useBootstrap } from '../../support/bootstrap';

// Reads a raw route's answer once, so even under SANDBOX_VARY the service answers it (not a proxy's 502 page).
const kit = useBootstrap({ sandbox: { contacts: 300, events: 5, vary: false }, readAhead: false });

it('keeps the offline copy when the session ends, and a sign-out still wipes it', async () => {
  const asked = await call(kit.made, 'contacts:search', { query: '' });
  expect(asked.items.length).toBeGreaterThan(0);

  expect(await kit.admin().revokeGrants({ email: 'owner@frontdesk.test' })).toEqual({ revoked: 1 });
  const failure = await kit.made.core.auth.tokens
    .authorizedFetch(`${kit.sb.url}/v1/calendars`)
    .catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(SessionEndedError);
  expect(kit.made.core.auth.status().state).toBe('signed_out');

  await signInAs(kit.made, 'owner@frontdesk.test');
  // The saved answer, if any, comes first when asked so.
  const kept = await call(kit.made, 'contacts:search', { query: '', savedFirst: true });
  expect(kept.source).toBe('cache');
  expect(kept.items.map((c) => c.key)).toEqual(asked.items.map((c) => c.key));

  await call(kit.made, 'auth:sign-out');
  await signInAs(kit.made, 'owner@frontdesk.test');
  expect((await call(kit.made, 'contacts:search', { query: '', savedFirst: true })).source, 'nothing saved').toBe(
    'service',
  );
});
