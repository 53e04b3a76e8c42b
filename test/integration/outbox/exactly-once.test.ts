/**
 * 500 mixed writes through the outbox against a sandbox that fails 15 % of requests before the handler and drops
 * the answer of another 15 % after applying them: every write ends applied exactly once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { drained, mintToken, openOutbox, tokenClient, useSandboxKit } from './helpers';
import { buildWorkload, enqueueAll, verifyExactlyOnce } from './workload';

const ACCOUNT = 'sandbox|owner';

describe('outbox exactly-once under faults', () => {
  const kit = useSandboxKit();
  const dir = tempDir('outbox-exactly-once-');

  afterAll(async () => {
    dir.cleanup();
  });

  it.each([11, 29])(
    'applies 500 writes exactly once with failRate 0.15 + resetAfterApply 0.15 (seed %i)',
    async (seed) => {
      await fetch(`${kit.url}/__sandbox/reset`, { method: 'POST' });
      const token = await mintToken(kit.url, 'owner@frontdesk.test');
      const started = Date.now();
      const workload = await buildWorkload(kit, `s${seed}`);
      const dataDir = join(dir.dir, String(seed));
      const outbox = await openOutbox({
        dataDir,
        service: tokenClient(kit.url, () => token),
        account: () => ACCOUNT,
        options: { doneRetentionMs: Infinity },
      });
      try {
        const views = await enqueueAll(outbox, workload.specs, ACCOUNT);
        expect(new Set(views.map((v) => v.id)).size).toBe(500);
        await kit.faults({ failRate: 0.15, resetRate: 0.15, resetAfterApply: true, seed });
        outbox.start();
        await drained(outbox, ACCOUNT);
        const ops = outbox.list(ACCOUNT);
        expect(ops.filter((o) => o.status === 'done')).toHaveLength(500);
        expect(ops.every((o) => o.result !== null && (o.kind === 'contact.delete' || o.result.id !== null))).toBe(true);
        const stats = await kit.stats();
        expect(stats.faultsInjected.fail).toBeGreaterThan(50);
        expect(stats.faultsInjected.resetAfterApply).toBeGreaterThan(50);
        expect(ops.filter((o) => o.result?.reconciled).length).toBeGreaterThan(10);
        await verifyExactlyOnce(kit, workload, started);
        const onDisk = readFileSync(join(dataDir, 'outbox', 'outbox.log'), 'latin1');
        for (const clear of ['Pat Outbox', 'Booker', '312-555', 'lakeside']) expect(onDisk).not.toContain(clear);
      } finally {
        await outbox.close();
      }
    },
  );
});
