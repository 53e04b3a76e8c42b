/**
 * A data folder written before outbox records were bound to their place (test/fixtures/outbox-format-1, written by
 * that version's own code) is read by today's: the changes still waiting are sent exactly once, the one already done
 * is never sent again, and the log is rewritten in today's format (so no line of the old format is accepted later).
 */
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../main/core/outbox';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { systemClock } from '../../../main/core/platform';
import { memorySettings, openTestOutbox, recordOf, ScriptedService } from './support';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'outbox-format-1');
// A minute after the fixture was written, so Ada's finished change is still shown.
const clock = { ...systemClock, now: () => Date.parse('2026-11-25T15:01:00Z') };
const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

/** A copy of the fixture, with its settings (where that version kept the data key) in memory. */
function fixtureCopy() {
  const d = tempDir('outbox-format-1-');
  dirs.push(d);
  cpSync(join(FIXTURE, 'outbox'), join(d.dir, 'outbox'), { recursive: true });
  const settings = memorySettings();
  const saved = JSON.parse(readFileSync(join(FIXTURE, 'settings.json'), 'utf8')) as Record<string, unknown>;
  for (const [k, v] of Object.entries(saved)) settings.set(k, v);
  return { dir: d.dir, settings };
}

describe('an outbox log of format 1 (before records were bound to their place)', () => {
  it('is read: what waits is sent once, what was done is not sent again, and it is rewritten in format 2', async () => {
    const { dir, settings } = fixtureCopy();
    let id = 500;
    const service = new ScriptedService((call) => ({ contacts: [{ id: id++, name: recordOf(call).name }] }));
    const log = memoryLogger();
    const box = await openTestOutbox({ dataDir: dir, service, settings, log, clock });
    boxes.push(box);
    expect(box.list().map((op) => [op.payload.name, op.status])).toEqual([
      ['Ada One', 'done'],
      ['Ben Two', 'queued'],
      ['Cy Three', 'queued'],
    ]);
    expect(box.keptAside()).toBeNull();
    box.start();
    await box.settled();
    expect(service.calls.map((c) => `${c.method} ${c.path} ${String(recordOf(c).name)}`)).toEqual([
      'POST /v1/contacts Ben Two',
      'POST /v1/contacts Cy Three',
    ]);
    await box.close();
    boxes.splice(0);
    const lines = readFileSync(join(dir, 'outbox', 'outbox.log'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines.every((line) => line.startsWith('2.'))).toBe(true);
    // Opened again: everything done, nothing sent twice, nothing reported.
    const again = await openTestOutbox({ dataDir: dir, service, settings, log, clock });
    boxes.push(again);
    again.start();
    await again.settled();
    expect(again.list().map((op) => op.status)).toEqual(['done', 'done', 'done']);
    expect(service.calls).toHaveLength(2);
    expect(again.keptAside()).toBeNull();
    expect(log.lines.join('\n')).not.toContain('kept aside');
  });

  it('once a log is in format 2, a line of format 1 sealed with the same key is not accepted', async () => {
    const { dir, settings } = fixtureCopy();
    const oldLines = readFileSync(join(dir, 'outbox', 'outbox.log'), 'utf8').split(/(?<=\n)/);
    const service = new ScriptedService(() => ({}));
    const first = await openTestOutbox({ dataDir: dir, service, settings, clock, online: () => false });
    await first.close();
    // Ada's first record (her change, before it was sent) put back: replayed, it would send her again.
    const logFile = join(dir, 'outbox', 'outbox.log');
    appendFileSync(logFile, oldLines[0]!);
    const log = memoryLogger();
    const box = await openTestOutbox({ dataDir: dir, service, settings, log, clock, online: () => false });
    boxes.push(box);
    expect(box.list().map((op) => [op.payload.name, op.status])).toEqual([
      ['Ada One', 'done'],
      ['Ben Two', 'queued'],
      ['Cy Three', 'queued'],
    ]);
    expect(log.lines.join('\n')).toContain('do not belong to this log');
  });
});
