/**
 * Queued work belongs to the account that made it: another account's queue is held (and counted) while it is not
 * the active one, and a rejected sign-in pauses sending without spending attempts until the user signs in again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import { drained, mintToken, openOutbox, tokenClient, useSandboxKit } from './helpers';

const kit = useSandboxKit();
const dir = tempDir('outbox-accounts-');

afterAll(async () => {
  dir.cleanup();
});

describe('outbox accounts', () => {
  it('holds account A while B is active and sends it, with A’s token, after switching back', async () => {
    const tokens = {
      A: await mintToken(kit.url, 'owner@frontdesk.test'),
      B: await mintToken(kit.url, 'staff@frontdesk.test'),
    };
    let active: 'A' | 'B' = 'B';
    const staffBook = (await kit.get('/v1/address_books', {}, 'staff')).body.address_books[0].id as number;
    const box = await openOutbox({
      dataDir: `${dir.dir}/switch`,
      service: tokenClient(kit.url, () => tokens[active]),
      account: () => active,
    });
    try {
      const held = await Promise.all(
        [1, 2, 3].map((i) =>
          box.enqueue('contact.create', { address_book_id: 2001, name: `Owner Patient${i}` }, { accountKey: 'A' }),
        ),
      );
      const mine = await box.enqueue('contact.create', { address_book_id: staffBook, name: 'Salon Client' });
      box.start();
      await drained(box, 'B');
      // The loop has looked at the queue again and has nothing in flight: A's work was left alone, not just late.
      box.wake('online');
      await box.settled();
      expect(box.counts()).toMatchObject({
        activeAccount: 'B',
        active: { queued: 0 },
        byAccount: { A: { queued: 3, sending: 0, needsAttention: 0 } },
      });
      expect(box.list('A').every((o) => o.attempts === 0 && o.firstSentAt === null)).toBe(true);
      expect((await kit.stats()).requests['POST /v1/contacts']).toEqual({ '200': 1 });
      expect((await kit.get('/v1/contact', { external_id: mine.payload.external_id as string }, 'staff')).status).toBe(
        200,
      );

      active = 'A';
      box.wake('account_changed');
      await drained(box, 'A');
      for (const op of held) {
        expect((await kit.get('/v1/contact', { external_id: op.id }, 'owner')).body.name).toBe(op.payload.name);
        expect((await kit.get('/v1/contact', { external_id: op.id }, 'staff')).status).toBe(404);
      }
    } finally {
      await box.close();
    }
  });

  it('pauses on a rejected token without spending attempts, and resumes on sign-in', async () => {
    let token = await mintToken(kit.url, 'owner@frontdesk.test');
    const box = await openOutbox({
      dataDir: `${dir.dir}/auth`,
      service: tokenClient(kit.url, () => token),
      account: () => 'A',
    });
    try {
      const revoked = await fetch(`${kit.url}/__sandbox/grants/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@frontdesk.test' }),
      });
      expect(revoked.status).toBe(200);
      const before = (await kit.stats()).requests['PUT /v1/contacts']?.['401'] ?? 0;
      const op = await box.enqueue('contact.update', {
        external_id: 'dentrix-nope',
        address_book_id: 2001,
        name: 'Paused Change',
      });
      box.start();
      const paused = await waitFor(() => (box.get(op.id)?.lastError?.kind === 'needs_auth' ? box.get(op.id) : null));
      expect(paused).toMatchObject({ status: 'queued', attempts: 0 });
      box.retryNow();
      await box.settled();
      box.wake('online');
      await box.settled();
      // retry_now clears the pause once (one more 401); "online" alone does not.
      expect((await kit.stats()).requests['PUT /v1/contacts']['401'] - before).toBe(2);
      token = await mintToken(kit.url, 'owner@frontdesk.test');
      box.wake('signed_in');
      await drained(box, 'A');
      expect(box.get(op.id)).toMatchObject({ status: 'done', attempts: 0 });
    } finally {
      await box.close();
    }
  });
});
