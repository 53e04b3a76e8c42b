/**
 * Safe start: a damaged settings file, saved sign-in or offline copy never stops Frontdesk; each is kept aside for
 * support with a note in the log. The data folder is made private (0700), and a key file someone else could read,
 * or that belongs to someone else, is refused with a message that says what to do.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createNodePlatform } from '../../../main/browser-host/node-platform';
import { DataFolderError } from '../../../main/core/data-folder';
import { useSandbox } from '../../support/bootstrap';
import { waitFor } from '../../support/wait';
import { signInAs } from '../../support/auth-fixture';
import { makeCore, memoryLogger, tempDir } from '../../support/core-fixture';

const kit = useSandbox({ contacts: 5, events: 5 });
const folders: Array<{ cleanup(): void }> = [];
afterAll(() => {
  folders.forEach((f) => f.cleanup());
});

function folder(): string {
  const f = tempDir('safe-start-');
  folders.push(f);
  return f.dir;
}

/** Signs in on a fresh data folder and stops, leaving a saved sign-in and settings behind. */
async function signedInFolder(): Promise<string> {
  const dir = folder();
  const made = makeCore(kit.sb.url, { dataDir: dir });
  await made.core.start();
  await signInAs(made, 'owner@frontdesk.test');
  expect(made.core.auth.status().state).toBe('signed_in');
  await made.core.stop();
  return dir;
}

const asideOf = (dir: string, name: string) => readdirSync(dir).filter((n) => n.startsWith(`${name}.damaged-`));

