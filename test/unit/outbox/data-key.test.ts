/** The outbox key: wrapped by the keystore, kept unprotected (never lost) without one, and re-wrapped later. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_KEY_SETTING, DataKeyUnavailableError, loadDataKey } from '../../../main/core/outbox/data-key';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { memorySettings, openTestOutbox, ScriptedService, switchableCipher } from './support';

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('outbox data key', () => {
  it('is created once, stored only wrapped, and unwrapped to the same key', async () => {
    const settings = memorySettings();
    const cipher = switchableCipher(true);
    const first = await loadDataKey(settings, cipher, memoryLogger());
    expect(first).toMatchObject({ wrapped: true, fresh: true });
    const stored = JSON.stringify(settings.map.get(DATA_KEY_SETTING));
    expect(stored).not.toContain(first.key.toString('base64'));
    const again = await loadDataKey(settings, cipher, memoryLogger());
    expect(again.key.equals(first.key)).toBe(true);
    expect(again.fresh).toBe(false);
  });

  it('without a keystore keeps the key unprotected (and says so), then wraps the same key once one appears', async () => {
    const settings = memorySettings();
    const cipher = switchableCipher(false);
    const log = memoryLogger();
    const weak = await loadDataKey(settings, cipher, log);
    expect(weak.wrapped).toBe(false);
    expect(log.lines.join('\n')).toContain('unprotected');
    cipher.available = true;
    const strong = await loadDataKey(settings, cipher, memoryLogger());
    expect(strong).toMatchObject({ wrapped: true });
    expect(strong.key.equals(weak.key)).toBe(true);
    expect(JSON.stringify(settings.map.get(DATA_KEY_SETTING))).not.toContain(weak.key.toString('base64'));
  });

  it('refuses to start (leaving the log alone) when the wrapped key cannot be opened', async () => {
    const settings = memorySettings();
    settings.set(DATA_KEY_SETTING, { v: 1, wrapped: Buffer.from('garbage').toString('base64') });
    await expect(loadDataKey(settings, switchableCipher(true), memoryLogger())).rejects.toBeInstanceOf(
      DataKeyUnavailableError,
    );
  });

  it('keeps queued work across restarts without a keystore', async () => {
    const d = tempDir('outbox-key-');
    dirs.push(d);
    const settings = memorySettings();
    const cipher = switchableCipher(false);
    const service = new ScriptedService(() => ({ id: 1 }));
    const box = await openTestOutbox({ dataDir: d.dir, service, settings, cipher });
    expect(box.keyProtected).toBe(false);
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Kept Anyway' });
    await box.close();
    const reopened = await openTestOutbox({ dataDir: d.dir, service, settings, cipher });
    expect(reopened.get(op.id)?.payload.name).toBe('Kept Anyway');
    await reopened.close();
    expect(readdirSync(join(d.dir, 'outbox')).sort()).toEqual(['outbox.key-id', 'outbox.log']);
  });
});
