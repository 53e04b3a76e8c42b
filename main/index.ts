/** Electron entry: single-instance lock, lifecycle and wiring. Nothing else. */
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { createCore, type FrontdeskCore } from './core/app-core';
import { ConfigError, loadConfig, type FrontdeskConfig } from './core/config';
import { DataFolderError } from './core/data-folder';
import { installCrashGuards } from './core/crash-guard';
import { installDeepLinks } from './electron/deep-links';
import { hardenApp } from './electron/hardening';
import { forwardEvents, registerIpc } from './electron/ipc';
import { createElectronLogger, logFolder } from './electron/log';
import { keepChromiumApart } from './electron/session-data';
import { installMenu } from './electron/menu';
import { createElectronPlatform } from './electron/platform';
import { registerAppScheme, serveAppScheme } from './electron/protocol';
import { createMainWindow } from './electron/window';
import { APP_ORIGIN } from './electron/window-options';

let core: FrontdeskCore | null = null;
let mainWindow: BrowserWindow | null = null;
const earlyRedirects: string[] = [];

function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function deliverRedirect(url: string): void {
  if (core) void core.auth.handleRedirect(url).finally(focusWindow);
  else earlyRedirects.push(url);
}

function configOrExit(userDataDir: string): FrontdeskConfig | null {
  try {
    return loadConfig({ userDataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Frontdesk: ${error.message}`);
    app.exit(2);
    return null;
  }
}

keepChromiumApart(app);
const log = createElectronLogger(logFolder(app.getPath('userData')));
installCrashGuards(log);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  const config = configOrExit(app.getPath('userData'));
  if (config) {
    const links = installDeepLinks(config.redirectUri, deliverRedirect, focusWindow);
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    app.on('before-quit', () => void core?.stop());
    void app
      .whenReady()
      .then(() => start(config, links.claimed))
      .catch((error: unknown) => {
        // A data folder or key file that is not safe to use: say what to do, in a box the user sees, and stop.
        const message =
          error instanceof DataFolderError ? error.message : `Something went wrong while starting: ${String(error)}`;
        dialog.showErrorBox('Frontdesk could not start', message);
        app.exit(1);
      });
  }
}

function openWindow(settings: Parameters<typeof createMainWindow>[1]): void {
  mainWindow = createMainWindow(join(__dirname, '../preload/index.js'), settings);
  const detach = forwardEvents(core!, mainWindow);
  mainWindow.on('closed', () => {
    detach();
    mainWindow = null;
  });
}

async function start(config: FrontdeskConfig, customSchemeClaimed: () => boolean): Promise<void> {
  hardenApp();
  // index.html carries the saved day once core is up (the renderer's build of its drawing: main/core/first-screen.ts).
  serveAppScheme(join(__dirname, '../renderer'), {
    core: () => core,
    drawing: join(__dirname, '../first-screen/index.mjs'),
    log,
  });
  const platform = createElectronPlatform(log);
  installMenu({ openLogFolder: () => void platform.openLogFolder?.().catch(() => undefined) });
  core = createCore(platform, config, { trustedOrigin: APP_ORIGIN, customSchemeClaimed });
  registerIpc(core);
  await core.start();
  openWindow(platform.settings);
  for (const url of earlyRedirects.splice(0)) deliverRedirect(url);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(platform.settings);
  });
}
