/** Pure rules of the Contacts core: what a search means, how unsynced changes show, how an unsent create is edited. */
import { describe, expect, it } from 'vitest';
import { mergeIntoCreate } from '../../../main/core/contacts/contact-payloads';
import { viewOf } from '../../../main/core/contacts/contact-view';
import { contactOps, overlay } from '../../../main/core/contacts/overlay';
import { learnCountry } from '../../../main/core/phone/phones';
import { meaningOf } from '../../../main/core/contacts/search-query';
import type { OpView } from '../../../main/core/outbox';

const maria = viewOf(
  {
    id: 100123,
    address_book_id: 2001,
    external_id: 'dentrix-p1',
    name: 'Maria Garcia',
    first_name: 'Maria',
    last_name: 'Garcia',
    phone_numbers: [{ number: '(312) 555-0143', normalized: '+13125550143', type: 'mobile', is_primary: true }],
    email_addresses: [],
    is_deleted: false,
  },
  'US',
);

function op(kind: OpView['kind'], payload: Record<string, unknown>, extra: Partial<OpView> = {}): OpView {
  return {
    id: `op-${Math.random()}`,
    seq: 1,
    accountKey: 'A',
    kind,
    payload,
    recordKeys: [],
    appointmentAt: null,
    createdAt: 1,
    updatedAt: 1,
    attempts: 0,
    nextAttemptAt: 1,
    lastError: null,
    status: 'queued',
    ambiguous: false,
    firstSentAt: null,
    result: null,
    finishedAt: null,
    timePassed: false,
    ...extra,
  };
}

describe('what a search means', () => {
  it.each([
    ['', { by: 'all' }],
    ['  Garcia ', { by: 'name', text: 'Garcia' }],
    ['555', { by: 'name', text: '555' }],
    ['(312) 555-0143', { by: 'phone', typed: '(312) 555-0143', e164: '+13125550143' }],
    ['Maria@Example.com', { by: 'email', address: 'maria@example.com' }],
    ['maria@', { by: 'name', text: 'maria@' }],
  ])('%j', (query, meaning) => {
    expect(meaningOf(query, 'US')).toEqual(meaning);
  });

  it('keeps a national number as typed when the account’s country is not known yet', () => {
    expect(meaningOf('312 555 0143', null)).toEqual({ by: 'phone', typed: '312 555 0143', e164: null });
  });

  it('learns the country from a number the service normalised, never from one typed with a country code', () => {
    expect(
      learnCountry([
        { number: '+44 20 7946 0958', normalized: '+442079460958' },
        { number: '(312) 555-0143', normalized: '+13125550143' },
      ]),
    ).toBe('US');
    expect(learnCountry([{ number: '+44 20 7946 0958', normalized: '+442079460958' }])).toBeNull();
  });
});

describe('unsynced changes over an answer', () => {
  it('puts a matching queued create on top, waiting, and leaves out one that does not match', () => {
    const ada = op(
      'contact.create',
      { external_id: 'x1', address_book_id: 2001, first_name: 'Ada', last_name: 'Lovelace' },
      { id: 'x1' },
    );
    const bob = op('contact.create', { external_id: 'x2', address_book_id: 2001, name: 'Bob Stone' }, { id: 'x2' });
    const shown = overlay([], [ada, bob], meaningOf('lovelace', 'US'), 'US');
    expect(shown.map((c) => [c.key, c.name, c.pending?.change])).toEqual([['op:x1', 'Ada Lovelace', 'create']]);
    expect(overlay([maria], [ada, bob], meaningOf('', 'US'), 'US').map((c) => c.key)).toEqual([
      'op:x2',
      'op:x1',
      'id:100123',
    ]);
  });

  it('shows an update’s values and a delete’s mark, the weightier change and any trouble winning', () => {
    const update = op('contact.update', {
      id: 100123,
      last_name: 'Lopez',
      email_addresses: [{ address: 'M@X.com', is_primary: true }],
    });
    const del = op(
      'contact.delete',
      { id: 100123 },
      { status: 'needs_attention', lastError: { kind: 'permanent', message: 'nope', at: 1 } },
    );
    const [shown] = overlay([maria], [update, del], meaningOf('', 'US'), 'US');
    expect(shown).toMatchObject({
      name: 'Maria Lopez',
      emails: [{ address: 'm@x.com', primary: true }],
      phones: maria.phones,
      pending: { change: 'delete', status: 'needs_attention', error: 'nope' },
    });
  });

  it('drops a contact whose delete finished after the answer was read, and ignores changes finished before it', () => {
    const del = op('contact.delete', { id: 100123 }, { status: 'done', finishedAt: 50 });
    expect(overlay([maria], contactOps([del], 40), meaningOf('', 'US'), 'US')).toEqual([]);
    expect(overlay([maria], contactOps([del], 60), meaningOf('', 'US'), 'US')).toEqual([maria]);
  });

  it('shows a create finished after the answer was read with its service id, not as waiting', () => {
    const done = op(
      'contact.create',
      { external_id: 'x3', name: 'New Person' },
      { id: 'x3', status: 'done', finishedAt: 50, result: { id: 100999 } },
    );
    expect(overlay([], contactOps([done], 40), meaningOf('', 'US'), 'US')).toMatchObject([
      { key: 'id:100999', id: 100999, externalId: 'x3', pending: null },
    ]);
  });
});

describe('editing a create that has not been sent', () => {
  it('splits a full name when only the last name changes, and drops first/last when a full name is given', () => {
    expect(
      mergeIntoCreate({ external_id: 'x', name: 'Grace Hoper', address_book_id: 1 }, { last_name: 'Hopper' }),
    ).toEqual({ external_id: 'x', address_book_id: 1, first_name: 'Grace', last_name: 'Hopper' });
    expect(mergeIntoCreate({ first_name: 'A', last_name: 'B', phone_numbers: [] }, { name: 'C D' })).toEqual({
      phone_numbers: [],
      name: 'C D',
    });
  });
});
