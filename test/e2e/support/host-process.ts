/**
 * The browser host as a child process (main/browser-host/cli.ts, as `npm run preview` runs it), so a test can end it
 * with SIGKILL (a kill -9: no shutdown, no flush) and start another over the same data folder. Sign-in (the vault) and
 * the outbox live in that folder: the new host is still signed in, with its queue. The stack's own host
 * (support/stack.ts) runs in the test's process and cannot be killed that way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { practiceNow } from './clock';
import { FrontdeskPage } from './driver';
import type { Stack } from './stack';

const ROOT = resolve(__dirname, '../../..');
const ANNOUNCED = /Frontdesk is running in your browser at (\S+)/;

/** One running child host. */
export interface HostProcess {
  /** The address it printed (it opens one tab). */
  readonly url: string;
  /** Its stdout and stderr so far (for a failure's story). */
  output(): string;
  /** Opens the printed address in a new context of the stack's browser (the suite's clock). */
  open(): Promise<FrontdeskPage>;
  /** SIGKILL, and resolves once the process has ended. */
  kill9(): Promise<void>;
}

/** Starts the browser host in a child over `dataDir`, at the suite's now; resolves once it prints its address. */
export async function startHostProcess(stack: Stack, dataDir: string): Promise<HostProcess> {
  const service = stack.sandbox.url;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'main/browser-host/cli.ts'),
      '--port',
      '0',
      '--service',
      service,
      '--portal',
      service,
      '--data-dir',
      dataDir,
      '--renderer-dir',
      join(ROOT, 'out/renderer'),
      '--now',
      new Date(practiceNow()).toISOString(),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, FRONTDESK_USING_SANDBOX: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let out = '';
  const ended = new Promise<void>((done) => child.once('exit', () => done()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((found, failed) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = ANNOUNCED.exec(out);
      if (m) found(m[1]!);
    });
    child.once('exit', (code) =>
      failed(new Error(`the browser host ended (${String(code)}) before its address:\n${out}`)),
    );
  });
  return {
    url,
    output: () => out,
    open: async () => {
      const context = await stack.newContext({ viewport: { width: 1280, height: 800 } });
      const fd = new FrontdeskPage(await context.newPage());
      await fd.goto(url);
      return fd;
    },
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await ended;
      running.delete(child);
    },
  };
}

const running = new Set<ChildProcess>();

/** Kills every child host still running (for afterAll / afterEach, when a test failed half-way). */
export function killHostProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
