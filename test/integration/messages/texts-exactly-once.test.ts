/**
 * A text is billed and reaches a phone: every one is sent exactly once. Replies and new threads go through the outbox
 * against a sandbox that fails requests and drops answers after applying them (`resetAfterApply`), and through a
 * drain that is SIGKILLed again and again while texts are being sent. The sandbox's `messagesRecorded` must equal the
 * texts intended, and each text must be in its thread once.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../main/core/outbox';
import { tempDir } from '../../support/core-fixture';
import {
  drained,
  mintToken,
  openOutbox,
  tokenClient,
  useSandboxKit,
  type Json,
  type SandboxKit,
} from '../outbox/helpers';
import { killRepeatedly, live, prng, startChild } from '../outbox/kill-child';

const ACCOUNT = 'sandbox|owner';

interface Texts {
  replies: { conversation_id: number; content: string }[];
  starts: { phone_number: string; name: string; content: string }[];
}

/** Replies spread over the seeded threads, and new threads to numbers no one texted yet (none opted out). */
async function textsFor(kit: SandboxKit, run: string, replies: number, starts: number): Promise<Texts> {
  const threads = await kit.allPages('/v1/conversations', 'conversations');
  expect(threads.length).toBeGreaterThan(3);
  return {
    replies: Array.from({ length: replies }, (_, i) => ({
      conversation_id: threads[i % threads.length].id as number,
      content: `${run} reply ${i}: your room is ready`,
    })),
    starts: Array.from({ length: starts }, (_, i) => ({
      phone_number: `+1312556${String(1000 + i + (run.length % 7) * 300).padStart(4, '0')}`,
      name: `Patient ${run} ${i}`,
      content: `${run} start ${i}: please call us back`,
    })),
  };
}

async function enqueueTexts(outbox: Outbox, texts: Texts): Promise<void> {
  for (const r of texts.replies) await outbox.enqueue('message.reply', r, { accountKey: ACCOUNT });
  for (const s of texts.starts) await outbox.enqueue('message.start', s, { accountKey: ACCOUNT });
}

/** Each text is in its thread exactly once (outbound), and the sandbox recorded exactly that many. */
async function verifyOnce(kit: SandboxKit, texts: Texts, recordedBefore: number): Promise<void> {
  const recorded = (await kit.stats()).messagesRecorded as number;
  const byThread = new Map<number, Json[]>();
  for (const r of texts.replies) {
    if (!byThread.has(r.conversation_id))
      byThread.set(
        r.conversation_id,
        await kit.allPages('/v1/conversation_messages', 'messages', { conversation_id: r.conversation_id }),
      );
  }
  const counts: Record<string, number> = {};
  for (const r of texts.replies) {
    counts[r.content] = byThread
      .get(r.conversation_id)!
      .filter((m: Json) => m.direction === 'outbound' && m.content === r.content).length;
  }
  for (const s of texts.starts) {
    const threads = await kit.allPages('/v1/conversations', 'conversations', { phone_number: s.phone_number });
    let n = 0;
    for (const t of threads) {
      const messages = await kit.allPages('/v1/conversation_messages', 'messages', { conversation_id: t.id });
      n += messages.filter((m: Json) => m.direction === 'outbound' && m.content === s.content).length;
    }
    counts[s.content] = n;
  }
  expect(Object.entries(counts).filter(([, n]) => n !== 1)).toEqual([]);
  expect(recorded - recordedBefore).toBe(texts.replies.length + texts.starts.length);
}

describe('texts are sent exactly once', () => {
  const kit = useSandboxKit({ contacts: 40, events: 80 });
  const dir = tempDir('texts-once-');

  afterAll(async () => {
    for (const kill of live) kill();
    dir.cleanup();
  });

  it.each([3, 17])(
    'sends 160 texts once each with failRate 0.1 + resetAfterApply 0.3 (seed %i)',
    { timeout: 120_000 },
    async (seed) => {
      await fetch(`${kit.url}/__sandbox/reset`, { method: 'POST' });
      const token = await mintToken(kit.url, 'owner@frontdesk.test');
      const texts = await textsFor(kit, `f${seed}`, 120, 40);
      const outbox = await openOutbox({
        dataDir: join(dir.dir, `faults-${seed}`),
        service: tokenClient(kit.url, () => token),
        account: () => ACCOUNT,
        options: { doneRetentionMs: Infinity },
      });
      try {
        await enqueueTexts(outbox, texts);
        const before = (await kit.stats()).messagesRecorded as number;
        await kit.faults({ failRate: 0.1, resetRate: 0.3, resetAfterApply: true, seed });
        outbox.start();
        await drained(outbox, ACCOUNT);
        await kit.faults(null);
        const ops = outbox.list(ACCOUNT);
        expect(ops.filter((o) => o.status === 'done')).toHaveLength(160);
        await verifyOnce(kit, texts, before);
        // Lost answers happened, and the lookup found those texts instead of sending them again.
        expect((await kit.stats()).faultsInjected.resetAfterApply).toBeGreaterThan(20);
        expect(ops.filter((o) => o.result?.reconciled).length).toBeGreaterThan(10);
      } finally {
        await outbox.close();
      }
    },
  );

  it(
    'sends 150 texts once each across 10 SIGKILLs, each while a text is being sent',
    { timeout: 300_000 },
    async () => {
      await fetch(`${kit.url}/__sandbox/reset`, { method: 'POST' });
      const token = await mintToken(kit.url, 'owner@frontdesk.test');
      const texts = await textsFor(kit, 'k9', 110, 40);
      const dataDir = join(dir.dir, 'kill9');
      const options = { baseDelayMs: 5, maxDelayMs: 100, concurrency: 4 };
      const parent = await openOutbox({
        dataDir,
        service: tokenClient(kit.url, () => token),
        account: () => ACCOUNT,
        options,
      });
      await enqueueTexts(parent, texts);
      await parent.close();
      const before = (await kit.stats()).messagesRecorded as number;
      await kit.faults({ failRate: 0.05, resetRate: 0.15, resetAfterApply: true, latencyMs: 5, seed: 8 });

      const config = { dataDir, url: kit.url, token, account: ACCOUNT, options };
      const { interrupted } = await killRepeatedly(config, prng(4), 10);
      expect(interrupted.filter((id) => id === null)).toEqual([]);
      const last = startChild(config);
      const final = await last.exited;
      expect(final.code, final.err + final.out).toBe(0);
      expect(final.out).toContain('drained');
      await kit.faults(null);

      const check = await openOutbox({
        dataDir,
        service: tokenClient(kit.url, () => token),
        account: () => null,
        options: { ...options, doneRetentionMs: Infinity },
      });
      try {
        const ops = check.list(ACCOUNT);
        expect(ops).toHaveLength(150);
        expect(ops.filter((o) => o.status !== 'done')).toEqual([]);
      } finally {
        await check.close();
      }
      await verifyOnce(kit, texts, before);
    },
  );
});
