/**
 * Files kept on disk in an earlier format are read with today's code and give what they held: the texts' read marks
 * (test/fixtures/notes-1), the practice store's kept copy (test/fixtures/practice-store-1), and a day of the schedule
 * kept before the booking and change states were named apart (test/fixtures/read-cache-before-states). Each fixture
 * folder's README.md says what it holds.
 */
import { chmodSync, cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { AccountNotes, NOTE_FORMAT } from '../../../main/core/cache/account-notes';
import { ReadCache } from '../../../main/core/cache/read-cache';
import { agendaSlot } from '../../../main/core/calendar/calendar-service';
import { READ_KEY, readSlot } from '../../../main/core/messages/thread-state';
import { STORE_FORMAT, STORE_KEY, storeSlot } from '../../../main/core/store/practice-store';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

/** A copy of a fixture folder, as the data folder a core would start on; its cipher and a log. */
function dataFolder(fixture: string) {
  const d = tempDir(`${fixture}-`);
  dirs.push(d);
  cpSync(join(FIXTURES, fixture), d.dir, { recursive: true });
  // git checks files out readable by others; a key file others can read is refused (as it should be)
  chmodSync(join(d.dir, 'vault.key'), 0o600);
  return { dir: d.dir, cipher: createFileCipher(join(d.dir, 'vault.key'), () => false), log: memoryLogger() };
}

describe('files kept in an earlier format, read with today’s code', () => {
  it('notes version 1: the read marks as they were kept', async () => {
    expect(NOTE_FORMAT).toBe(1);
    const { dir, cipher, log } = dataFolder('notes-1');
    const notes = new AccountNotes(join(dir, 'notes'), cipher, log, async () => true);
    expect(await notes.get('acct', readSlot, READ_KEY)).toEqual([
      [501, 1795000000000],
      [502, 1795000300000],
    ]);
    expect(await notes.get('another', readSlot, READ_KEY)).toBeNull();
    expect(log.lines).toEqual([]);
  });

  it('a note of a version this app does not know is a miss, and is said to be one', async () => {
    const { dir, cipher, log } = dataFolder('notes-1');
    const notes = new AccountNotes(join(dir, 'notes'), cipher, log, async () => true);
    const [sub] = readdirSync(join(dir, 'notes'));
    const [name] = readdirSync(join(dir, 'notes', sub!));
    const file = join(dir, 'notes', sub!, name!);
    const note = { version: NOTE_FORMAT + 1, account: 'acct', key: READ_KEY, value: [[501, 1]], savedAt: 1 };
    writeFileSync(file, await cipher.encrypt(JSON.stringify(note)));
    expect(await notes.get('acct', readSlot, READ_KEY)).toBeNull();
    expect(log.lines.join('\n')).toContain('a kept note is of another version');
  });

  it('the practice store’s copy, version 1: its records as they were kept', async () => {
    expect(STORE_FORMAT).toBe(1);
    const { dir, cipher, log } = dataFolder('practice-store-1');
    const cache = new ReadCache(join(dir, 'cache'), cipher, log, async () => true);
    const hit = await cache.get('acct', storeSlot, STORE_KEY);
    expect(hit?.fetchedAt).toBe(1795000500000);
    const kept = hit!.value;
    expect(kept.version).toBe(1);
    expect(kept.appointments.map((a) => [a.id, a.title, a.zone, a.people.map((p) => p.name)])).toEqual([
      [4101, 'Cleaning', 'America/Chicago', ['Ada One']],
    ]);
    expect(kept.cancelled).toEqual([4099]);
    expect(kept.eventTimes).toEqual([[4102, { start: '2026-12-02T09:00:00-06:00', end: '2026-12-02T09:30:00-06:00' }]]);
    expect(kept.bookings.map((b) => [b.id, b.state, b.eventId, b.name])).toEqual([[9001, 'booked', 4102, 'Ben Two']]);
    expect(kept.contacts.map((c) => [c.key, c.name, c.phones[0]?.display])).toEqual([
      ['id:71', 'Ada One', '(312) 555-0101'],
    ]);
    expect(kept.practice.zone).toBe('America/Chicago');
    expect(kept.practice.calendars).toEqual([{ id: 1001, name: 'Dr. Hart', timeZone: 'America/Chicago' }]);
    expect(kept.practice.pages.map((p) => [p.slug, p.types.map((t) => t.label)])).toEqual([
      ['hart-cleaning', ['Cleaning']],
    ]);
    expect(log.lines).toEqual([]);
  });

  it('a day kept before the states were named: "confirmed" is read as booked, "waiting" as queued', async () => {
    const { dir, cipher, log } = dataFolder('read-cache-before-states');
    const cache = new ReadCache(join(dir, 'cache'), cipher, log, async () => true);
    const hit = await cache.get('acct', agendaSlot, 'calendar:range:2026-12-01T06:00:00.000Z:2026-12-02T06:00:00.000Z');
    expect(hit?.fetchedAt).toBe(1795000000000);
    expect(hit?.value.items.map((i) => [i.id, i.pending, i.booking])).toEqual([
      [
        4101,
        { changeId: 'op-1', status: 'queued', change: 'update' },
        { id: 9001, eventId: 4101, name: 'Ada One', state: 'booked', reason: null },
      ],
      [4103, null, { id: 9002, eventId: 4103, name: 'Cy Three', state: 'failed', reason: 'refused' }],
    ]);
    expect(log.lines).toEqual([]);
  });
});
