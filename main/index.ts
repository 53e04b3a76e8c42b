/** Electron entry: single-instance lock, lifecycle and wiring. Nothing else. */
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createCore, type FrontdeskCore } from './core/app-core';
import { ConfigError, loadConfig } from './core/config';
import { hardenApp } from './electron/hardening';
import { forwardEvents, registerIpc } from './electron/ipc';
import { installMenu } from './electron/menu';
import { createElectronPlatform } from './electron/platform';
import { registerAppScheme, serveAppScheme } from './electron/protocol';
import { createMainWindow } from './electron/window';
import { APP_ORIGIN } from './electron/window-options';

let core: FrontdeskCore | null = null;
let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void core?.stop());
  void app.whenReady().then(start);
}

function openWindow(platformSettings: Parameters<typeof createMainWindow>[1]): void {
  mainWindow = createMainWindow(join(__dirname, '../preload/index.js'), platformSettings);
  const detach = forwardEvents(core!, mainWindow);
  mainWindow.on('closed', () => {
    detach();
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  hardenApp();
  installMenu();
  serveAppScheme(join(__dirname, '../renderer'));
  const platform = createElectronPlatform();
  let config;
  try {
    config = loadConfig({ userDataDir: platform.dataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Frontdesk: ${error.message}`);
    app.exit(2);
    return;
  }
  core = createCore(platform, config, { trustedOrigin: APP_ORIGIN });
  registerIpc(core);
  core.start();
  openWindow(platform.settings);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(platform.settings);
  });
}
