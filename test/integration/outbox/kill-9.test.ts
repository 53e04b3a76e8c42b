/**
 * Crash safety: a child process drains 500 queued writes against a faulty sandbox and is killed with SIGKILL at
 * random moments 20 times, restarted each time. At the end every write is applied exactly once and the log says done.
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
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /started (\d+)/.exec(out);
    if (m) onStart(Number(m[1]));
  });
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const kill = () => proc.kill('SIGKILL');
  live.add(kill);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve) =>
      proc.on('exit', (code, signal) => {
        live.delete(kill);
        onStart(null);
        resolve({ code, signal, out, err });
      }),
  );
  return { started, exited, kill };
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

/** Starts the child KILLS times and SIGKILLs it 30–380 ms after it began sending (or at once if it died first). */
async function killRepeatedly(
  config: unknown,
  random: () => number,
): Promise<{ killed: number; remainingAtStart: number[] }> {
  const remainingAtStart: number[] = [];
  let killed = 0;
  for (let i = 0; i < KILLS; i++) {
    const child = startChild(config);
    const remaining = await child.started;
    if (remaining !== null) {
      remainingAtStart.push(remaining);
      await new Promise((r) => setTimeout(r, 30 + Math.floor(random() * 350)));
    }
    child.kill();
    const exit = await child.exited;
    if (exit.signal === 'SIGKILL') killed++;
    else expect(exit.code, exit.err).toBe(0);
  }
  return { killed, remainingAtStart };
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

  it('drains 500 writes exactly once across 20 SIGKILLs at random moments', { timeout: 120_000 }, async () => {
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
    const { killed, remainingAtStart } = await killRepeatedly(config, prng(9));
    const last = startChild(config);
    const final = await last.exited;
    expect(final.code, final.err + final.out).toBe(0);
    expect(final.out).toContain('drained');
    // Most kills must land while work remained (otherwise the test would prove little).
    expect(killed).toBeGreaterThanOrEqual(15);
    expect(remainingAtStart.filter((n) => n > 0).length, remainingAtStart.join(',')).toBeGreaterThanOrEqual(15);

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
  });
});
