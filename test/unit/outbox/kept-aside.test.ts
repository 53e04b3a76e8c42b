/**
 * A damaged outbox never loses a change silently. For each way the log can be damaged, every readable change is
 * still there, the bytes that cannot be read are kept aside byte for byte, and the user is told how many (until they
 * acknowledge it). Reported once: a restart does not count them again.
 */
import { appendFileSync, chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_FILES } from '../../../main/core/outbox/key-file';
import type { Outbox } from '../../../main/core/outbox';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { memorySettings, openTestOutbox, ScriptedService } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

/** A data folder whose outbox holds three queued contact changes (nothing sent: the service is never reached). */
async function folderWithThree() {
  const d = tempDir('outbox-damage-');
  dirs.push(d);
  const settings = memorySettings();
  const offline = { service: new ScriptedService(() => ({})), settings, online: () => false };
  const box = await openTestOutbox({ dataDir: d.dir, ...offline });
  const ids: string[] = [];
  for (const name of ['Ada One', 'Ben Two', 'Cy Three'])
    ids.push((await box.enqueue('contact.create', { address_book_id: 1, name })).id);
  await box.close();
  const logFile = join(d.dir, 'outbox', 'outbox.log');
  const reopen = async () => {
    const log = memoryLogger();
    const again = await openTestOutbox({ dataDir: d.dir, ...offline, log });
    boxes.push(again);
    return { box: again, log };
  };
  return { dir: d.dir, logFile, settings, ids, reopen };
}

const lines = (file: string) => readFileSync(file, 'utf8').split(/(?<=\n)/);
/** What was kept aside, as the original bytes. */
const kept = (dir: string) =>
  existsSync(join(dir, 'outbox', 'kept-aside.jsonl'))
    ? readFileSync(join(dir, 'outbox', 'kept-aside.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => Buffer.from((JSON.parse(l) as { base64: string }).base64, 'base64').toString())
    : [];
const names = (box: Outbox) => box.list().map((op) => op.payload.name);
const flip = (line: string, at: number) => `${line.slice(0, at)}${line[at] === 'A' ? 'B' : 'A'}${line.slice(at + 1)}`;

describe('a damaged outbox log', () => {
  it('one flipped byte in a middle record: that change is kept aside and counted, the others stay', async () => {
    const f = await folderWithThree();
    const [head, a, b, c] = lines(f.logFile);
    const damaged = flip(b!, 20);
    writeFileSync(f.logFile, `${head}${a}${damaged}${c}`);
    const { box } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Cy Three']);
    expect(box.keptAside()).toMatchObject({ count: 1, file: join(f.dir, 'outbox', 'kept-aside.jsonl') });
    expect(kept(f.dir)).toEqual([damaged]);
  });

  it('one flipped byte in the last record: not taken for a torn write, kept aside and counted', async () => {
    const f = await folderWithThree();
    const [head, a, b, c] = lines(f.logFile);
    const damaged = flip(c!, 30);
    writeFileSync(f.logFile, `${head}${a}${b}${damaged}`);
    const { box } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Ben Two']);
    expect(box.keptAside()?.count).toBe(1);
    expect(kept(f.dir)).toEqual([damaged]);
  });

  it('an unfinished last write past the watermark: its bytes are kept aside, not counted as a change', async () => {
    const f = await folderWithThree();
    const last = lines(f.logFile).at(-1)!;
    // A crash in the middle of writing a fourth record: its caller was never told it was saved.
    appendFileSync(f.logFile, last.replace(/^2\.3\./, '2.4.').slice(0, 60));
    const { box, log } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Ben Two', 'Cy Three']);
    expect(kept(f.dir)).toEqual([last.replace(/^2\.3\./, '2.4.').slice(0, 60)]);
    expect(box.keptAside()).toBeNull();
    expect(log.lines.join('\n')).toContain('unfinished last write');
  });

  it('garbage appended after the records: kept aside byte for byte and counted; nothing readable lost', async () => {
    const f = await folderWithThree();
    appendFileSync(f.logFile, 'garbage line one\ngarbage line two\n');
    const { box } = await f.reopen();
    expect(names(box)).toEqual(['Ada One', 'Ben Two', 'Cy Three']);
    expect(box.keptAside()?.count).toBe(2);
    expect(kept(f.dir)).toEqual(['garbage line one\n', 'garbage line two\n']);
  });

  it('every line replaced: the whole file is kept aside and every line counted', async () => {
    const f = await folderWithThree();
    const replaced = lines(f.logFile)
      .map((l) => flip(l, 10))
      .join('');
    writeFileSync(f.logFile, replaced);
    const { box } = await f.reopen();
    expect(names(box)).toEqual([]);
    expect(box.keptAside()?.count).toBe(3);
    expect(kept(f.dir).join('')).toBe(replaced);
  });

  it('the key replaced (another folder’s key file): the log sealed with the old one is kept aside whole and counted', async () => {
    const f = await folderWithThree();
    const before = readFileSync(f.logFile, 'utf8');
    const other = await folderWithThree();
    for (const name of KEY_FILES) copyFileSync(join(other.dir, 'outbox', name), join(f.dir, 'outbox', name));
    const { box, log } = await f.reopen();
    expect(names(box)).toEqual([]);
    expect(box.keptAside()?.count).toBe(3);
    expect(kept(f.dir)).toEqual([before]);
    expect(log.lines.join('\n')).toContain('sealed with another key');
    // New work goes on in a fresh log.
    await box.enqueue('contact.create', { address_book_id: 1, name: 'After' });
    expect(names(box)).toEqual(['After']);
  });

  it('is reported once: a restart does not count the same bytes again, and acknowledging ends the notice', async () => {
    const f = await folderWithThree();
    appendFileSync(f.logFile, 'garbage\n');
    const first = await f.reopen();
    expect(first.box.keptAside()?.count).toBe(1);
    await first.box.close();
    boxes.splice(boxes.indexOf(first.box), 1);
    const second = await f.reopen();
    expect(second.box.keptAside()?.count).toBe(1);
    await second.box.acknowledgeKeptAside();
    expect(second.box.keptAside()).toBeNull();
    await second.box.close();
    boxes.splice(boxes.indexOf(second.box), 1);
    const third = await f.reopen();
    expect(third.box.keptAside()).toBeNull();
    expect(kept(f.dir)).toEqual(['garbage\n']);
    expect(names(third.box)).toEqual(['Ada One', 'Ben Two', 'Cy Three']);
  });

  const root = process.getuid?.() === 0;
  it.skipIf(root)(
    'a read-only log: replaced by a copy of its records; nothing lost (skipped as root, who can write it anyway)',
    async () => {
      const f = await folderWithThree();
      chmodSync(f.logFile, 0o444);
      const { box, log } = await f.reopen();
      expect(names(box)).toEqual(['Ada One', 'Ben Two', 'Cy Three']);
      await box.enqueue('contact.create', { address_book_id: 1, name: 'Dee Four' });
      expect(log.lines.join('\n')).toContain('could not be written to');
    },
  );
});
