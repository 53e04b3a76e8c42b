/**
 * The whole data folder is the user's, not only its top: at start every entry under `outbox/`, `logs/` and `cache/`
 * is looked at without following links. A link planted there is removed (never followed), an entry of another
 * user's stops start-up with a message, folders are made 0700 and files 0600. And every file the app writes there
 * is opened without following a link planted at its name after that check, so patient data never leaves the folder.
 */
import {
  appendFileSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { createNodePlatform } from '../../../main/browser-host/node-platform';
import { z } from 'zod';
import { cacheSlot, ReadCache } from '../../../main/core/cache/read-cache';
import { DataFolderError } from '../../../main/core/data-folder';
import { createFileLogger } from '../../../main/core/log/file-logger';
import { useSandbox } from '../../support/bootstrap';
import { signInAs } from '../../support/auth-fixture';
import { makeCore, memoryLogger, tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';

const kit = useSandbox({ contacts: 5, events: 5 });
const folders: Array<{ cleanup(): void }> = [];
afterAll(() => {
  folders.forEach((f) => f.cleanup());
});

function folder(): string {
  const f = tempDir('whole-folder-');
  folders.push(f);
  return f.dir;
}

const trusted = { url: 'app://frontdesk', isMainFrame: true };
const INSIDE = ['outbox', 'logs', 'cache'];

/** Every entry under outbox/, logs/ and cache/ (relative to the data folder), folders before what they hold. */
function entriesOf(dir: string): string[] {
  return INSIDE.filter((name) => existsSync(join(dir, name))).flatMap((name) => [
    name,
    ...(readdirSync(join(dir, name), { recursive: true }) as string[]).map((entry) => join(name, entry)),
  ]);
}

/** Writes log lines into `<dir>/logs` the way the browser host does, past one rotation. */
function writeLogs(dir: string): void {
  const logger = createFileLogger({ dir: join(dir, 'logs'), maxSize: 200 });
  for (let i = 0; i < 6; i++) logger.info('a line of the log', { i });
}

/**
 * A data folder as the app leaves it after a day: signed in, a search kept for offline use, a change sent through
 * the outbox, a log with its rotated predecessor, and a damaged outbox record kept aside with its notice.
 */
async function usedFolder(): Promise<string> {
  const dir = folder();
  const made = makeCore(kit.sb.url, { dataDir: dir });
  await made.core.start();
  await signInAs(made, 'owner@frontdesk.test');
  await work(made.core);
  await made.core.stop();
  appendFileSync(join(dir, 'outbox', 'outbox.log'), 'not a record\n');
  const again = makeCore(kit.sb.url, { dataDir: dir });
  await again.core.start();
  await again.core.stop();
  writeLogs(dir);
  const names = entriesOf(dir);
  for (const name of ['outbox/outbox.log', 'outbox/kept-aside.jsonl', 'logs/main.log', 'logs/main.old.log'])
    expect(names).toContain(name);
  expect(names.filter((n) => n.startsWith('cache/') && n.endsWith('.bin')).length).toBeGreaterThan(0);
  return dir;
}

/** A search (kept for offline use) and a new contact (through the outbox), waiting until both are on disk. */
async function work(core: ReturnType<typeof makeCore>['core']): Promise<void> {
  const found = await core.dispatch('contacts:search', { query: '' }, trusted);
  expect(found.ok).toBe(true);
  const created = await core.dispatch('contacts:create', { name: 'Nell Planted', phones: [], emails: [] }, trusted);
  expect(created).toMatchObject({ ok: true });
  const id = (created as { value: { id: string } }).value.id;
  await waitFor(() => core.outbox.get().get(id)?.status === 'done', { what: 'the new contact to be sent' });
}

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

describe('the whole data folder', () => {
  it('tightens every folder under outbox/, logs/ and cache/ to 0700 and every file to 0600', async () => {
    const dir = await usedFolder();
    const names = entriesOf(dir);
    const folders = new Set(names.filter((name) => lstatSync(join(dir, name)).isDirectory()));
    for (const name of names) chmodSync(join(dir, name), folders.has(name) ? 0o777 : 0o666);

    const log = memoryLogger();
    createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined, log });

    const open = names.filter((name) => modeOf(join(dir, name)) !== (folders.has(name) ? 0o700 : 0o600));
    const shown = names.map((name) => `${name} ${modeOf(join(dir, name)).toString(8)}`);
    expect(open, shown.join('\n')).toEqual([]);
    expect(log.lines.some((l) => l.includes('tightened entries inside the data folder'))).toBe(true);
  });

  it('removes a link planted at each file the app writes there, and writes nothing outside the folder', async () => {
    const dir = await usedFolder();
    const outside = folder();
    const planted = entriesOf(dir).filter((name) => !lstatSync(join(dir, name)).isDirectory());
    for (const name of planted) {
      const target = join(outside, name.replaceAll('/', '_'));
      writeFileSync(target, 'outside\n');
      rmSync(join(dir, name));
      symlinkSync(target, join(dir, name));
    }
    // And the folder of an account's offline copies, as a link to a folder elsewhere.
    const account = entriesOf(dir).find(
      (name) => name.startsWith('cache/') && lstatSync(join(dir, name)).isDirectory(),
    )!;
    rmSync(join(dir, account), { recursive: true });
    mkdirSync(join(outside, 'account'));
    symlinkSync(join(outside, 'account'), join(dir, account));
    const before = readdirSync(outside).sort();
    const links = entriesOf(dir).filter((name) => lstatSync(join(dir, name)).isSymbolicLink());
    expect(links).toContain('outbox/kept-aside.jsonl');

    const made = makeCore(kit.sb.url, { dataDir: dir });
    await made.core.start();
    try {
      await signInAs(made, 'owner@frontdesk.test');
      await work(made.core);
      writeLogs(dir);
    } finally {
      await made.core.stop();
    }

    expect(readdirSync(outside).sort()).toEqual(before);
    expect(readdirSync(join(outside, 'account'))).toEqual([]);
    for (const name of before.filter((n) => n !== 'account'))
      expect(readFileSync(join(outside, name), 'utf8'), name).toBe('outside\n');
    expect(entriesOf(dir).filter((name) => lstatSync(join(dir, name)).isSymbolicLink())).toEqual([]);
    const removed = made.log.lines.filter((l) => l.includes('removed a link from the data folder'));
    expect(removed).toHaveLength(links.length);
    expect(removed.join('\n')).toContain('"entry":"outbox/kept-aside.jsonl"');
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)(
    'refuses to start when an entry there belongs to another user, and leaves it as it is (needs root)',
    async () => {
      const dir = await usedFolder();
      for (const name of ['outbox/outbox.log', 'cache']) {
        chownSync(join(dir, name), 65534, 65534);
        const start = () =>
          createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined, log: memoryLogger() });
        expect(start).toThrow(DataFolderError);
        expect(start).toThrow(
          new RegExp(`${join(dir, name)} belongs to another user.*If you did not put it there, remove it`),
        );
        expect(lstatSync(join(dir, name)).uid).toBe(65534);
        chownSync(join(dir, name), 0, 0);
      }
    },
  );
});

