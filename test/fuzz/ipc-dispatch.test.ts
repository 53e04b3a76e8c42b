/**
 * Any value on any channel, from a signed-in renderer: the answer is always a Result value with a
 * known error code or a value — never a throw, never a crash, never a secret.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invokeChannelNames } from '../../common/contract';
import { useAuthKit } from '../support/auth-fixture';

const CODES = new Set([
  'validation',
  'forbidden_sender',
  'unknown_channel',
  'offline',
  'signed_out',
  'insufficient_scope',
  'service_error',
  'internal',
]);
const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };

describe('IPC dispatch under arbitrary input', () => {
  const kit = useAuthKit({ core: 'custom-scheme', signedInAs: 'owner@frontdesk.test', per: 'file' });

  it('answers every channel with a Result, whatever the args', async () => {
    const secret = kit.made.core.auth.tokens.current()!.tokens.accessToken;
    // Sign-out is left out so the other channels are exercised signed in (it has its own tests).
    const channel = fc.constantFrom(
      ...invokeChannelNames.filter((c) => c !== 'auth:sign-out'),
      'app:nope',
      '__proto__',
      'constructor',
    );
    const args = fc.oneof(
      fc.constant(undefined),
      fc.anything({ maxDepth: 3 }),
      fc.record(
        { id: fc.string(), query: fc.string(), page: fc.string(), begin: fc.string(), end: fc.string() },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(channel, args, async (c, a) => {
        const result = await kit.made.core.dispatch(c, a, trusted);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) {
          expect(CODES.has(result.error.code), result.error.code).toBe(true);
          expect(result.error.code).not.toBe('internal');
        }
        expect(JSON.stringify(result)).not.toContain(secret);
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });
});
