import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../main/core/log/file-logger';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'frontdesk-log-'));
  dirs.push(dir);
  return join(dir, 'logs');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: string; message: string; data?: Record<string, unknown> });

describe('file logger (browser host)', () => {
  it('appends redacted JSON lines to logs/main.log, info and up by default, private to the user', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, now: () => 0 });
    log.info('signed in', { scopes: 3, email: 'maria@example.com' });
    log.warn('refused a WebSocket', { reason: 'no key' });
    expect(lines(join(dir, 'main.log'))).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        message: 'signed in',
        data: { scopes: 3, email: '[redacted]' },
      },
      { time: '1970-01-01T00:00:00.000Z', level: 'warn', message: 'refused a WebSocket', data: { reason: 'no key' } },
    ]);
    if (process.platform !== 'win32') {
      expect(statSync(join(dir, 'main.log')).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });

  it('honours a higher threshold', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, level: 'warn' });
    log.info('quiet');
    log.error('loud');
    expect(lines(join(dir, 'main.log')).map((l) => l.message)).toEqual(['loud']);
  });

  it('rotates past maxSize to main.old.log, keeping one old file, like electron-log', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, maxSize: 300 });
    for (let i = 0; i < 20; i++) log.info('outbox change sent', { n: i });
    expect(readdirSync(dir).sort()).toEqual(['main.log', 'main.old.log']);
    expect(statSync(join(dir, 'main.log')).size).toBeLessThanOrEqual(300 + 100);
    const current = lines(join(dir, 'main.log')).map((l) => l.data?.['n']);
    const old = lines(join(dir, 'main.old.log')).map((l) => l.data?.['n']);
    expect(current.at(-1)).toBe(19);
    expect(old.at(-1)).toBe((current[0] as number) - 1);
  });

  it('never throws when the folder cannot be written', () => {
    const parent = tempDir();
    createFileLogger({ dir: parent }).info('a file where the folder should be');
    const log = createFileLogger({ dir: join(parent, 'main.log', 'logs') });
    expect(() => log.error('x')).not.toThrow();
  });
});
