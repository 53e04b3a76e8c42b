/**
 * Crash safety: a child process drains 500 queued writes against a faulty sandbox and is killed with SIGKILL 20 times,
 * restarted each time. Each kill is aimed at an observed state, not a time: the child reports every op it durably
 * marks as being sent, and the parent kills it on the k-th such report (k random, 1–12), so a request is under way
 * (or just answered and not yet recorded) when the kill lands, by construction. At the end every write is applied
 * exactly once and the log says done.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { killRepeatedly, live, prng, startChild } from './kill-child';
import { mintToken, openOutbox, tokenClient, useSandboxKit } from './helpers';
import { buildWorkload, enqueueAll, verifyExactlyOnce } from './workload';

const ACCOUNT = 'sandbox|owner';
const KILLS = 20;

describe('outbox survives kill -9', () => {
  const kit = useSandboxKit();
  const dir = tempDir('outbox-kill9-');

  afterAll(async () => {
    for (const kill of live) kill();
    dir.cleanup();
  });

  it(
    'drains 500 writes exactly once across 20 SIGKILLs, each while an op is being sent',
    { timeout: 300_000 },
    async () => {
      const token = await mintToken(kit.url, 'owner@frontdesk.test');
      const started = Date.now();
      const workload = await buildWorkload(kit, 'k9');
      const options = { baseDelayMs: 5, maxDelayMs: 100, compactMinRecords: 300, compactFactor: 1.2, concurrency: 4 };
      const parent = await openOutbox({
        dataDir: dir.dir,
        service: tokenClient(kit.url, () => token),
        account: () => ACCOUNT,
        options,
      });
      await enqueueAll(parent, workload.specs, ACCOUNT);
      await parent.close();
      await kit.faults({ failRate: 0.1, resetRate: 0.1, resetAfterApply: true, latencyMs: 5, seed: 5 });

      const config = { dataDir: dir.dir, url: kit.url, token, account: ACCOUNT, options };
      const { interrupted, remainingAtStart } = await killRepeatedly(config, prng(9), KILLS);
      // Every kill landed while an op was being sent: at most 12 reports per life × 20 lives < 500 ops, so work
      // always remains; this holds on a slow machine as on a fast one.
      expect(interrupted.filter((id) => id === null)).toEqual([]);
      expect(
        remainingAtStart.every((n) => n !== null && n > 0),
        remainingAtStart.join(','),
      ).toBe(true);
      const last = startChild(config);
      const final = await last.exited;
      expect(final.code, final.err + final.out).toBe(0);
      expect(final.out).toContain('drained');

      const check = await openOutbox({
        dataDir: dir.dir,
        service: tokenClient(kit.url, () => token),
        account: () => null,
        options: { ...options, doneRetentionMs: Infinity },
      });
      try {
        const ops = check.list(ACCOUNT);
        expect(ops).toHaveLength(500);
        expect(ops.filter((o) => o.status !== 'done')).toEqual([]);
      } finally {
        await check.close();
      }
      // A write answered just before a kill, but not yet marked done, is sent again on restart: creates and
      // bookings are reconciled (never twice); idempotent updates and marks may repeat, at most once per op in flight.
      await verifyExactlyOnce(kit, workload, started, KILLS * options.concurrency);
    },
  );
});
