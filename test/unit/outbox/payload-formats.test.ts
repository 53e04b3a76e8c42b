/**
 * Every stored payload format the app has written is still read by today's code (test/fixtures/outbox-payloads):
 * each fixture comes out as today's shape, every version of every kind has one, and a record whose payload cannot be
 * read is kept aside and reported, never shown or sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Outbox } from '../../../main/core/outbox';
import { KINDS } from '../../../main/core/outbox/kinds';
import { payloadFormat, readPayload } from '../../../main/core/outbox/kinds/stored-format';
import { OP_KINDS } from '../../../main/core/outbox/types';
import { parseJson } from '../../../common/parse-unknown';
import { memoryLogger, tempDir } from '../../support/core-fixture';
import { rewriteStoredOps, unversioned } from '../../support/stored-outbox';
import { memorySettings, openTestOutbox, recordOf, ScriptedService, switchableCipher } from './support';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'outbox-payloads');
const fixture = z.object({
  kind: z.enum(OP_KINDS),
  stored: z.object({ appointmentAt: z.number().nullable(), payload: z.record(z.string(), z.unknown()) }),
  today: z.record(z.string(), z.unknown()),
});
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const version = Number(/\.v(\d+)\.json$/.exec(name)?.[1]);
    return { name, version, ...parseJson(fixture, readFileSync(join(FIXTURES, name), 'utf8')) };
  });

const dirs: Array<{ cleanup(): void }> = [];
const boxes: Outbox[] = [];
afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  dirs.splice(0).forEach((d) => d.cleanup());
});

describe('stored outbox payloads', () => {
  it.each(fixtures)('$name is read as today’s shape, with or without its version beside it', (f) => {
    const format = KINDS[f.kind].format;
    const facts = { appointmentAt: f.stored.appointmentAt };
    expect(readPayload(format, f.stored.payload, undefined, facts)).toEqual(f.today);
    expect(readPayload(format, f.stored.payload, f.version, facts)).toEqual(f.today);
  });

  it('every version of every kind has a fixture', () => {
    const missing = OP_KINDS.flatMap((kind) => {
      const { first, version } = KINDS[kind].format;
      return Array.from({ length: version - first + 1 }, (_, i) => `${kind}.v${first + i}.json`);
    }).filter((name) => !fixtures.some((f) => f.name === name));
    expect(missing).toEqual([]);
  });

  it('a payload of a newer version, or one that does not fit, is refused', () => {
    const format = KINDS['contact.create'].format;
    const facts = { appointmentAt: null };
    expect(() => readPayload(format, { address_book_id: 1, name: 'A' }, format.version + 1, facts)).toThrow(/newer/);
    expect(() => readPayload(format, { address_book_id: 1 }, undefined, facts)).toThrow();
  });

  it('migrations must run in order from the first version', () => {
    const up = (old: Record<string, unknown>) => old;
    expect(() => payloadFormat({ schema: z.object({}), migrations: [{ version: 3, up }] })).toThrow(/not 2/);
    expect(payloadFormat({ schema: z.object({}), first: 0, migrations: [{ version: 1, up }] }).version).toBe(1);
  });
});

describe('a queued change whose payload cannot be read', () => {
  it('is kept aside and counted, never shown or sent; the others go out once', async () => {
    const d = tempDir('outbox-payload-');
    dirs.push(d);
    const settings = memorySettings();
    const offline = new ScriptedService(() => ({}));
    const first = await openTestOutbox({ dataDir: d.dir, service: offline, settings, online: () => false });
    for (const name of ['Ada One', 'Ben Two', 'Cy Three'])
      await first.enqueue('contact.create', { address_book_id: 1, name });
    await first.close();
    // Ben's change as a later version would store it: a shape this one does not know.
    await rewriteStoredOps(d.dir, { settings, cipher: switchableCipher() }, (op) =>
      op.payload.name === 'Ben Two' ? { ...op, payloadVersion: 7, payload: { person: { name: 'Ben Two' } } } : op,
    );

    let id = 100;
    const service = new ScriptedService((call) => ({ contacts: [{ id: id++, name: recordOf(call).name }] }));
    const log = memoryLogger();
    const box = await openTestOutbox({ dataDir: d.dir, service, settings, log });
    boxes.push(box);
    expect(box.list().map((op) => op.payload.name)).toEqual(['Ada One', 'Cy Three']);
    expect(box.keptAside()?.count).toBe(1);
    expect(log.lines.join('\n')).toContain('queued changes of a shape this version cannot read were kept aside');
    const kept = readFileSync(join(d.dir, 'outbox', 'kept-aside.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(kept.map((line) => (JSON.parse(line) as { reason: string }).reason)).toEqual([
      'not readable by this version',
    ]);
    box.start();
    await box.settled();
    expect(service.calls.map((c) => recordOf(c).name)).toEqual(['Ada One', 'Cy Three']);
    expect(JSON.stringify(service.calls)).not.toContain('Ben');
  });

  it('stored without a version, is read as version 1 and sent', async () => {
    const d = tempDir('outbox-payload-');
    dirs.push(d);
    const settings = memorySettings();
    const offline = new ScriptedService(() => ({}));
    const first = await openTestOutbox({ dataDir: d.dir, service: offline, settings, online: () => false });
    await first.enqueue('contact.create', { address_book_id: 1, name: 'Ada One' });
    await first.close();
    await rewriteStoredOps(d.dir, { settings, cipher: switchableCipher() }, unversioned);
    const service = new ScriptedService(() => ({ contacts: [{ id: 1, name: 'Ada One' }] }));
    const box = await openTestOutbox({ dataDir: d.dir, service, settings });
    boxes.push(box);
    expect(box.list().map((op) => [op.payload.name, op.payloadVersion])).toEqual([['Ada One', 1]]);
    box.start();
    await box.settled();
    expect(service.calls).toHaveLength(1);
    expect(box.keptAside()).toBeNull();
  });
});
