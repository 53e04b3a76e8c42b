/**
 * The files of a data folder that are not sealed (test/fixtures/settings-1) are read by today's code, each value
 * parsed with its schema: what fits is read as it was kept, what does not is read as nothing, never as garbage.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodePlatform } from '../../../main/browser-host/node-platform';
import { readQuickTexts } from '../../../main/core/messages/quick-texts';
import { KeptAside } from '../../../main/core/outbox/kept-aside';
import { KnownAccounts } from '../../../main/core/outbox/known-accounts';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'settings-1');
const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function fixtureFolder() {
  const d = tempDir('settings-1-');
  dirs.push(d);
  cpSync(FIXTURE, d.dir, { recursive: true });
  const platform = createNodePlatform({
    dataDir: d.dir,
    appVersion: '0.0.0-test',
    openUrl: () => {},
    log: memoryLogger(),
  });
  return { dir: d.dir, settings: platform.settings };
}

describe('settings-1', () => {
  it('the settings file is read as it was kept', () => {
    const { settings } = fixtureFolder();
    const known = new KnownAccounts(settings);
    expect(known.label('acct-lakeside')).toBe('Lakeside Dental (as Ann Front)');
    expect(known.label('acct-harbor')).toBe('Harbor Clinic (ann@harbor.example)');
    expect(known.label('acct-other')).toBe('another account');
    expect(readQuickTexts(settings)).toEqual(['We are running 10 minutes late.', 'Your room is ready.']);
  });

  it('the kept-aside notice is read, pointing at this folder’s kept bytes', async () => {
    const { dir } = fixtureFolder();
    const kept = new KeptAside(join(dir, 'outbox'));
    await kept.load();
    expect(kept.notice()).toEqual({ count: 2, since: 1795000000000, file: join(dir, 'outbox', 'kept-aside.jsonl') });
  });

  it('a value of another shape is read as nothing, never handed on', () => {
    const { settings } = fixtureFolder();
    settings.set('accounts.known', { 'acct-lakeside': { name: 'Lakeside Dental' } });
    const label = new KnownAccounts(settings).label('acct-lakeside');
    expect(label).toBe('another account');
  });
});
