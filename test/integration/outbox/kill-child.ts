/**
 * Runs drain-child.ts and SIGKILLs it at observed states (the k-th op it durably marks as being sent), for the kill -9
 * tests of the outbox and of texts. Each kill is aimed at a state, not a time, so it lands while a request is under way.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

const CHILD = join(__dirname, 'drain-child.ts');

interface Child {
  /** Unfinished ops when the child began sending, or null if it died before. */
  started: Promise<number | null>;
  /** Resolves with the op id when the child reports its n-th "sending" (null if it exited first). */
  sendingReported(n: number): Promise<string | null>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
  kill(): void;
}

/** Children still running (killed in afterAll if a failure left one behind). */
export const live = new Set<() => void>();

/** Starts the child with the cheapest runner that works (node + tsx's loader, no npx). */
export function startChild(config: unknown): Child {
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
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts the child `kills` times and SIGKILLs it when it reports the k-th op marked as being sent (k from `random`).
 * Returns the ops each kill interrupted (null: the child ended before the k-th report, so that kill proved nothing).
 */
export async function killRepeatedly(
  config: unknown,
  random: () => number,
  kills: number,
): Promise<{ interrupted: Array<string | null>; remainingAtStart: Array<number | null> }> {
  const interrupted: Array<string | null> = [];
  const remainingAtStart: Array<number | null> = [];
  for (let i = 0; i < kills; i++) {
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
