/**
 * `outbox.mark` gone (or emptied) beside a log of today's format that holds records is not a state a crash leaves
 * (see OpLog.open): the app cannot tell whether the log is whole, so the user is told that some changes may not have
 * been sent, and a fresh mark is started. The one crash state that looks alike (a crash right after the first log
 * was written from an older-format one, before its first mark) is not reported.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../main/core/outbox';
import { systemClock } from '../../../main/core/platform';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { memorySettings, openTestOutbox, ScriptedService } from './support';

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

const offline = () => ({ service: new ScriptedService(() => ({})), online: () => false });

/** A data folder whose outbox holds four queued changes, opened and closed twice (so its log is written from a mark). */
async function fourQueued() {
  const d = tempDir('outbox-mark-');
  dirs.push(d);
  const settings = memorySettings();
  const box = await openTestOutbox({ dataDir: d.dir, settings, ...offline() });
  for (const name of ['Ada One', 'Ben Two', 'Cy Three', 'Dee Four'])
    await box.enqueue('contact.create', { address_book_id: 1, name });
  await box.close();
  await (await openTestOutbox({ dataDir: d.dir, settings, ...offline() })).close();
  const outbox = join(d.dir, 'outbox');
  const reopen = async () => {
    const log = memoryLogger();
    const again = await openTestOutbox({ dataDir: d.dir, settings, ...offline(), log });
    boxes.push(again);
    return { box: again, log: log.lines.join('\n') };
  };
  return { logFile: join(outbox, 'outbox.log'), markFile: join(outbox, 'outbox.mark'), reopen };
}

describe('the watermark missing beside a log that holds records', () => {
  it('deleted, and the log then cut at a line end: the user is told some changes may be missing', async () => {
    const f = await fourQueued();
    rmSync(f.markFile);
    const lines = readFileSync(f.logFile, 'utf8').split(/(?<=\n)/);
    writeFileSync(f.logFile, lines.slice(0, 3).join(''));
    const { box, log } = await f.reopen();
    expect(box.list()).toHaveLength(2);
    expect(box.keptAside()).toMatchObject({ unsure: true });
    expect(log).toContain('cannot tell whether the outbox log is whole');
    // A fresh mark: the next start finds nothing new to report, and the notice stays until noted.
    await box.close();
    boxes.splice(0);
    const next = await f.reopen();
    expect(next.log).not.toContain('cannot tell');
    expect(next.box.keptAside()).toMatchObject({ unsure: true });
  });

  it('deleted together with the log: told too (the key fingerprint beside them says a log was there)', async () => {
    const f = await fourQueued();
    rmSync(f.markFile);
    rmSync(f.logFile);
    const { box } = await f.reopen();
    expect(box.list()).toHaveLength(0);
    expect(box.keptAside()).toMatchObject({ unsure: true });
  });

  it('emptied (its slots gone) beside a log written from an earlier mark: the same', async () => {
    const f = await fourQueued();
    writeFileSync(f.markFile, '');
    const { box } = await f.reopen();
    expect(box.list()).toHaveLength(4);
    expect(box.keptAside()).toMatchObject({ unsure: true });
  });

  it('empty after a crash right after an older-format log was first rewritten: nothing to report', async () => {
    const d = tempDir('outbox-mark-');
    dirs.push(d);
    const fixture = join(__dirname, '..', '..', 'fixtures', 'outbox-format-1');
    cpSync(join(fixture, 'outbox'), join(d.dir, 'outbox'), { recursive: true });
    const settings = memorySettings();
    const saved = JSON.parse(readFileSync(join(fixture, 'settings.json'), 'utf8')) as Record<string, unknown>;
    for (const [k, v] of Object.entries(saved)) settings.set(k, v);
    const clock = { ...systemClock, now: () => Date.parse('2026-11-25T15:01:00Z') };
    await (await openTestOutbox({ dataDir: d.dir, settings, clock, ...offline() })).close();
    // What a crash between that first rewrite and the first mark write leaves: the mark file, with no slot yet.
    writeFileSync(join(d.dir, 'outbox', 'outbox.mark'), '');
    const again = await openTestOutbox({ dataDir: d.dir, settings, clock, ...offline() });
    boxes.push(again);
    expect(again.list()).toHaveLength(3);
    expect(again.keptAside()).toBeNull();
  });
});
