/** The Platform for Electron: safeStorage, electron-store, net.fetch, shell, powerMonitor. */
import { app, net, powerMonitor, safeStorage, shell } from 'electron';
import Store from 'electron-store';
import { consoleLogger, systemClock, type Platform } from '../core/platform';
import { vetExternalUrl } from '../core/security/external-url';
import { createSafeStorageCipher } from './safe-storage-cipher';

/** Builds the Electron platform; call after `ready`. */
export function createElectronPlatform(): Platform {
  const store = new Store<Record<string, unknown>>({ name: 'settings' });
  return {
    mode: 'electron',
    appVersion: app.getVersion(),
    cipher: createSafeStorageCipher(safeStorage, process.platform),
    settings: {
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      delete: (key) => store.delete(key),
    },
    dataDir: app.getPath('userData'),
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
    log: consoleLogger,
  };
}
