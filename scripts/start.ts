/**
 * `npm start`: runs Frontdesk on an embedded default. Starts the sandbox when no service is
 * configured, then launches Electron; where Electron cannot be obtained, runs the browser host.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { version } from '../package.json';
import { defaultDataDir } from '../main/browser-host/node-platform';
import { startBrowserHost } from '../main/browser-host/server';
import { CONFIG_FILE, ConfigError, loadConfig, SANDBOX_URL } from '../main/core/config';
import { installCrashGuards } from '../main/core/crash-guard';
import { consoleLogger } from '../main/core/platform';
import { startSandbox, type Sandbox } from '../test/sandbox/index';
import { obtainElectron } from './electron-binary';
import { onPreferredPort, portOf, type Placed } from './preferred-port';

const root = resolve(__dirname, '..');

/** Electron's userData folder for productName "Frontdesk", where its config file lives. */
function electronUserData(): string {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Frontdesk');
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Frontdesk');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Frontdesk');
}

/** The sandbox's usual port: FRONTDESK_SANDBOX_PORT, else 4010. */
function sandboxPort(): number {
  return Number(process.env.FRONTDESK_SANDBOX_PORT ?? portOf(SANDBOX_URL));
}

/** The sandbox on its usual port (4010), or on a free one when that is taken; null when a service is configured. */
async function sandboxIfNeeded(serviceConfigured: boolean): Promise<Placed<Sandbox> | null> {
  if (serviceConfigured) return null;
  return onPreferredPort(sandboxPort(), (port) => startSandbox({ port }));
}

async function main(): Promise<void> {
  installCrashGuards(consoleLogger);
  const configured = Boolean(process.env.FRONTDESK_SERVICE_URL) || existsSync(join(electronUserData(), CONFIG_FILE));
  const placed = await sandboxIfNeeded(configured);
  const sandbox = placed?.server ?? null;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (sandbox) {
    Object.assign(env, {
      FRONTDESK_SERVICE_URL: sandbox.url,
      FRONTDESK_PORTAL_URL: sandbox.url,
      FRONTDESK_USING_SANDBOX: '1',
    });
    const moved = placed?.moved ? ` (port ${sandboxPort()} was taken, so it uses ${portOf(sandbox.url)})` : '';
    console.log(`Practice service (sandbox) at ${sandbox.url}${moved} — sign in as owner@frontdesk.test / sandbox`);
  }
  const electron = obtainElectron();
  if (electron.binary) {
    const child = spawn(electron.binary, [root], { stdio: 'inherit', env });
    child.on('exit', (code) => void sandbox?.close().then(() => process.exit(code ?? 0)));
    return;
  }
  console.log(
    `Electron is not available on this machine (${electron.reason}); running Frontdesk in your browser instead (the browser host, for development and demos).`,
  );
  const dataDir = defaultDataDir();
  const config = loadConfig({ env, userDataDir: dataDir });
  const preferred = Number(process.env.FRONTDESK_PREVIEW_PORT ?? 5180);
  const { server: host } = await onPreferredPort(preferred, (port) =>
    startBrowserHost({
      port,
      config,
      dataDir,
      rendererDir: join(root, 'out/renderer'),
      // The saved day written into the page, from the renderer's build of its drawing.
      firstScreen: join(root, 'out/first-screen/index.mjs'),
      appVersion: version,
      // Each address opens one tab (its key is then spent): a new one is printed once the last one has.
      announce: (url, again) => {
        const note = port !== preferred ? ` (port ${preferred} was taken, so it uses ${portOf(url)})` : '';
        console.log(
          again
            ? `That address has opened its tab (each address opens one). To open Frontdesk in another tab: ${url}`
            : `Open Frontdesk at ${url}${note}`,
        );
      },
    }),
  );
  const shutdown = () => void Promise.all([host.close(), sandbox?.close()]).then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(
    `Frontdesk could not start: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
