/**
 * The service contract (test/sandbox/contract.ts) and its document (docs/service-contract.md) agree; every field the
 * documents do not name says how the app copes; every path the app calls is inventoried; the field check finds
 * planted unknown fields, nested ones too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT, contractOf, dropUnknownFields, unknownFields } from '../../sandbox/contract';
import { withCurrentTables } from '../../sandbox/contract-doc';
import { sourceFiles } from '../../support/source-files';

const ROOT = join(__dirname, '../../..');
const DOC = join(ROOT, 'docs/service-contract.md');

describe('docs/service-contract.md', () => {
  it('has the tables made from test/sandbox/contract.ts (npx tsx scripts/service-contract.ts rewrites them)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(withCurrentTables(doc) === doc, 'tables out of date: run npx tsx scripts/service-contract.ts').toBe(true);
  });
});

describe('the contract', () => {
  it('lists each endpoint once and each field once per place', () => {
    const endpoints = CONTRACT.map((e) => e.endpoint);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    for (const e of CONTRACT) {
      expect(e.endpoint).toMatch(/^(GET|POST|PUT|DELETE) \/(v1|oauth)\/[a-z_/]+$/);
      for (const place of [e.query, e.body, e.reads]) {
        const names = place.map((x) => x.name);
        expect(new Set(names).size, `${e.endpoint}: a field listed twice`).toBe(names.length);
      }
    }
  });

  it('says, for every field the spec or an official page does not name, how the app copes', () => {
    const silent = CONTRACT.flatMap((e) =>
      [...e.query, ...e.body, ...e.reads]
        .filter((x) => x.status !== 'SPEC' && x.status !== 'DOCUMENTED' && !x.copes?.trim())
        .map((x) => `${e.endpoint} ${x.name}`),
    );
    expect(silent).toEqual([]);
    for (const e of CONTRACT)
      for (const x of [...e.query, ...e.body, ...e.reads]) expect(x.source).toMatch(/^service-(spec|api-facts)\.md/);
  });

  it('has an entry for every /v1 path the app calls (main/core)', () => {
    const called = new Set<string>();
    for (const file of sourceFiles('main/core')) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/['`](\/v1\/[a-z_/]+)['`]/g)) called.add(m[1]!);
    }
    expect(called.size).toBeGreaterThan(10);
    const listed = new Set(CONTRACT.map((e) => e.endpoint.split(' ')[1]));
    expect([...called].filter((p) => !listed.has(p))).toEqual([]);
  });

  it('names no provider in book_now: the spec’s body has no calendar_id', () => {
    expect(contractOf('POST', '/v1/book_now')!.body.map((x) => x.name)).not.toContain('calendar_id');
  });
});

describe('the field check (what --strict refuses and --lenient drops)', () => {
  const events = contractOf('POST', '/v1/events')!.body;

  it('passes a body of listed fields, custom data with any keys', () => {
    const body = {
      events: [
        {
          calendar_id: 1001,
          title: 'Cleaning',
          start_time: '2030-01-08T09:00:00-06:00',
          end_time: '2030-01-08T10:00:00-06:00',
          custom_data: { anything: 'goes', running_late: 'yes' },
          participants: [{ name: 'Mae Jemison', phone: '+13125550143' }],
        },
      ],
    };
    expect(unknownFields(events, 'body', body)).toEqual([]);
  });

  it('names a planted unknown field at the top, and a nested one by its path', () => {
    const body = {
      nickname: 'x',
      events: [{ title: 'a' }, { title: 'b', participants: [{ name: 'Pat' }, { name: 'Sam', shoe_size: 9 }] }],
    };
    expect(unknownFields(events, 'body', body)).toEqual([
      { in: 'body', path: 'nickname', name: 'nickname' },
      { in: 'body', path: 'events[1].participants[1].shoe_size', name: 'events[].participants[].shoe_size' },
    ]);
  });

  it('allows no field of an endpoint the contract does not have', () => {
    expect(unknownFields([], 'query', { id: '1' })).toEqual([{ in: 'query', path: 'id', name: 'id' }]);
  });

  it('drops what it does not list, as a service that ignores it would', () => {
    const body: Record<string, unknown> = {
      booking_page: 'lakeside-dental',
      time: '2030-01-08T09:00:00',
      calendar_id: 1002,
      field_data: { zip: '60601' },
    };
    dropUnknownFields(contractOf('POST', '/v1/book_now')!.body, body);
    expect(body).toEqual({
      booking_page: 'lakeside-dental',
      time: '2030-01-08T09:00:00',
      field_data: { zip: '60601' },
    });
  });
});
