/**
 * A folder planted where the outbox keeps a file (its log, its watermark, its key's fingerprint, a temp file) stops
 * the outbox from opening; the message, on screen and in the app's log, names that file so whoever helps can find it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../../support/bootstrap';
import { makeCore, tempDir } from '../../support/core-fixture';
import { openOutbox, tokenClient } from './helpers';

const kit = useSandbox({ contacts: 1, events: 1 });
const folders: Array<{ cleanup(): void }> = [];
afterAll(() => {
  folders.forEach((f) => f.cleanup());
});

describe('a folder planted at one of the outbox files', () => {
  for (const name of ['outbox.log', 'outbox.mark', 'outbox.key-id', 'outbox.log.tmp', 'data-key.json.tmp']) {
    it(`${name}: the message names it`, async () => {
      const f = tempDir('outbox-planted-');
      folders.push(f);
      mkdirSync(join(f.dir, 'outbox', name), { recursive: true });
      const made = makeCore(kit.sb.url, { dataDir: f.dir });
      try {
        await made.core.start();
        const said = made.core.outbox.summary().cannotOpen ?? '';
        expect(said).toContain('Frontdesk cannot read the changes waiting on this computer');
        expect(said).toContain(join(f.dir, 'outbox', name));
        expect(said).toContain('is a folder where Frontdesk keeps a file');
        expect(made.log.lines.find((l) => l.includes('the outbox could not be opened'))).toContain(
          JSON.stringify(join(f.dir, 'outbox', name)),
        );
      } finally {
        await made.cleanup();
      }
    });
  }
});

describe('a pipe planted at outbox.log', () => {
  it('is removed at start, and the one change it stood in for is counted once, not per record', async () => {
    const f = tempDir('outbox-planted-');
    folders.push(f);
    const box = await openOutbox({
      dataDir: f.dir,
      service: tokenClient(kit.sb.url, () => 'no-token'),
      account: () => 'sandbox|owner',
      online: () => false,
    });
    const op = await box.enqueue('contact.create', { address_book_id: 2001, name: 'Pipe Patient' });
    await box.edit(op.id, { address_book_id: 2001, name: 'Pipe Patient Edited' });
    await box.close();
    const logFile = join(f.dir, 'outbox', 'outbox.log');
    rmSync(logFile);
    execFileSync('mkfifo', [logFile]);
    const made = makeCore(kit.sb.url, { dataDir: f.dir });
    try {
      await made.core.start();
      expect(made.core.outbox.summary().keptAside?.count).toBe(1);
    } finally {
      await made.cleanup();
    }
  });
});
