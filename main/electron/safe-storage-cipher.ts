/**
 * SecretCipher over Electron's safeStorage (async API). On Linux the `basic_text` backend is a
 * hard-coded key, so it does not count as available.
 */
import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../core/platform';

/** Wraps safeStorage; `platform` decides whether the Linux backend check applies. */
export function createSafeStorageCipher(safeStorage: SafeStorage, platform: NodeJS.Platform): SecretCipher {
  return {
    async status() {
      const available = await safeStorage.isAsyncEncryptionAvailable();
      const backend =
        platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platform === 'darwin' ? 'keychain' : 'dpapi';
      return { available: available && backend !== 'basic_text' && backend !== 'unknown', backend };
    },
    encrypt: async (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (data) => (await safeStorage.decryptStringAsync(Buffer.from(data))).result,
  };
}
