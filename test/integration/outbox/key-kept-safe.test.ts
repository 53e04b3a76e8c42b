/**
 * The outbox key is kept safe. It lives in its own file beside the log, in two copies, so a deleted or damaged
 * settings file costs settings, never the queue, and one damaged copy costs nothing. When the key cannot be unwrapped
 * (the browser host's vault.key lost), Frontdesk says so at once (signed out too), keeps the log and its key as they
 * are, and writes no new key (nor a new vault.key) while the log still needs the old one: putting vault.key back
 * brings every change back; starting afresh sets the old ones aside, whole.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodePlatform } from '../../../main/browser-host/node-platform';
import type { OutboxSummary } from '../../../common/contract';
import { KEY_FILES } from '../../../main/core/outbox/key-file';
import { signInAs } from '../../support/auth-fixture';
import { makeCore, memoryLogger, tempDir } from '../../support/core-fixture';
import { waitFor } from '../../support/wait';
import { drained, mintToken, openOutbox, tokenClient, useSandboxKit } from './helpers';

const ACCOUNT = 'sandbox|owner';
const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };

const kit = useSandboxKit({ contacts: 5, events: 5 });
let token: string;
const folders: Array<{ cleanup(): void }> = [];
beforeAll(async () => {
  token = await mintToken(kit.url, 'owner@frontdesk.test');
});
afterAll(async () => {
  folders.forEach((f) => f.cleanup());
});

function folder(): string {
  const f = tempDir('outbox-key-safe-');
  folders.push(f);
  return f.dir;
}

/** Opens the outbox of `dataDir` against the sandbox; `online` decides whether it may send. */
function open(dataDir: string, online: { now: boolean }) {
  return openOutbox({
    dataDir,
    service: tokenClient(kit.url, () => token),
    account: () => ACCOUNT,
    online: () => online.now,
    options: { doneRetentionMs: Infinity },
  });
}

/**
 * A data folder whose outbox sent 3 new contacts and holds 5 more, waiting (the service was out for them).
 * Each name is new to the sandbox, so the service's own list says whether each was sent once.
 */
async function folderWithWaitingWork(run: string) {
  const dataDir = folder();
  // Settings hold more than the outbox (the sign-in, known accounts): the file is there whatever the outbox keeps.
  createNodePlatform({ dataDir, appVersion: 't', openUrl: () => undefined, log: memoryLogger() }).settings.set(
    'test.marker',
    run,
  );
  const online = { now: true };
  const box = await open(dataDir, online);
  box.start();
  const names = Array.from({ length: 8 }, (_, i) => `Key Safe ${run} ${i}`);
  for (const name of names.slice(0, 3))
    await box.enqueue('contact.create', { address_book_id: 2001, name, external_id: `${run}-${name}` });
  await drained(box, ACCOUNT);
  online.now = false;
  for (const name of names.slice(3))
    await box.enqueue('contact.create', { address_book_id: 2001, name, external_id: `${run}-${name}` });
  expect(box.pending(ACCOUNT)).toHaveLength(5);
  await box.close();
  return { dataDir, names, online };
}

/** How many times the service holds each name. */
async function timesHeld(names: string[]): Promise<number[]> {
  const contacts = (await kit.allPages('/v1/contacts', 'contacts', { address_book_id: 2001 })) as Array<{
    name: string;
  }>;
  return names.map((name) => contacts.filter((c) => c.name === name).length);
}

