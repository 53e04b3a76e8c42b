/**
 * `npm start` as a newcomer meets it (scripts/start.ts run as its own process): the sandbox when no service is
 * configured, Electron when there is one, the browser host when there is not, and free ports when the usual ones
 * are taken — each said in one plain line. Electron is stood in for by a small script (ELECTRON_OVERRIDE_DIST_PATH,
 * the electron package's own override), which records how it was launched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { tempDir } from '../../support/core-fixture';

const root = resolve(__dirname, '../../..');
const built = existsSync(join(root, 'out/renderer/index.html'));
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

interface Started {
  proc: ChildProcess;
  /** Resolves with the first stdout line matching `re` (rejects if the process ends first). */
  line(re: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
  output(): string;
}

/** Runs scripts/start.ts with a private home (no real config or data) and the given environment. */
function start(env: Record<string, string>): Started {
  const home = tempDir('start-home-');
  cleanups.push(() => home.cleanup());
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home.dir,
      XDG_CONFIG_HOME: join(home.dir, 'config'),
      XDG_DATA_HOME: join(home.dir, 'data'),
      FRONTDESK_SANDBOX_PORT: '0',
      FRONTDESK_PREVIEW_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers: Array<() => void> = [];
  proc.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    watchers.forEach((w) => w());
  });
  proc.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await exited;
    }
  });
  return {
    proc,
    exited,
    output: () => out,
    line: (re) =>
      new Promise((resolveLine, reject) => {
        const check = () => {
          const m = out
            .split('\n')
            .map((l) => re.exec(l))
            .find(Boolean);
          if (m) resolveLine(m);
        };
        watchers.push(check);
        check();
        void exited.then(() => reject(new Error(`start ended without a line matching ${re}; it said:\n${out}`)));
      }),
  };
}

/** A folder with an `electron` script that records its arguments and the service it was pointed at, then exits. */
function fakeElectron(): { dir: string; launched(): { args: string[]; service: string; sandbox: string } | null } {
  const folder = tempDir('fake-electron-');
  cleanups.push(() => folder.cleanup());
  const record = join(folder.dir, 'launched.json');
  const script = join(folder.dir, 'electron');
  writeFileSync(
    script,
    `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), service: process.env.FRONTDESK_SERVICE_URL, sandbox: process.env.FRONTDESK_USING_SANDBOX ?? '' }));\n`,
  );
  chmodSync(script, 0o755);
  return {
    dir: folder.dir,
    launched: () =>
      existsSync(record)
        ? (JSON.parse(readFileSync(record, 'utf8')) as { args: string[]; service: string; sandbox: string })
        : null,
  };
}

/** An empty folder: ELECTRON_OVERRIDE_DIST_PATH there means "no Electron on this machine". */
function emptyFolder(): string {
  const folder = tempDir('no-electron-');
  cleanups.push(() => folder.cleanup());
  return folder.dir;
}

/** Holds a free port until the test ends. */
async function takenPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => new Promise<void>((done) => server.close(() => done())));
  return (server.address() as { port: number }).port;
}

describe('npm start (scripts/start.ts)', () => {
  it('with no service configured, starts the sandbox and launches Electron pointed at it', async () => {
    const electron = fakeElectron();
    const run = start({ ELECTRON_OVERRIDE_DIST_PATH: electron.dir });
    const sandboxLine = await run.line(/^Practice service \(sandbox\) at (http:\/\/127\.0\.0\.1:\d+) — sign in as /);
    expect(await run.exited, run.output()).toBe(0);
    expect(electron.launched()).toEqual({ args: [root], service: sandboxLine[1], sandbox: '1' });
    expect(run.output()).not.toMatch(/browser host|could not start/);
  });

  it('with a service configured, starts no sandbox and points Electron at that service', async () => {
    const service: Sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => service.close());
    const electron = fakeElectron();
    const run = start({ ELECTRON_OVERRIDE_DIST_PATH: electron.dir, FRONTDESK_SERVICE_URL: service.url });
    expect(await run.exited, run.output()).toBe(0);
    expect(electron.launched()).toEqual({ args: [root], service: service.url, sandbox: '' });
    expect(run.output()).not.toMatch(/sandbox/);
  });

  it('reads a configured service from the config file in the user-data folder too', async () => {
    const electron = fakeElectron();
    const home = tempDir('start-config-');
    cleanups.push(() => home.cleanup());
    mkdirSync(join(home.dir, 'Frontdesk'), { recursive: true });
    writeFileSync(join(home.dir, 'Frontdesk', 'frontdesk.config.json'), '{"serviceUrl":"https://example.test"}');
    const run = start({ ELECTRON_OVERRIDE_DIST_PATH: electron.dir, XDG_CONFIG_HOME: home.dir });
    expect(await run.exited, run.output()).toBe(0);
    expect(electron.launched()?.sandbox).toBe('');
    expect(run.output()).not.toMatch(/sandbox/);
  });

  it.skipIf(!built)(
    'without Electron, says why in one line and serves the app from the browser host (needs `npm run build` first)',
    async () => {
      const run = start({ ELECTRON_OVERRIDE_DIST_PATH: emptyFolder() });
      const why = await run.line(
        /^Electron is not available on this machine \((.+)\); running Frontdesk in your browser.*$/,
      );
      expect(why[1]).toMatch(/no Electron in ELECTRON_OVERRIDE_DIST_PATH/);
      expect(why[0]).toMatch(/for development and demos/);
      const url = (await run.line(/^Open Frontdesk at (http:\/\/127\.0\.0\.1:\d+\/\S*)/))[1] ?? '';
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Frontdesk</title>');
      // That address opens one tab: once a page has used its key, a new address is printed for the next tab.
      const { origin, hash } = new URL(url);
      const tab = new WebSocket(
        `${origin.replace('http', 'ws')}/ipc`,
        ['frontdesk', `key.${hash.slice('#key='.length)}`],
        {
          origin,
        },
      );
      await new Promise((ok, fail) => (tab.once('open', ok), tab.once('error', fail)));
      tab.close();
      const next = await run.line(
        /^That address has opened its tab \(each address opens one\)\. To open Frontdesk in another tab: (http:\/\/127\.0\.0\.1:\d+\/#key=\S+)$/,
      );
      expect(new URL(next[1]!).origin).toBe(origin);
      expect(next[1]).not.toBe(url);
    },
  );

  it.skipIf(!built)('when the usual ports are taken, uses free ones and says so on the same lines', async () => {
    const sandboxPort = await takenPort();
    const hostPort = await takenPort();
    const run = start({
      ELECTRON_OVERRIDE_DIST_PATH: emptyFolder(),
      FRONTDESK_SANDBOX_PORT: String(sandboxPort),
      FRONTDESK_PREVIEW_PORT: String(hostPort),
    });
    const sandbox = await run.line(
      new RegExp(
        `^Practice service \\(sandbox\\) at http://127\\.0\\.0\\.1:(\\d+) \\(port ${sandboxPort} was taken, so it uses (\\d+)\\)`,
      ),
    );
    expect(sandbox[1]).toBe(sandbox[2]);
    const host = await run.line(
      new RegExp(
        `^Open Frontdesk at (http://127\\.0\\.0\\.1:(\\d+)/\\S*) \\(port ${hostPort} was taken, so it uses (\\d+)\\)`,
      ),
    );
    expect(host[2]).toBe(host[3]);
    expect((await fetch(host[1] ?? '')).status).toBe(200);
  });
});