describe('files are opened without following a link planted at their name later', () => {
  it('the log writer writes nothing through a link at logs/main.log', () => {
    const dir = folder();
    const outside = join(folder(), 'elsewhere.log');
    writeFileSync(outside, 'outside\n');
    mkdirSync(join(dir, 'logs'), { mode: 0o700 });
    symlinkSync(outside, join(dir, 'logs', 'main.log'));
    const logger = createFileLogger({ dir: join(dir, 'logs') });
    logger.warn('a contact was saved', { id: 'c1' });
    expect(readFileSync(outside, 'utf8')).toBe('outside\n');
  });

  it('the outbox writes nothing through a link at the files it keeps (kept-aside.jsonl and the others)', async () => {
    const used = await usedFolder();
    const names = entriesOf(used).filter((name) => name.startsWith('outbox/'));
    expect(names).toContain('outbox/kept-aside.jsonl');
    for (const name of names) {
      const dir = folder();
      cpSync(used, dir, { recursive: true });
      // A damaged record, so that opening the outbox writes what it could not read aside (not with a link at the log
      // itself: the rewrite that drops the record replaces the link, and no append would then meet it).
      if (name !== 'outbox/outbox.log') appendFileSync(join(dir, 'outbox', 'outbox.log'), 'not a record\n');
      const made = makeCore(kit.sb.url, { dataDir: dir }); // the start-up check runs here, before the link is planted
      const outside = join(folder(), 'elsewhere');
      renameSync(join(dir, name), outside);
      symlinkSync(outside, join(dir, name));
      const bytes = readFileSync(outside);
      await made.core.start();
      try {
        // Still signed in from before: a new change is appended to the log (or refused when it cannot be opened).
        expect(made.core.auth.status().state).toBe('signed_in');
        await made.core.dispatch('contacts:create', { name: 'Nell Planted', phones: [], emails: [] }, trusted);
      } finally {
        await made.core.stop();
      }
      expect(readFileSync(outside).equals(bytes), `written through a link at ${name}`).toBe(true);
    }
  });

  it('the read cache does not read an offline copy through a link', async () => {
    const dir = folder();
    const cipher = createFileCipher(join(dir, 'vault.key'));
    const first = new ReadCache(join(dir, 'cache'), cipher, memoryLogger(), async () => true);
    const slot = cacheSlot('names', z.object({ names: z.array(z.string()) }));
    await first.put('account', slot, 'contacts:search', { names: ['Nell Planted'] }, 1);
    const file = (readdirSync(join(dir, 'cache'), { recursive: true }) as string[]).find((f) => f.endsWith('.bin'))!;
    const outside = join(folder(), 'elsewhere.bin');
    renameSync(join(dir, 'cache', file), outside);
    symlinkSync(outside, join(dir, 'cache', file));

    const log = memoryLogger();
    const again = new ReadCache(join(dir, 'cache'), cipher, log, async () => true);
    expect(await again.get('account', slot, 'contacts:search')).toBeNull();
    expect(lstatSync(outside).isFile()).toBe(true);
  });

  it('a link at settings.json is moved aside, never read as the settings nor written through', () => {
    const dir = folder();
    const outside = join(folder(), 'elsewhere.json');
    writeFileSync(outside, JSON.stringify({ planted: 'yes' }));
    symlinkSync(outside, join(dir, 'settings.json'));
    const log = memoryLogger();
    const platform = createNodePlatform({ dataDir: dir, appVersion: 't', openUrl: () => undefined, log });
    expect(platform.settings.get('planted')).toBeUndefined();
    platform.settings.set('kept', 1);
    expect(readFileSync(outside, 'utf8')).toBe(JSON.stringify({ planted: 'yes' }));
    expect(lstatSync(join(dir, 'settings.json')).isFile()).toBe(true);
    expect(log.lines.some((l) => l.includes('moved a damaged file aside'))).toBe(true);
  });
});
