/**
 * The outbox log is tamper-evident: every record is sealed to its place (file id and number) and the watermark beside
 * the log says how many were confirmed. A deleted line, a cut inside an older record, the last records cut off, a
 * reordered pair and a record from another log sealed with the same key are each found; what may not have been sent
 * is counted by change, and a lost status update of a change still there is no lost change (it is checked with the
 * service instead, so nothing is sent twice).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../main/core/outbox';
import { KeptAside } from '../../../main/core/outbox/kept-aside';
import { OpLog } from '../../../main/core/outbox/op-log';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { makeOp, memorySettings, openTestOutbox, recordOf, ScriptedService, type Call } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

function folder(): string {
  const d = tempDir('outbox-tamper-');
  dirs.push(d);
  return d.dir;
}

const NAMES = ['Ada One', 'Ben Two', 'Cy Three', 'Dee Four', 'Eve Five'];

/** A data folder whose outbox holds `count` queued contact changes (offline: nothing sent). */
async function folderWith(count: number) {
  const dir = folder();
  const settings = memorySettings();
  const offline = { service: new ScriptedService(() => ({})), settings, online: () => false };
  const box = await openTestOutbox({ dataDir: dir, ...offline });
  for (const name of NAMES.slice(0, count)) await box.enqueue('contact.create', { address_book_id: 1, name });
  await box.close();
  const logFile = join(dir, 'outbox', 'outbox.log');
  const reopen = async () => {
    const log = memoryLogger();
    const again = await openTestOutbox({ dataDir: dir, ...offline, log });
    boxes.push(again);
    return { box: again, log: log.lines.join('\n') };
  };
  return { dir, logFile, settings, reopen };
}

