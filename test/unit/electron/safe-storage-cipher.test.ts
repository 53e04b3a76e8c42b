/** safeStorage counts as a keystore only when it says so and is not Linux's basic_text. */
import { describe, expect, it } from 'vitest';
import type { SafeStorage } from 'electron';
import { createSafeStorageCipher } from '../../../main/electron/safe-storage-cipher';

function fakeSafeStorage(
  available: boolean,
  backend: ReturnType<SafeStorage['getSelectedStorageBackend']>,
): SafeStorage {
  return {
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (s: string) => Buffer.from(`sealed:${s}`),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString().replace(/^sealed:/, ''), shouldReEncrypt: false }),
  } as unknown as SafeStorage;
}

describe('safeStorage cipher', () => {
  it.each([
    ['linux', true, 'gnome_libsecret', true],
    ['linux', true, 'kwallet6', true],
    ['linux', true, 'basic_text', false],
    ['linux', true, 'unknown', false],
    ['linux', false, 'gnome_libsecret', false],
    ['darwin', true, 'unknown', true],
    ['win32', true, 'unknown', true],
    ['win32', false, 'unknown', false],
  ] as const)('%s, available=%s, backend %s → usable %s', async (platform, available, backend, usable) => {
    const status = await createSafeStorageCipher(fakeSafeStorage(available, backend), platform).status();
    expect(status.available).toBe(usable);
  });

  it('round-trips through the async API', async () => {
    const cipher = createSafeStorageCipher(fakeSafeStorage(true, 'gnome_libsecret'), 'linux');
    expect(await cipher.decrypt(await cipher.encrypt('secret'))).toBe('secret');
  });
});