/** Reopens the folder with the service back, checks nothing was lost or kept aside, and sends what waits. */
async function everyChangeSentOnce(f: { dataDir: string; names: string[] }): Promise<void> {
  const online = { now: true };
  const box = await open(f.dataDir, online);
  try {
    expect(box.keptAside()).toBeNull();
    expect(box.pending(ACCOUNT).map((op) => op.payload.name)).toEqual(f.names.slice(3));
    expect(box.list(ACCOUNT).filter((op) => op.status === 'done')).toHaveLength(3);
    box.start();
    await drained(box, ACCOUNT);
    expect(box.list(ACCOUNT).filter((op) => op.status === 'done')).toHaveLength(8);
  } finally {
    await box.close();
  }
  expect(await timesHeld(f.names)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
}

const bytes = (path: string) => readFileSync(path);
const keyCopies = (dataDir: string) => KEY_FILES.map((name) => bytes(join(dataDir, 'outbox', name)));

describe('the outbox key is kept safe', () => {
  it('settings.json deleted: the queue is intact, every change still there and sent exactly once', async () => {
    const f = await folderWithWaitingWork('deleted');
    rmSync(join(f.dataDir, 'settings.json'));
    await everyChangeSentOnce(f);
  });

  it('settings.json damaged: the queue is intact, every change still there and sent exactly once', async () => {
    const f = await folderWithWaitingWork('damaged');
    const settings = join(f.dataDir, 'settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').slice(0, 9));
    await everyChangeSentOnce(f);
  });

  it('a key an older version kept in settings.json is moved to its own file, so settings can go afterwards', async () => {
    const f = await folderWithWaitingWork('moved');
    // The folder as an older version left it: the wrapped key in settings.json, no key file.
    const copy = JSON.parse(readFileSync(join(f.dataDir, 'outbox', KEY_FILES[0]), 'utf8')) as { key: string };
    const settings = join(f.dataDir, 'settings.json');
    const values = JSON.parse(readFileSync(settings, 'utf8')) as Record<string, unknown>;
    writeFileSync(settings, JSON.stringify({ ...values, outbox: { dataKey: { v: 1, wrapped: copy.key } } }));
    for (const name of KEY_FILES) rmSync(join(f.dataDir, 'outbox', name));

    const box = await open(f.dataDir, { now: false });
    expect(box.pending(ACCOUNT)).toHaveLength(5);
    await box.close();
    expect(readFileSync(settings, 'utf8')).not.toContain(copy.key);
    rmSync(settings);
    await everyChangeSentOnce(f);
  });

  it.each([0, 1] as const)(
    'one copy of the key file damaged (copy %i): the other is used and the damaged one mended',
    async (which) => {
      const f = await folderWithWaitingWork(`copy${which}`);
      const good = keyCopies(f.dataDir)[1 - which]!;
      writeFileSync(join(f.dataDir, 'outbox', KEY_FILES[which]), 'not a key file');
      await everyChangeSentOnce(f);
      expect(keyCopies(f.dataDir)).toEqual([good, good]);
    },
  );

  it('vault.key lost: said at once, signed out too; the log and its key are kept as they are; no new key is written', async () => {
    const f = await folderWithWaitingWork('vault');
    const vaultKey = join(f.dataDir, 'vault.key');
    const oldVaultKey = bytes(vaultKey);
    const logFile = join(f.dataDir, 'outbox', 'outbox.log');
    const before = { log: bytes(logFile), keys: keyCopies(f.dataDir) };
    rmSync(vaultKey);

    const made = makeCore(kit.url, { dataDir: f.dataDir });
    await made.core.start();
    try {
      expect(made.core.auth.status().state).toBe('signed_out');
      const summary = (await made.core.dispatch('outbox:summary', undefined, trusted)) as {
        ok: true;
        value: OutboxSummary;
      };
      expect(summary.ok).toBe(true);
      // Without the key, which of the 8 changes were sent is not known: up to 8 may wait.
      expect(summary.value.locked).toEqual({ changes: 8, keyFile: vaultKey, folder: join(f.dataDir, 'outbox') });
      // Anything that would seal something new is refused rather than writing a new vault.key.
      await expect(made.platform.cipher.encrypt('anything')).rejects.toThrow(/will not make a new one/);
      // Signing in would seal the session with a new vault.key: refused, in words that say what to do.
      const revoked = (await kit.stats()).revocations as number;
      await expect(signInAs(made, 'owner@frontdesk.test')).rejects.toThrow(/vault\.key is missing/);
      // The grant the service issued for that sign-in is not left alive with no one holding it: it is handed back at
      // once (within moments; the wait is that many times over).
      await waitFor(async () => (await kit.stats()).revocations === revoked + 1, {
        what: 'the refused sign-in’s grant to be revoked',
        timeoutMs: 5_000,
      });
      expect(made.core.auth.status().notice?.text).toContain(
        'Put it back from a backup and restart Frontdesk, or start a new, empty outbox.',
      );
      expect(existsSync(vaultKey)).toBe(false);
    } finally {
      await made.core.stop();
    }
    // Kept as they were: the log, both copies of its key, and no vault.key in place of the lost one.
    expect(bytes(logFile)).toEqual(before.log);
    expect(keyCopies(f.dataDir)).toEqual(before.keys);
    expect(existsSync(vaultKey)).toBe(false);

    // The old vault.key put back: every change is there again, and each is sent once.
    writeFileSync(vaultKey, oldVaultKey, { mode: 0o600 });
    await everyChangeSentOnce(f);
  });

  it('both copies of the key file lost: said at once with the file to put back; no new key; put back, all is there', async () => {
    const f = await folderWithWaitingWork('bothcopies');
    const saved = keyCopies(f.dataDir);
    const logFile = join(f.dataDir, 'outbox', 'outbox.log');
    const before = bytes(logFile);
    for (const name of KEY_FILES) rmSync(join(f.dataDir, 'outbox', name));

    const made = makeCore(kit.url, { dataDir: f.dataDir });
    await made.core.start();
    try {
      const summary = (await made.core.dispatch('outbox:summary', undefined, trusted)) as {
        ok: true;
        value: OutboxSummary;
      };
      expect(summary.value.locked).toMatchObject({ keyFile: join(f.dataDir, 'outbox', KEY_FILES[0]) });
    } finally {
      await made.core.stop();
    }
    expect(bytes(logFile)).toEqual(before);
    expect(KEY_FILES.some((name) => existsSync(join(f.dataDir, 'outbox', name)))).toBe(false);

    writeFileSync(join(f.dataDir, 'outbox', KEY_FILES[0]), saved[0]!, { mode: 0o600 });
    await everyChangeSentOnce(f);
  });

  it('vault.key lost, then "start a new, empty outbox": the old log is set aside whole with a count, and work goes on', async () => {
    const f = await folderWithWaitingWork('afresh');
    const logFile = join(f.dataDir, 'outbox', 'outbox.log');
    const before = { log: bytes(logFile), keys: keyCopies(f.dataDir) };
    rmSync(join(f.dataDir, 'vault.key'));

    const made = makeCore(kit.url, { dataDir: f.dataDir });
    await made.core.start();
    try {
      const afresh = (await made.core.dispatch('outbox:start-afresh', undefined, trusted)) as {
        ok: true;
        value: OutboxSummary;
      };
      expect(afresh.ok).toBe(true);
      expect(afresh.value.locked).toBeNull();
      const aside = readdirSync(join(f.dataDir, 'outbox')).filter((n) => n.startsWith('set-aside-'));
      expect(aside).toHaveLength(1);
      const kept = join(f.dataDir, 'outbox', aside[0]!);
      expect(bytes(join(kept, 'outbox.log'))).toEqual(before.log);
      expect(KEY_FILES.map((name) => bytes(join(kept, name)))).toEqual(before.keys);
      expect(readFileSync(join(kept, 'README.txt'), 'utf8')).toContain('at most 8 change(s)');
      // Only now is a new key written, and the new outbox takes work.
      expect(existsSync(join(f.dataDir, 'vault.key'))).toBe(true);
      const op = await made.core.outbox.get().enqueue(
        'contact.create',
        { address_book_id: 2001, name: 'After' },
        {
          accountKey: ACCOUNT,
        },
      );
      expect(made.core.outbox.get().get(op.id)?.status).toBe('queued');
      // Asking again has nothing to set aside.
      const again = await made.core.dispatch('outbox:start-afresh', undefined, trusted);
      expect(again.ok).toBe(false);
    } finally {
      await made.core.stop();
    }
  });
});
