/**
 * Patients' details on disk, as a thief of the data folder would look for them: every file the core wrote, read as
 * bytes, holds none of the names, phones or e-mails it showed (the read cache is sealed); and a sign-out leaves no
 * offline copy behind (the cache is wiped, not just forgotten in memory).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { waitFor } from '../../support/wait';
import { call, useBootstrap } from '../../support/bootstrap';

const kit = useBootstrap({ sandbox: { contacts: 300, events: 5 } });

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
  const list = await call(kit.made, 'contacts:search', { query: '' });
  const someone = list.items.find((contact) => contact.phones.length > 0 && contact.emails.length > 0)!;
  expect(someone).toBeDefined();
  await call(kit.made, 'contacts:get', { id: someone.id! });
  // The offline copies are written behind the answers: wait for them to land (so there is something to look at).
  await waitFor(() => cacheFiles(kit.made.dir).length >= 2, { what: 'the offline copies to be written' });

  const needles = list.items.flatMap((contact) => [
    contact.name,
    ...contact.phones.flatMap((phone) => [phone.number, phone.normalized].filter((n) => n.length >= 7)),
    ...contact.emails.map((email) => email.address),
  ]);
  expect(needles.length).toBeGreaterThan(list.items.length);
  expect(leaks(kit.made.dir, needles)).toEqual([]);

  await call(kit.made, 'auth:sign-out');
  expect(cacheFiles(kit.made.dir)).toEqual([]);
  expect(leaks(kit.made.dir, needles)).toEqual([]);
});
