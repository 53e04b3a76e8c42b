/** The Platform for Electron: safeStorage, electron-store, net.fetch, shell, powerMonitor. */
import { app, nativeTheme, net, powerMonitor, safeStorage, shell } from 'electron';
import Store from 'electron-store';
import { join } from 'node:path';
import { secureDataFolder, setAsideUnreadableJson } from '../core/data-folder';
import { systemClock, type Logger, type Platform } from '../core/platform';
import { vetExternalUrl } from '../core/security/external-url';
import { logFolder } from './log';
import { printAppWindow } from './print';
import { createSafeStorageCipher } from './safe-storage-cipher';

/** Builds the Electron platform; call after `ready`. `log` is the electron-log adapter (main/electron/log.ts). */
export function createElectronPlatform(log: Logger): Platform {
  const dataDir = app.getPath('userData');
  secureDataFolder(dataDir, log);
  // A settings file that cannot be read is kept aside; start-up goes on without it (signed out, nothing queued lost
  // whose key survives: the outbox says what it could not read).
  setAsideUnreadableJson(join(dataDir, 'settings.json'), log);
  const store = new Store<Record<string, unknown>>({ name: 'settings', configFileMode: 0o600 });
  return {
    mode: 'electron',
    appVersion: app.getVersion(),
    cipher: createSafeStorageCipher(safeStorage, process.platform),
    settings: {
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      delete: (key) => store.delete(key),
    },
    dataDir,
    openExternal: async (url) => {
      const vetted = vetExternalUrl(url);
      if (!vetted) throw new Error('refused to open a non-http(s) URL');
      await shell.openExternal(vetted);
    },
    connectivity: {
      isOnline: () => net.isOnline(),
      onChange: (listener) => {
        powerMonitor.on('resume', listener);
        powerMonitor.on('unlock-screen', listener);
        return () => {
          powerMonitor.off('resume', listener);
          powerMonitor.off('unlock-screen', listener);
        };
      },
    },
    clock: systemClock,
    fetch: (input, init) => net.fetch(input instanceof URL ? input.toString() : input, init),
    log,
    logDir: logFolder(dataDir),
    openLogFolder: async () => {
      // shell.openPath answers with an error message, or '' when the folder opened.
      const failure = await shell.openPath(logFolder(dataDir));
      if (failure) throw new Error(failure);
    },
    printWindow: printAppWindow,
    applyTheme: (theme) => {
      nativeTheme.themeSource = theme;
    },
  };
}