describe('safe start', () => {
  it('a truncated settings.json is kept aside and start-up goes on, signed out', async () => {
    const dir = await signedInFolder();
    const settings = join(dir, 'settings.json');
    const whole = readFileSync(settings, 'utf8');
    const torn = whole.slice(0, Math.floor(whole.length / 2));
    writeFileSync(settings, torn);

    const made = makeCore(kit.sb.url, { dataDir: dir });
    await made.core.start();
    try {
      expect(made.core.auth.status().state).toBe('signed_out');
      const aside = asideOf(dir, 'settings.json');
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(torn);
      expect(made.log.lines.some((l) => l.includes('moved a damaged file aside'))).toBe(true);
      // And it works as before: signing in again saves a readable settings file.
      await signInAs(made, 'owner@frontdesk.test');
      expect(() => JSON.parse(readFileSync(settings, 'utf8')) as unknown).not.toThrow();
    } finally {
      await made.core.stop();
    }
  });

  it('a saved sign-in that cannot be read means signed out, and it is kept aside', async () => {
    const dir = await signedInFolder();
    const settings = join(dir, 'settings.json');
    const data = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>;
    const vault = data['vault'] as Record<string, string>;
    const sealed = vault['session']!;
    vault['session'] = `${sealed.slice(0, 20)}AAAA${sealed.slice(24)}`;
    writeFileSync(settings, JSON.stringify(data));

    const made = makeCore(kit.sb.url, { dataDir: dir });
    await made.core.start();
    try {
      expect(made.core.auth.status().state).toBe('signed_out');
      expect(made.platform.settings.get('vault.damagedSession')).toBe(vault['session']);
      expect(made.log.lines.some((l) => l.includes('the saved sign-in could not be read; kept aside'))).toBe(true);
    } finally {
      await made.core.stop();
    }
  });

  it('an offline copy that cannot be read is kept aside and the next answer replaces it', async () => {
    const dir = await signedInFolder();
    const made = makeCore(kit.sb.url, { dataDir: dir });
    await made.core.start();
    try {
      const search = { query: '' };
      const first = await made.core.dispatch('contacts:search', search, { url: 'app://frontdesk', isMainFrame: true });
      expect(first.ok).toBe(true);
      await made.core.stop(); // flushes the offline copies
      const cacheFiles = (readdirSync(join(dir, 'cache'), { recursive: true }) as string[]).filter((f) =>
        f.endsWith('.bin'),
      );
      expect(cacheFiles.length).toBeGreaterThan(0);
      for (const f of cacheFiles) writeFileSync(join(dir, 'cache', f), 'not sealed');

      // The service is out for the second start, so its read-ahead cannot write a fresh copy over the damaged one
      // before the app reads it (the race CI met).
      await kit.admin().faults({ offline: true });
      const again = makeCore(kit.sb.url, { dataDir: dir });
      await again.core.start();
      // The damaged copy is a miss: with the service out, the search says so instead of answering from it.
      const cached = await again.core.dispatch(
        'contacts:search',
        { ...search, savedFirst: true },
        { url: 'app://frontdesk', isMainFrame: true },
      );
      expect(cached).toMatchObject({ ok: false, error: { code: 'offline' } });
      const damaged = (readdirSync(join(dir, 'cache'), { recursive: true }) as string[]).filter((f) =>
        f.endsWith('.bin.damaged'),
      );
      expect(damaged.length).toBeGreaterThan(0);
      expect(again.log.lines.some((l) => l.includes('a cached view could not be read; kept aside'))).toBe(true);
      await again.core.stop();
    } finally {
      await made.core.stop().catch(() => undefined);
      await kit.admin().clearFaults();
    }
  });

  it('makes an existing data folder private (0777 → 0700)', () => {
    const dir = folder();
    chmodSync(dir, 0o777);
    const log = memoryLogger();
    createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined, log });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(log.lines.some((l) => l.includes('tightened the data folder to 0700'))).toBe(true);
  });

  it('refuses a key file that others can read, with a message that says what to do', () => {
    const dir = folder();
    writeFileSync(join(dir, 'vault.key'), Buffer.alloc(32, 7), { mode: 0o644 });
    chmodSync(join(dir, 'vault.key'), 0o644);
    const start = () => createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined });
    expect(start).toThrow(DataFolderError);
    expect(start).toThrow(/can be read or changed by other users \(mode 0644\).*chmod 600/);
    expect(existsSync(join(dir, 'vault.key'))).toBe(true);
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)(
    'refuses a key file that belongs to another user (needs root to make one; skipped otherwise)',
    () => {
      const dir = folder();
      writeFileSync(join(dir, 'vault.key'), Buffer.alloc(32, 7), { mode: 0o600 });
      chownSync(join(dir, 'vault.key'), 65534, 65534);
      expect(() => createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined })).toThrow(
        /belongs to another user/,
      );
    },
  );

  it.skipIf(!root)(
    'refuses a data folder that belongs to another user (needs root to make one; skipped otherwise)',
    () => {
      const dir = folder();
      chownSync(dir, 65534, 65534);
      const start = () => createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined });
      expect(start).toThrow(DataFolderError);
      expect(start).toThrow(/The data folder .* belongs to another user.*run Frontdesk as its owner/);
      // Left as it was: neither taken over nor tightened.
      expect(statSync(dir).uid).toBe(65534);
    },
  );

  it('refuses a key file that is not a plain file: a link to a private key elsewhere, or a folder', () => {
    const linked = folder();
    const elsewhere = join(folder(), 'planted.key');
    writeFileSync(elsewhere, Buffer.alloc(32, 7), { mode: 0o600 });
    symlinkSync(elsewhere, join(linked, 'vault.key'));
    const startIn = (dir: string) => () =>
      createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined, log: memoryLogger() });
    expect(startIn(linked)).toThrow(DataFolderError);
    expect(startIn(linked)).toThrow(/vault\.key: it is not a plain file\. If you did not put it there, remove it/);

    const withFolder = folder();
    mkdirSync(join(withFolder, 'vault.key'), { mode: 0o700 });
    expect(startIn(withFolder)).toThrow(/vault\.key: it is not a plain file/);
  });

  it('a pipe planted at settings.json does not hang start-up: it is moved aside', async () => {
    const dir = folder();
    execFileSync('mkfifo', [join(dir, 'settings.json')]);
    // In a child: a start that waits on the pipe would block this thread for good, not just fail.
    // It says when its code is loaded: from there a start that does not wait on the pipe takes a moment.
    const start = `import(${JSON.stringify(join(__dirname, '../../../main/browser-host/node-platform.ts'))}).then((m) => {
      console.log('loaded');
      m.createNodePlatform({ dataDir: ${JSON.stringify(dir)}, appVersion: 't', openUrl: () => undefined,
        log: { debug() {}, info() {}, warn() {}, error() {} } });
      console.log('started');
    })`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', start], { timeout: 30_000 });
    // A start that hangs on the pipe outlives a test that timed out (the spawn's own timeout lives in this worker).
    onTestFinished(() => void child.kill('SIGKILL'));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    let code: number | null | undefined;
    child.on('exit', (c) => (code = c));
    await waitFor(() => out.includes('loaded') || code !== undefined, { what: 'the start to load', timeoutMs: 25_000 });
    // Loaded, the start reads a few small files: seconds later it has either started or hangs on the pipe.
    await waitFor(() => code !== undefined, { what: 'the start to finish (not hang on the pipe)', timeoutMs: 5_000 });
    expect(out.split('\n').filter(Boolean)).toEqual(['loaded', 'started']);
    expect(code).toBe(0);
    expect(asideOf(dir, 'settings.json')).toHaveLength(1);
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
  });
});