/** The log's lines, with their newlines: the header first, then one per record. */
const lines = (file: string) => readFileSync(file, 'utf8').split(/(?<=\n)/);
const names = (box: Outbox) => box.list().map((op) => op.payload.name);
/** The reasons recorded beside the kept bytes. */
const keptReasons = (dir: string) =>
  readFileSync(join(dir, 'outbox', 'kept-aside.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { reason: string }).reason);

describe('a tampered or cut outbox log', () => {
  it('one whole record line deleted: found, and counted as a change that may not have been sent', async () => {
    const f = await folderWith(3);
    const [head, a, , c] = lines(f.logFile);
    writeFileSync(f.logFile, `${head}${a}${c}`);
    const { box, log } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Cy Three']);
    expect(box.keptAside()?.count).toBe(1);
    expect(log).toContain('records confirmed as saved are missing');
  });

  it('a cut inside an older, confirmed record: every change after it is counted, not taken for an unfinished write', async () => {
    const f = await folderWith(5);
    const whole = readFileSync(f.logFile);
    const [head, a, b] = lines(f.logFile);
    // Halfway into the second record: it and the three after it are gone.
    const cut = Buffer.byteLength(`${head}${a}`) + Math.floor(Buffer.byteLength(b!) / 2);
    writeFileSync(f.logFile, whole.subarray(0, cut));
    const { box, log } = await f.reopen();
    expect(names(box)).toEqual(['Ada One']);
    expect(box.keptAside()?.count).toBe(4);
    expect(keptReasons(f.dir)).toEqual(['cut inside a record']);
    expect(log).not.toContain('unfinished last write');
  });

  it('the last two records cut off at a line end: counted (the watermark says they were saved)', async () => {
    const f = await folderWith(5);
    const all = lines(f.logFile);
    writeFileSync(f.logFile, all.slice(0, 4).join(''));
    const { box } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Ben Two', 'Cy Three']);
    expect(box.keptAside()?.count).toBe(2);
  });

  it('a reordered pair: replayed in its places (the edit stays the edit), said in the log, nothing reported lost', async () => {
    const dir = folder();
    const settings = memorySettings();
    const offline = { service: new ScriptedService(() => ({})), settings, online: () => false };
    const box = await openTestOutbox({ dataDir: dir, ...offline });
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Ada One' });
    await box.edit(op.id, { address_book_id: 1, name: 'Ada Edited' });
    await box.close();
    const logFile = join(dir, 'outbox', 'outbox.log');
    const [head, first, edit] = lines(logFile);
    writeFileSync(logFile, `${head}${edit}${first}`);
    const log = memoryLogger();
    const again = await openTestOutbox({ dataDir: dir, ...offline, log });
    boxes.push(again);
    expect(names(again)).toEqual(['Ada Edited']);
    expect(again.keptAside()).toBeNull();
    expect(log.lines.join('\n')).toContain('out of order');
  });

  describe('a record from another log sealed with the same key', () => {
    const key = randomBytes(32);
    async function twoLogs() {
      const ours = folder();
      const theirs = folder();
      for (const [dir, ids] of [
        [ours, ['a', 'b', 'c']],
        [theirs, ['x', 'y', 'z']],
      ] as const) {
        const { opLog } = await OpLog.open(dir, key, memoryLogger(), new KeptAside(dir), 1);
        for (const id of ids) await opLog.append({ t: 'put', op: makeOp({ id }) });
        await opLog.close();
      }
      return { ours, foreign: lines(join(theirs, 'outbox.log')) };
    }
    const reopen = async (dir: string) => {
      const kept = new KeptAside(dir);
      const log = memoryLogger();
      const { opLog, records } = await OpLog.open(dir, key, log, kept, 2);
      await opLog.close();
      return { ids: records.flatMap((r) => (r.t === 'put' ? [r.op.id] : [])), kept, log: log.lines.join('\n') };
    };

    it('put in place of one of ours: not replayed, and ours counted as lost', async () => {
      const { ours, foreign } = await twoLogs();
      const [head, a, , c] = lines(join(ours, 'outbox.log'));
      writeFileSync(join(ours, 'outbox.log'), `${head}${a}${foreign[2]}${c}`);
      const { ids, kept } = await reopen(ours);
      expect(ids).toEqual(['a', 'c']);
      expect(kept.notice()?.count).toBe(1);
    });

    it('slipped in between ours: not replayed, kept aside, nothing of ours lost', async () => {
      const { ours, foreign } = await twoLogs();
      const [head, a, b, c] = lines(join(ours, 'outbox.log'));
      writeFileSync(join(ours, 'outbox.log'), `${head}${a}${foreign[2]}${b}${c}`);
      const { ids, kept, log } = await reopen(ours);
      expect(ids).toEqual(['a', 'b', 'c']);
      expect(kept.notice()).toBeNull();
      expect(log).toContain('damaged outbox lines were kept aside');
    });
    it('from a copy of the whole folder (same file id), each queueing its own: not replayed, ours counted', async () => {
      const ours = folder();
      const theirs = folder();
      const queue = async (dir: string, ids: string[]) => {
        const { opLog } = await OpLog.open(dir, key, memoryLogger(), new KeptAside(dir), 1);
        for (const id of ids) await opLog.append({ t: 'put', op: makeOp({ id }) });
        await opLog.close();
      };
      await queue(ours, ['a', 'b']);
      cpSync(ours, theirs, { recursive: true });
      await queue(ours, ['c']);
      await queue(theirs, ['x']);
      // Their record at the place of ours: sealed with the same key, at the same number.
      const mine = lines(join(ours, 'outbox.log'));
      writeFileSync(
        join(ours, 'outbox.log'),
        [...mine.slice(0, -1), lines(join(theirs, 'outbox.log')).at(-1)].join(''),
      );
      const { ids, kept } = await reopen(ours);
      expect(ids).toEqual(['a', 'b']);
      expect(kept.notice()?.count).toBe(1);
    });
  });

  it('the "done" record of a sent change damaged: no lost change is reported, and it is not sent again', async () => {
    const dir = folder();
    const settings = memorySettings();
    const created = { id: 71, name: 'Ada One' };
    const answer = (call: Call) => (call.method === 'GET' ? created : { contacts: [created] });
    const service = new ScriptedService(answer);
    const box = await openTestOutbox({ dataDir: dir, service, settings });
    box.start();
    const op = await box.enqueue('contact.create', { address_book_id: 1, name: 'Ada One' });
    await box.settled();
    expect(box.get(op.id)?.status).toBe('done');
    await box.close();
    const logFile = join(dir, 'outbox', 'outbox.log');
    const all = lines(logFile);
    const done = all.at(-1)!;
    const at = done.length - 12;
    all[all.length - 1] = `${done.slice(0, at)}${done[at] === 'A' ? 'B' : 'A'}${done.slice(at + 1)}`;
    writeFileSync(logFile, all.join(''));
    const log = memoryLogger();
    const again = await openTestOutbox({ dataDir: dir, service, settings, log });
    boxes.push(again);
    expect(again.keptAside()).toBeNull();
    again.start();
    await again.settled();
    expect(again.get(op.id)?.status).toBe('done');
    // Looked up (it may have been sent), found, never posted a second time.
    expect(service.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/contacts', 'GET /v1/contact']);
    expect(recordOf(service.calls[0]!).name).toBe('Ada One');
  });
});
