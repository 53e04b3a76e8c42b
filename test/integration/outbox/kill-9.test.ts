/**
 * Crash safety: a child process drains 500 queued writes against a faulty sandbox and is killed with SIGKILL 20 times,
 * restarted each time. Each kill is aimed at an observed state, not a time: the child reports every op it durably
 * marks as being sent, and the parent kills it on the k-th such report (k random, 1–12), so a request is under way
 * (or just answered and not yet recorded) when the kill lands, by construction. At the end every write is applied
 * exactly once and the log says done.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/core-fixture';
import { mintToken, openOutbox, startKit, tokenClient, type SandboxKit } from './helpers';
import { buildWorkload, enqueueAll, verifyExactlyOnce } from './workload';

const ACCOUNT = 'sandbox|owner';
const CHILD = join(__dirname, 'drain-child.ts');
const KILLS = 20;

interface Child {
  /** Unfinished ops when the child began sending, or null if it died before. */
  started: Promise<number | null>;
  /** Resolves with the op id when the child reports its n-th "sending" (null if it exited first). */
  sendingReported(n: number): Promise<string | null>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
  kill(): void;
}

/** Children still running (killed in afterAll if a failure left one behind). */
const live = new Set<() => void>();

/** Starts the child with the cheapest runner that works (node + tsx's loader, no npx). */
function startChild(config: unknown): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(config)], {
    cwd: join(__dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let onStart: (remaining: number | null) => void = () => undefined;
  const started = new Promise<number | null>((resolve) => (onStart = resolve));
  const sending: string[] = [];
  const waiters: Array<{ n: number; resolve: (id: string | null) => void }> = [];
  let partial = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^started (\d+)$/.exec(line);
      if (m) onStart(Number(m[1]));
      const s = /^sending (\S+)$/.exec(line);
      if (s?.[1]) sending.push(s[1]);
    }
    for (const w of waiters.splice(0)) {
      const id = sending[w.n - 1];
      if (id) w.resolve(id);
      else waiters.push(w);
    }
  });
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const kill = () => proc.kill('SIGKILL');
  live.add(kill);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve) =>
      proc.on('exit', (code, signal) => {
        live.delete(kill);
        onStart(null);
        for (const w of waiters.splice(0)) w.resolve(null);
        resolve({ code, signal, out, err });
      }),
  );
  const sendingReported = (n: number) =>
    new Promise<string | null>((resolve) => {
      const id = sending[n - 1];
      if (id) resolve(id);
      else waiters.push({ n, resolve });
    });
  return { started, sendingReported, exited, kill };
}

/** Deterministic delays (mulberry32) so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts the child KILLS times and SIGKILLs it when it reports the k-th op marked as being sent (k from `random`).
 * Returns the ops each kill interrupted (null: the child ended before the k-th report, so that kill proved nothing).
 */
async function killRepeatedly(
  config: unknown,
  random: () => number,
): Promise<{ interrupted: Array<string | null>; remainingAtStart: Array<number | null> }> {
  const interrupted: Array<string | null> = [];
  const remainingAtStart: Array<number | null> = [];
  for (let i = 0; i < KILLS; i++) {
    const child = startChild(config);
    remainingAtStart.push(await child.started);
    const op = await child.sendingReported(1 + Math.floor(random() * 12));
    child.kill();
    const exit = await child.exited;
    interrupted.push(exit.signal === 'SIGKILL' ? op : null);
    if (exit.signal !== 'SIGKILL') expect(exit.code, exit.err).toBe(0);
  }
  return { interrupted, remainingAtStart };
}

describe('outbox survives kill -9', () => {
  let kit: SandboxKit;
  const dir = tempDir('outbox-kill9-');

  beforeAll(async () => {
    kit = await startKit();
  });
  afterAll(async () => {
    for (const kill of live) kill();
    await kit.close();
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
      const { interrupted, remainingAtStart } = await killRepeatedly(config, prng(9));
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
