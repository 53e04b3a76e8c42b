/**
 * The desktop app's log: lines land in `<dir>/main.log`, mode 0600, and never through a link planted at that name.
 * electron-log's main-process flavour needs Electron itself; its Node flavour stands in (the same file transport).
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createElectronLogger } from '../../../main/electron/log';

vi.mock('electron-log/main', async () => await import('electron-log/node'));

const root = mkdtempSync(join(tmpdir(), 'electron-log-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the desktop log file', () => {
  it('writes the line to main.log, readable by the user only', () => {
    const dir = join(root, 'plain');
    mkdirSync(dir, { mode: 0o700 });
    createElectronLogger(dir).info('a contact was saved', { id: 'c1' });
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain('a contact was saved');
    expect(lstatSync(join(dir, 'main.log')).mode & 0o777).toBe(0o600);
  });

  it('writes nothing through a link planted at main.log', () => {
    const dir = join(root, 'linked');
    mkdirSync(dir, { mode: 0o700 });
    const outside = join(root, 'elsewhere.log');
    writeFileSync(outside, 'outside\n');
    symlinkSync(outside, join(dir, 'main.log'));
    createElectronLogger(dir).info('a contact was saved', { id: 'c1' });
    expect(readFileSync(outside, 'utf8')).toBe('outside\n');
  });
});
