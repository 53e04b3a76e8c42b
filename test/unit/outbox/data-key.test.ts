/**
 * The outbox key: in its own file beside the log (two copies), wrapped by the keystore, kept unprotected (never lost)
 * without one and wrapped later, moved once from settings where older versions kept it, mended from one copy when the
 * other is damaged, and never replaced while the log still needs the key that cannot be unwrapped.
 */
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_SETTING, DataKeyUnavailableError, loadDataKey } from '../../../main/core/outbox/data-key';
import { holdsWrappedKey, KEY_FILES } from '../../../main/core/outbox/key-file';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { memorySettings, openTestOutbox, ScriptedService, switchableCipher } from './support';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function folder(): string {
  const d = tempDir('outbox-key-');
  dirs.push(d);
  return join(d.dir, 'outbox');
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
const copies = (dir: string) => KEY_FILES.map((name) => read(dir, name));

describe('outbox data key', () => {
  it('is created once in two copies of its own file, stored only wrapped, and unwrapped to the same key', async () => {
    const dir = folder();
    const settings = memorySettings();
    const cipher = switchableCipher(true);
    const first = await loadDataKey(dir, settings, cipher, memoryLogger());
    expect(first).toMatchObject({ wrapped: true, fresh: true });
    const [one, two] = copies(dir);
    expect(one).toBe(two);
    expect(one).not.toContain(first.key.toString('base64'));
    expect(JSON.parse(one!)).toMatchObject({ format: 'frontdesk-outbox-key', v: 1, sealed: 'wrapped' });
    expect(settings.map.has(DATA_KEY_SETTING)).toBe(false);
    const again = await loadDataKey(dir, settings, cipher, memoryLogger());
    expect(again.key.equals(first.key)).toBe(true);
    expect(again.fresh).toBe(false);
    expect(holdsWrappedKey(dir)).toBe(true);
  });

  it('without a keystore keeps the key unprotected (and says so), then wraps the same key once one appears', async () => {
    const dir = folder();
    const settings = memorySettings();
    const cipher = switchableCipher(false);
    const log = memoryLogger();
    const weak = await loadDataKey(dir, settings, cipher, log);
    expect(weak.wrapped).toBe(false);
    expect(log.lines.join('\n')).toContain('unprotected');
    expect(holdsWrappedKey(dir)).toBe(false);
    cipher.available = true;
    const strong = await loadDataKey(dir, settings, cipher, memoryLogger());
    expect(strong).toMatchObject({ wrapped: true });
    expect(strong.key.equals(weak.key)).toBe(true);
    for (const copy of copies(dir)) expect(copy).not.toContain(weak.key.toString('base64'));
  });

  it('moves a key found in settings (where older versions kept it) to the file once, then reads it from there', async () => {
    const dir = folder();
    const settings = memorySettings();
    const cipher = switchableCipher(true);
    const key = Buffer.alloc(32, 9);
    const wrapped = Buffer.from(await cipher.encrypt(key.toString('base64'))).toString('base64');
    settings.set(DATA_KEY_SETTING, { v: 1, wrapped });
    const log = memoryLogger();
    const moved = await loadDataKey(dir, settings, cipher, log);
    expect(moved).toMatchObject({ wrapped: true, fresh: false });
    expect(moved.key.equals(key)).toBe(true);
    expect(log.lines.join('\n')).toContain('moved the outbox key from settings to its own file');
    expect(settings.map.has(DATA_KEY_SETTING)).toBe(false);
    for (const copy of copies(dir)) expect(JSON.parse(copy)).toMatchObject({ sealed: 'wrapped', key: wrapped });
    // Settings lost afterwards: the key is still there.
    const fresh = memorySettings();
    const later = await loadDataKey(dir, fresh, cipher, memoryLogger());
    expect(later.key.equals(key)).toBe(true);
  });

  it.each([
    ['the first copy damaged', 0, 'damaged'],
    ['the second copy damaged', 1, 'damaged'],
    ['the first copy deleted', 0, 'deleted'],
    ['the second copy deleted', 1, 'deleted'],
  ] as const)('%s: the other copy is used and the lost one written again', async (_, which, how) => {
    const dir = folder();
    const cipher = switchableCipher(true);
    const first = await loadDataKey(dir, memorySettings(), cipher, memoryLogger());
    const good = read(dir, KEY_FILES[which === 0 ? 1 : 0]);
    const name = KEY_FILES[which];
    if (how === 'deleted') rmSync(join(dir, name));
    // One character of the sealed key changed: still JSON, still base64, but not the key that was written.
    else
      writeFileSync(
        join(dir, name),
        good.replace(/"key":"(.)/, (_m, c: string) => `"key":"${c === 'A' ? 'B' : 'A'}`),
      );
    const log = memoryLogger();
    const again = await loadDataKey(dir, memorySettings(), cipher, log);
    expect(again.key.equals(first.key)).toBe(true);
    expect(again.fresh).toBe(false);
    expect(copies(dir)).toEqual([good, good]);
    expect(log.lines.join('\n')).toContain('written again from the other copy');
    if (how === 'damaged') expect(readdirSync(dir).some((n) => n.startsWith(`${name}.damaged-`))).toBe(true);
  });

  it('a link planted at a copy is not followed: it counts as a damaged copy, the other is used', async () => {
    const dir = folder();
    const cipher = switchableCipher(true);
    const first = await loadDataKey(dir, memorySettings(), cipher, memoryLogger());
    const good = read(dir, KEY_FILES[1]);
    // The planted file holds a key of its own: were it followed, the outbox would take that key.
    const elsewhere = join(folder(), 'planted.json');
    mkdirSync(dirname(elsewhere), { recursive: true });
    const other = join(folder(), 'other');
    await loadDataKey(other, memorySettings(), cipher, memoryLogger());
    copyFileSync(join(other, KEY_FILES[0]), elsewhere);
    const planted = readFileSync(elsewhere, 'utf8');
    rmSync(join(dir, KEY_FILES[0]));
    symlinkSync(elsewhere, join(dir, KEY_FILES[0]));
    const again = await loadDataKey(dir, memorySettings(), cipher, memoryLogger());
    expect(again.key.equals(first.key)).toBe(true);
    expect(lstatSync(join(dir, KEY_FILES[0])).isSymbolicLink()).toBe(false);
    expect(copies(dir)).toEqual([good, good]);
    expect(readFileSync(elsewhere, 'utf8')).toBe(planted);
  });

  it('refuses to start, and writes nothing, when the wrapped key cannot be opened (the keystore changed)', async () => {
    const dir = folder();
    const settings = memorySettings();
    await loadDataKey(dir, settings, switchableCipher(true), memoryLogger());
    writeFileSync(join(dir, 'outbox.log'), 'one\ntwo\nthree\n');
    const before = copies(dir);
    const changed = switchableCipher(true);
    changed.decrypt = async () => {
      throw new Error('the keystore changed');
    };
    const error = await loadDataKey(dir, settings, changed, memoryLogger()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataKeyUnavailableError);
    expect((error as DataKeyUnavailableError).changes).toBe(3);
    expect(copies(dir)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual([...KEY_FILES, 'outbox.log'].sort());
  });

  it.each(['deleted', 'damaged'] as const)(
    'both copies %s while the log holds changes: refuses, and writes no new key over them',
    async (how) => {
      const dir = folder();
      const cipher = switchableCipher(true);
      await loadDataKey(dir, memorySettings(), cipher, memoryLogger());
      writeFileSync(join(dir, 'outbox.log'), 'one\ntwo\n');
      for (const name of KEY_FILES)
        if (how === 'deleted') rmSync(join(dir, name));
        else writeFileSync(join(dir, name), 'damaged');
      const before = readdirSync(dir).sort();
      const error = await loadDataKey(dir, memorySettings(), cipher, memoryLogger()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataKeyUnavailableError);
      expect(error).toMatchObject({ changes: 2, lostFile: join(dir, KEY_FILES[0]) });
      expect(readdirSync(dir).sort()).toEqual(before);
      if (how === 'damaged') expect(copies(dir)).toEqual(['damaged', 'damaged']);
      // An empty log needs no old key: a new one is made.
      writeFileSync(join(dir, 'outbox.log'), '');
      expect(await loadDataKey(dir, memorySettings(), cipher, memoryLogger())).toMatchObject({ fresh: true });
    },
  );

  it.each(['wrapped', 'plain'] as const)(
    'one copy replaced by a whole %s key of another folder: the one the log needs is kept, the other set aside',
    async (how) => {
      const d = tempDir('outbox-key-');
      dirs.push(d);
      const dir = join(d.dir, 'outbox');
      const cipher = switchableCipher(how === 'wrapped');
      const service = new ScriptedService(() => ({ id: 1 }));
      const box = await openTestOutbox({ dataDir: d.dir, service, settings: memorySettings(), cipher });
      const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Needs Its Key' });
      await box.close();
      const good = read(dir, KEY_FILES[1]);
      const other = join(folder(), 'other');
      await loadDataKey(other, memorySettings(), cipher, memoryLogger());
      const foreign = read(other, KEY_FILES[0]);
      writeFileSync(join(dir, KEY_FILES[0]), foreign);
      const log = memoryLogger();
      const again = await openTestOutbox({ dataDir: d.dir, service, settings: memorySettings(), cipher, log });
      expect(again.get(op.id)?.payload.name).toBe('Needs Its Key');
      expect(again.keptAside()).toBeNull();
      await again.close();
      expect(copies(dir)).toEqual([good, good]);
      const aside = readdirSync(dir).filter((n) => n.startsWith(`${KEY_FILES[0]}.damaged-`));
      expect(aside.map((n) => read(dir, n))).toEqual([foreign]);
      expect(log.lines.join('\n')).toContain('the two copies of the outbox key file differed');
    },
  );

  it('two differing copies that the keystore cannot open: both are left as they are', async () => {
    const dir = folder();
    const cipher = switchableCipher(true);
    await loadDataKey(dir, memorySettings(), cipher, memoryLogger());
    const other = join(folder(), 'other');
    await loadDataKey(other, memorySettings(), cipher, memoryLogger());
    writeFileSync(join(dir, KEY_FILES[0]), read(other, KEY_FILES[0]));
    const before = copies(dir);
    const changed = { ...cipher, decrypt: () => Promise.reject(new Error('the keystore changed')) };
    await expect(loadDataKey(dir, memorySettings(), changed, memoryLogger())).rejects.toThrow(DataKeyUnavailableError);
    expect(copies(dir)).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.includes('.damaged-'))).toEqual([]);
  });

  it('keeps queued work across restarts without a keystore, and without settings', async () => {
    const d = tempDir('outbox-key-');
    dirs.push(d);
    const cipher = switchableCipher(false);
    const service = new ScriptedService(() => ({ id: 1 }));
    const box = await openTestOutbox({ dataDir: d.dir, service, settings: memorySettings(), cipher });
    expect(box.keyProtected).toBe(false);
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Kept Anyway' });
    await box.close();
    const reopened = await openTestOutbox({ dataDir: d.dir, service, settings: memorySettings(), cipher });
    expect(reopened.get(op.id)?.payload.name).toBe('Kept Anyway');
    await reopened.close();
    expect(readdirSync(join(d.dir, 'outbox')).sort()).toEqual(
      [...KEY_FILES, 'outbox.key-id', 'outbox.log', 'outbox.mark'].sort(),
    );
  });
});
