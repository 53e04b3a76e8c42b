/**
 * When the service ends the session (the grant revoked), the account's offline copy stays, sealed, for its return:
 * only a sign-out wipes it. The same account signing back in finds its saved answers at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SessionEndedError } from '../../../main/core/auth/errors';
import type { Sandbox } from '../../sandbox/index';
import { admin, signInAs, type MadeCore } from '../../support/auth-fixture';
import { call, signedInCore, startContactsSandbox } from '../contacts/contacts-kit';

let sb: Sandbox;
let made: MadeCore;

beforeAll(async () => {
  sb = await startContactsSandbox();
  made = await signedInCore(sb, { readAhead: false });
});
afterAll(async () => {
  await made.cleanup();
  await sb.close();
});

it('keeps the offline copy when the session ends, and a sign-out still wipes it', async () => {
  const asked = await call(made, 'contacts:search', { query: '' });
  expect(asked.items.length).toBeGreaterThan(0);

  expect(await admin(sb).revokeGrants({ email: 'owner@frontdesk.test' })).toEqual({ revoked: 1 });
  const failure = await made.core.auth.tokens.authorizedFetch(`${sb.url}/v1/calendars`).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(SessionEndedError);
  expect(made.core.auth.status().state).toBe('signed_out');

  await signInAs(made, 'owner@frontdesk.test');
  const kept = await call(made, 'contacts:cached', { query: '' });
  expect(kept?.items.map((c) => c.key)).toEqual(asked.items.map((c) => c.key));

  await call(made, 'auth:sign-out');
  await signInAs(made, 'owner@frontdesk.test');
  expect(await call(made, 'contacts:cached', { query: '' })).toBeNull();
});
