/**
 * The notice after a loss bounds what may not have been sent by change, not by record: the watermark carries how many
 * changes the log held and how many were not yet confirmed sent as of the marked record, so a deleted log or a cut
 * says "Up to N changes" with N no more than the changes really in doubt, and changes confirmed sent before the loss
 * are not counted.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../main/core/outbox';
import { tempDir } from '../../support/core-fixture';
import { memorySettings, openTestOutbox, ScriptedService, type Call } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

const NAMES = ['Ada', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].map((n) => `${n} Patient`);

/** Eight contact changes: the first three sent and confirmed, the other five queued while offline. */
async function eightThreeSent() {
  const d = tempDir('outbox-bound-');
  dirs.push(d);
  const settings = memorySettings();
  let online = true;
  let next = 100;
  const answer = (call: Call) => {
    const name = ((call.body as { contacts?: Array<{ name: string }> }).contacts ?? [])[0]?.name ?? '';
    return { contacts: [{ id: next++, name }] };
  };
  const service = new ScriptedService(answer);
  const box = await openTestOutbox({ dataDir: d.dir, service, settings, online: () => online });
  box.start();
  for (const name of NAMES.slice(0, 3)) {
    await box.enqueue('contact.create', { address_book_id: 1, name });
    await box.settled();
  }
  expect(box.list().filter((op) => op.status === 'done')).toHaveLength(3);
  online = false;
  for (const name of NAMES.slice(3)) await box.enqueue('contact.create', { address_book_id: 1, name });
  await box.close();
  const logFile = join(d.dir, 'outbox', 'outbox.log');
  const reopen = async () => {
    const again = await openTestOutbox({ dataDir: d.dir, service, settings, online: () => false });
    boxes.push(again);
    return again;
  };
  return { logFile, reopen };
}

describe('the count of changes that may not have been sent', () => {
  it('the whole log deleted (8 changes, 3 of them sent): up to 5, not one per record', async () => {
    const f = await eightThreeSent();
    rmSync(f.logFile);
    const box = await f.reopen();
    expect(box.keptAside()?.count).toBe(5);
  });

  it('a cut inside the fourth record: no more than the unsent changes that are gone', async () => {
    const f = await eightThreeSent();
    const all = readFileSync(f.logFile, 'utf8').split(/(?<=\n)/);
    const before = all.slice(0, 4).join('');
    writeFileSync(f.logFile, before + all[4]!.slice(0, 30));
    const box = await f.reopen();
    const kept = box.list().map((op) => op.payload.name);
    const goneUnsent = NAMES.slice(3).filter((n) => !kept.includes(n)).length;
    expect(goneUnsent).toBe(5);
    expect(box.keptAside()?.count).toBe(goneUnsent);
  });

  it('the log emptied with one change queued: up to 1', async () => {
    const d = tempDir('outbox-bound-');
    dirs.push(d);
    const offline = { service: new ScriptedService(() => ({})), settings: memorySettings(), online: () => false };
    const box = await openTestOutbox({ dataDir: d.dir, ...offline });
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Ada Patient' });
    await box.edit(op.id, { address_book_id: 1, name: 'Ada Edited' });
    await box.close();
    writeFileSync(join(d.dir, 'outbox', 'outbox.log'), '');
    const again = await openTestOutbox({ dataDir: d.dir, ...offline });
    boxes.push(again);
    expect(again.keptAside()?.count).toBe(1);
  });
});
