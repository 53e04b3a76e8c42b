/**
 * Patients' details on disk, as a thief of the data folder would look for them: every file the core wrote, read as
 * bytes, holds none of the names, phones or e-mails it showed (the read cache is sealed); and a sign-out leaves no
 * offline copy behind (the cache is wiped, not just forgotten in memory).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index';
import type { MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';
import { call, signedInCore, startContactsSandbox } from '../contacts/contacts-kit';

let sb: Sandbox;
let made: MadeCore;

beforeAll(async () => {
  sb = await startContactsSandbox();
  made = await signedInCore(sb);
});
afterAll(async () => {
  await made.cleanup();
  await sb.close();
});

/** Every file under the data folder, with its bytes. */
function filesOf(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

const cacheFiles = (dir: string) => filesOf(dir).filter((file) => file.path.includes(`${join(dir, 'cache')}/`));

/** Where any of `needles` shows up in a file, as UTF-8 or UTF-16 text. */
function leaks(dir: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const file of filesOf(dir))
    for (const needle of needles)
      if (file.bytes.includes(Buffer.from(needle, 'utf8')) || file.bytes.includes(Buffer.from(needle, 'utf16le')))
        found.push(`${needle} in ${file.path}`);
  return found;
}

it('keeps no patient name, phone or e-mail readable in any file, and a sign-out leaves no offline copy', async () => {
  const list = await call(made, 'contacts:search', { query: '' });
  const someone = list.items.find((contact) => contact.phones.length > 0 && contact.emails.length > 0)!;
  expect(someone).toBeDefined();
  await call(made, 'contacts:get', { id: someone.id! });
  // The offline copies are written behind the answers: wait for them to land (so there is something to look at).
  await waitFor(() => cacheFiles(made.dir).length >= 2, { what: 'the offline copies to be written' });

  const needles = list.items.flatMap((contact) => [
    contact.name,
    ...contact.phones.flatMap((phone) => [phone.number, phone.normalized].filter((n) => n.length >= 7)),
    ...contact.emails.map((email) => email.address),
  ]);
  expect(needles.length).toBeGreaterThan(list.items.length);
  expect(leaks(made.dir, needles)).toEqual([]);

  await call(made, 'auth:sign-out');
  expect(cacheFiles(made.dir)).toEqual([]);
  expect(leaks(made.dir, needles)).toEqual([]);
});
