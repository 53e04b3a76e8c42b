import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { tempDir } from '../../support/core-fixture';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function keyPath() {
  const t = tempDir();
  cleanup = t.cleanup;
  return join(t.dir, 'vault.key');
}

it('round-trips a secret, with a fresh IV each time and no plaintext in the output', async () => {
  const cipher = createFileCipher(keyPath());
  const a = await cipher.encrypt('refresh-secret-value');
  const b = await cipher.encrypt('refresh-secret-value');
  expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  expect(Buffer.from(a).toString('latin1')).not.toContain('refresh-secret-value');
  expect(await cipher.decrypt(a)).toBe('refresh-secret-value');
});

it('creates the key file with mode 0600 and reuses it across instances', async () => {
  const path = keyPath();
  const sealed = await createFileCipher(path).encrypt('x');
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(await createFileCipher(path).decrypt(sealed)).toBe('x');
});

it('refuses tampered, truncated or foreign ciphertext', async () => {
  const cipher = createFileCipher(keyPath());
  const sealed = Buffer.from(await cipher.encrypt('hello'));
  const flipped = Buffer.from(sealed);
  flipped[flipped.length - 1]! ^= 1;
  await expect(cipher.decrypt(flipped)).rejects.toThrow();
  await expect(cipher.decrypt(sealed.subarray(0, 10))).rejects.toThrow();
  await expect(createFileCipher(keyPath()).decrypt(sealed)).rejects.toThrow();
});

it('refuses a key file of the wrong size instead of using it', async () => {
  const path = keyPath();
  writeFileSync(path, 'short', { mode: 0o600 });
  await expect(createFileCipher(path).encrypt('x')).rejects.toThrow(/wrong length/);
});

it('never writes a key file to decrypt: a lost key file stays lost, so the old one can still be put back', async () => {
  const path = keyPath();
  const sealed = await createFileCipher(path).encrypt('queued work key');
  rmSync(path);
  await expect(createFileCipher(path).decrypt(sealed)).rejects.toThrow(/is missing/);
  expect(existsSync(path)).toBe(false);
});

it('writes a new key file only when nothing on disk still needs the old one', async () => {
  const path = keyPath();
  let needed = true;
  const cipher = createFileCipher(path, () => !needed);
  await expect(cipher.encrypt('x')).rejects.toThrow(/still need it, so Frontdesk will not make a new one/);
  expect(existsSync(path)).toBe(false);
  needed = false;
  expect(await cipher.decrypt(await cipher.encrypt('x'))).toBe('x');
  expect(existsSync(path)).toBe(true);
});
