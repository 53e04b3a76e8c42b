/**
 * The account notes (the texts' read marks) outlive a restart, sealed on disk, and are handed only to the account they
 * were written for: another account's sign-in on the same workstation reads nothing of them, even from a file copied
 * to its own name.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFileCipher } from '../../../main/browser-host/file-cipher';
import { AccountNotes } from '../../../main/core/cache/account-notes';
import { cacheSlot } from '../../../main/core/cache/read-cache';
import { memoryLogger, tempDir } from '../../support/core-fixture';

const dirs: { cleanup(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

const slot = cacheSlot('read marks', z.array(z.tuple([z.number(), z.number()])));
const OWNER = 'https://service.test|owner@practice.test';
const STAFF = 'https://service.test|staff@salon.test';
const MARKS: [number, number][] = [
  [70001, 1_796_000_000_000],
  [70002, 1_796_000_100_000],
];

/** The file name part account-notes.ts gives an account or a key. */
const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Notes on a data folder, as a core started on it would have them (a new instance reads from disk only). */
function notesOn(dir: string, persistent = true): AccountNotes {
  return new AccountNotes(
    join(dir, 'notes'),
    createFileCipher(join(dir, 'key')),
    memoryLogger(),
    async () => persistent,
  );
}

function folder(): string {
  const t = tempDir('account-notes-');
  dirs.push(t);
  return t.dir;
}

const noteFiles = (dir: string) =>
  (readdirSync(join(dir, 'notes'), { recursive: true }) as string[])
    .filter((name) => name.endsWith('.bin'))
    .map((name) => join(dir, 'notes', name));

describe('account notes', () => {
  it('are read back by the same account after a restart, sealed on disk', async () => {
    const dir = folder();
    await notesOn(dir).put(OWNER, slot, 'messages:read', MARKS, 1);
    expect(await notesOn(dir).get(OWNER, slot, 'messages:read')).toEqual(MARKS);
    const [file] = noteFiles(dir);
    const bytes = readFileSync(file!);
    for (const plain of [OWNER, 'messages:read', String(MARKS[0]![0]), String(MARKS[0]![1])])
      expect(bytes.includes(Buffer.from(plain))).toBe(false);
  });

  it('are never handed to another account, not even from a copy at its own name', async () => {
    const dir = folder();
    await notesOn(dir).put(OWNER, slot, 'messages:read', MARKS, 1);
    expect(await notesOn(dir).get(STAFF, slot, 'messages:read')).toBeNull();

    // The owner's sealed note copied to where the staff account's note is read from.
    const place = (account: string) => join(dir, 'notes', hash(account), `${hash('messages:read')}.bin`);
    mkdirSync(join(place(STAFF), '..'), { recursive: true });
    copyFileSync(place(OWNER), place(STAFF));
    expect(await notesOn(dir).get(STAFF, slot, 'messages:read')).toBeNull();
    expect(await notesOn(dir).get(OWNER, slot, 'messages:read')).toEqual(MARKS);
  });

  it('live in memory for the run without a keystore, apart per account', async () => {
    const dir = folder();
    const notes = notesOn(dir, false);
    await notes.put(OWNER, slot, 'messages:read', MARKS, 1);
    expect(await notes.get(OWNER, slot, 'messages:read')).toEqual(MARKS);
    expect(await notes.get(STAFF, slot, 'messages:read')).toBeNull();
    expect(await notesOn(dir, false).get(OWNER, slot, 'messages:read')).toBeNull();
  });
});
