/**
 * The sandbox finds a contact by external id through an index (test/sandbox/api/store.ts), as the service surely does:
 * a create that names an external id (every contact the outbox makes, for exactly-once) looks at the contacts filed
 * under that id, not at the whole address book. Its answers as contacts change:
 * test/integration/sandbox-api/contact-external-ids.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyAccount, liveContactByExternalId, putContact, refileContact } from '../../sandbox/api/store';
import type { Contact } from '../../sandbox/api/types';

const root = join(__dirname, '../../..');

function contact(id: number, externalId: string | null, addressBookId = 2001): Contact {
  return {
    id,
    addressBookId,
    externalId,
    name: `Person ${id}`,
    firstName: 'Person',
    lastName: String(id),
    phones: [],
    emails: [],
    customData: {},
    isDeleted: false,
    createdAt: 0,
    updatedAt: 0,
  };
}

describe('finding a contact by external id', () => {
  it('looks at the contacts under that id, not at every contact of the account', () => {
    const acc = emptyAccount({
      id: 1,
      email: 'owner@frontdesk.test',
      name: 'Owner',
      accountName: 'Practice',
      password: '',
      apiKey: '',
      apiTargetId: null,
      timeZone: 'America/Chicago',
    });
    let looks = 0;
    const n = 10_000;
    for (let id = 1; id <= n; id++) {
      const c = contact(id, id % 3 === 0 ? null : `ext-${id}`);
      let externalId = c.externalId;
      // Every read of a contact's external id (what deciding "is this the one" reads).
      Object.defineProperty(c, 'externalId', {
        enumerable: true,
        get: () => (looks++, externalId),
        set: (v: string | null) => void (externalId = v),
      });
      putContact(acc, c);
    }
    looks = 0;
    const creates = 1000;
    for (let i = 0; i < creates; i++) expect(liveContactByExternalId(acc, `new-${i}`, 2001)).toBeUndefined();
    expect(liveContactByExternalId(acc, 'ext-4999', 2001)?.id).toBe(4999);
    expect(liveContactByExternalId(acc, 'ext-4999', 2002)).toBeUndefined();
    // A scan reads every contact's id on each create: ten million reads here; the index, a few per lookup.
    expect(looks).toBeLessThanOrEqual(2 * (creates + 2));

    // Given another id, a contact is found by it alone; deleted, by neither.
    const moved = acc.contacts.get(4999)!;
    moved.externalId = 'ext-moved';
    refileContact(acc, moved);
    expect(liveContactByExternalId(acc, 'ext-4999')).toBeUndefined();
    expect(liveContactByExternalId(acc, 'ext-moved')?.id).toBe(4999);
    moved.isDeleted = true;
    expect(liveContactByExternalId(acc, 'ext-moved')).toBeUndefined();
  });

  it('is told of every contact: contacts enter an account only through putContact', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const setters = files(join(root, 'test/sandbox'))
      .filter((f) => /\.contacts\.set\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(setters).toEqual(['test/sandbox/api/store.ts']);
  });
});
