/**
 * Quitting never waits for a slow answer nobody will see: core's stop ends the reads in flight (the read-ahead's,
 * which it would otherwise wait out, up to the request timeout) and sends no new one; a write in flight is let
 * finish, since its answer says whether it landed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { admin, customSchemeCore, signInAs, type MadeCore } from '../../support/auth-fixture';
import { callRaw } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';

const opened: { sb?: Sandbox; made?: MadeCore } = {};

afterEach(async () => {
  await opened.made?.cleanup();
  await opened.sb?.close();
  if (opened.sb) assertContractKept(opened.sb.fields);
  delete opened.made;
  delete opened.sb;
});

describe('core stop', () => {
  it('ends the read-ahead’s read held by a slow service instead of waiting for its answer', async () => {
    const sb = (opened.sb = await startSandbox({ port: 0, seed: 1, fields: 'strict' }));
    // The address books answer a minute late. Their read gives up after a few seconds here (the request timeout, 15 s
    // in the app): a stop that waits it out ends then, and its reads go on, which the counts below show.
    await admin(sb).faults({ latencyMs: 60_000, routes: ['/v1/address_books'], methods: ['GET'] });
    const made = (opened.made = customSchemeCore(sb, {
      prefetch: { retryBaseMs: 50, retryCapMs: 200 },
      platform: (p) => ({
        ...p,
        fetch: (input: string | URL | Request, init?: RequestInit) =>
          String(input).includes('/v1/address_books')
            ? p.fetch(input, { ...init, signal: AbortSignal.any([init!.signal!, AbortSignal.timeout(3_000)]) })
            : p.fetch(input, init),
      }),
    }));
    await made.core.start();
    await signInAs(made, 'owner@frontdesk.test');
    await waitFor(async () => (await admin(sb).stats()).faultsInjected.latency > 0 || null, {
      what: 'the read-ahead to ask for the address books',
      timeoutMs: 10_000,
    });

    await made.core.stop();
    const run = made.core.prefetch.lastRun();
    expect(run?.failed ?? []).toContain('address books');
    // Stopped, it sends no read: the service's counts do not move.
    const before = JSON.stringify((await admin(sb).stats()).requests);
    await callRaw(made, 'calendar:calendars');
    expect(JSON.stringify((await admin(sb).stats()).requests)).toBe(before);
  });
});
