/** Fuzz every sandbox route with random queries, bodies and credentials: never a 5xx, always a JSON (or portal HTML) body. */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCOPES } from '../sandbox/context';
import { API_ROUTES } from '../sandbox/api/routes';
import * as sandboxIndex from '../sandbox/index';
import { startSandbox, type Sandbox } from '../sandbox/index';

interface Route {
  method: string;
  path: string;
}

/** The platform's routes: its exported list when it has one, else the spec's OAuth endpoints plus the portal pages. */
const PLATFORM_ROUTES: Route[] = (() => {
  const exported = (sandboxIndex as Record<string, unknown>).PLATFORM_ROUTES;
  if (Array.isArray(exported)) return exported as Route[];
  return [
    { method: 'GET', path: '/oauth/authorize' },
    { method: 'POST', path: '/oauth/token' },
    { method: 'POST', path: '/oauth/revoke' },
    { method: 'GET', path: '/v1/userinfo' },
    { method: 'POST', path: '/oauth/login' },
    { method: 'GET', path: '/oauth/consent' },
    { method: 'POST', path: '/oauth/consent' },
    { method: 'POST', path: '/oauth/logout' },
  ];
})();
const ROUTES: Route[] = [...API_ROUTES, ...PLATFORM_ROUTES];
const HTML_OK = (path: string): boolean =>
  path.startsWith('/oauth/') && path !== '/oauth/token' && path !== '/oauth/revoke';

const KEYS = [
  'id',
  'external_id',
  'page',
  'page_size',
  'begin',
  'end',
  'phone_number',
  'email_address',
  'include_deleted',
  'include_conversations',
  'booking_page',
  'appointment_type_token',
  'time',
  'name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'q',
  'updated_since',
  'created_since',
  'state',
  'conversation_id',
  'content',
  'calendar',
  'calendar_id',
  'address_book',
  'address_book_id',
  'type',
  'file',
  'entries',
  'add_entries',
  'title',
  'start_time',
  'end_time',
  'time_zone',
  'show_as',
  'all_day',
  'support_delete',
  'based_on_import_id',
  'channel',
  'contact_id',
  'event_id',
  'field_data',
  'custom_data',
  'opted_into_text_messaging',
  'opted_into_text_messaging_for_marketing',
  'phone_numbers',
  'email_addresses',
  'add_phone',
  'add_email',
  'prevent_calendar_creation',
  'grant_type',
  'code',
  'client_id',
  'client_secret',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
  'token',
  'response_type',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'rid',
  'csrf',
  'decision',
  'password',
  '__proto__',
  'constructor',
];
const NASTY = [
  '',
  ' ',
  'null',
  'true',
  'false',
  '-1',
  '0',
  '1',
  '1e309',
  '99999999999999999999',
  '9007199254740993',
  'NaN',
  '2030-01-08T10:00:00',
  '2030-01-08',
  '2030-02-30T10:00:00',
  '2030-01-08T10:00:00+14:00',
  '9999-12-31T23:59:59Z',
  '<script>alert(1)</script>',
  "'; DROP TABLE events;--",
  '../../etc/passwd',
  '\u0000',
  '\ud800',
  '🦷🦷',
  'lakeside-dental',
  'lakeside-dental-cleaning',
  'lakeside-dental-satellite',
  '1001',
  '3001',
  '500001',
  '100001',
  '+13125550100',
  '(312) 555-0100',
  'a@example.com',
  'confirmed',
  'arrived',
  'events',
  'contacts',
  'opt_out',
  'sms',
  'new-patient',
  'Cigna',
  'frontdesk-desktop',
  'authorization_code',
  'com.frontdesk.app:/oauth/callback',
  'api',
  'events:read',
  'x'.repeat(5000),
];

const text = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.integer().map(String),
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, 2 ** 53 + 2, -1, 0, 3001, 1001),
);
const shallow = fc.dictionary(key, scalar, { maxKeys: 6 });
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 2, arbitrary: fc.array(shallow, { maxLength: 3 }) },
  { weight: 1, arbitrary: shallow },
);
const wrapped = fc
  .record({ wrapper: fc.constantFrom('events', 'contacts', 'lists'), items: fc.array(shallow, { maxLength: 3 }) })
  .map(({ wrapper, items }) => ({ [wrapper]: items }));

type Body =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'form'; text: string }
  | { kind: 'raw'; text: string; type: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  fc.dictionary(key, value, { maxKeys: 8 }).map((o): Body => ({ kind: 'json', text: JSON.stringify(o) })),
  wrapped.map((o): Body => ({ kind: 'json', text: JSON.stringify(o) })),
  fc.jsonValue({ maxDepth: 3 }).map((v): Body => ({ kind: 'json', text: JSON.stringify(v) ?? 'null' })),
  fc
    .dictionary(key, text, { maxKeys: 6 })
    .map((o): Body => ({ kind: 'form', text: new URLSearchParams(o).toString() })),
  fc
    .record({
      text: fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constantFrom('{', '{"events":[', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '{"a":1}{'),
      ),
      type: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data'),
    })
    .map(({ text: t, type }): Body => ({ kind: 'raw', text: t, type })),
);
const query = fc.array(fc.tuple(key, text), { maxLength: 6 });
const auth = fc.constantFrom(
  'basic-owner',
  'basic-linked',
  'basic-staff',
  'bearer-all',
  'bearer-some',
  'none',
  'garbage-basic',
  'garbage-bearer',
);
const route = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...ROUTES) },
  {
    weight: 1,
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      path: fc.constantFrom(...ROUTES.map((r) => r.path), '/v1/nope', '/'),
    }),
  },
);

/** Near-valid requests per route (seeded ids/tokens) that the fuzzer mutates one or two leaves of, to reach the success paths. */
const TEMPLATES: Array<{ method: string; path: string; query?: Record<string, string>; body?: unknown }> = [
  {
    method: 'POST',
    path: '/v1/events',
    body: {
      events: [
        {
          calendar_id: 1001,
          title: 'x',
          start_time: '2030-01-08T10:00:00-06:00',
          end_time: '2030-01-08T10:30:00-06:00',
          custom_data: { a: 1 },
          participants: [{ name: 'A B', phone: '3125550100', email: 'a@example.com' }],
        },
      ],
    },
  },
  {
    method: 'PUT',
    path: '/v1/events',
    body: {
      events: [
        {
          id: 500001,
          title: 'y',
          start_time: '2030-01-08T11:00:00Z',
          participants: [{ name: 'C', contact_id: 100001 }],
        },
      ],
    },
  },
  {
    method: 'PUT',
    path: '/v1/events',
    body: {
      events: [
        {
          external_id: 'dentrix-200000',
          calendar: 'Hygiene',
          title: 'z',
          start_time: '2030-01-09T10:00:00',
          end_time: '2030-01-09T11:00:00',
          time_zone: 'America/Denver',
          show_as: 0,
        },
      ],
    },
  },
  { method: 'DELETE', path: '/v1/events', query: { id: '500002' } },
  { method: 'POST', path: '/v1/event/mark', body: { id: 500003, state: 'confirmed' } },
  {
    method: 'POST',
    path: '/v1/contacts',
    body: {
      contacts: [
        {
          address_book_id: 2001,
          name: 'A B',
          phone_numbers: [{ number: '3125550101', type: 'home', is_primary: true }],
          email_addresses: [{ address: 'b@example.com' }],
        },
      ],
    },
  },
  {
    method: 'PUT',
    path: '/v1/contacts',
    body: {
      contacts: [
        { id: 100001, add_phone: '3125550102', add_email: 'c@example.com', first_name: 'Q', custom_data: { z: 'y' } },
      ],
    },
  },
  { method: 'DELETE', path: '/v1/contacts', query: { id: '100002' } },
  {
    method: 'GET',
    path: '/v1/contacts',
    query: { phone_number: '3125550100', q: 'smith', page: '1', page_size: '5', updated_since: '2029-01-01' },
  },
  {
    method: 'GET',
    path: '/v1/events',
    query: {
      begin: '2030-01-01',
      end: '2030-01-31T00:00:00Z',
      phone_number: '3125550100',
      include_conversations: 'true',
    },
  },
  { method: 'GET', path: '/v1/event', query: { id: '500004', include_conversations: '1' } },
  {
    method: 'GET',
    path: '/v1/availability',
    query: {
      booking_page: 'lakeside-dental',
      appointment_type_token: 'consultation',
      begin: '2030-01-08',
      end: '2030-01-20',
    },
  },
  {
    method: 'POST',
    path: '/v1/book_now',
    body: {
      booking_page: 'lakeside-dental-cleaning',
      time: '2030-01-08T13:00:00',
      name: 'A B',
      phone_number: '3125550100',
    },
  },
  {
    method: 'POST',
    path: '/v1/book_now',
    body: {
      booking_page: 3002,
      appointment_type_token: 'new-patient',
      time: '2030-01-09T14:00:00',
      name: 'A B',
      phone_number: '3125550100',
      email_address: 'a@example.com',
      field_data: { zip: '60614', insurance: 'Cigna', new_patient: true },
      opted_into_text_messaging: true,
      opted_into_text_messaging_for_marketing: false,
    },
  },
  {
    method: 'GET',
    path: '/v1/bookings',
    query: { booking_page: 'lakeside-dental', begin: '2030-01-01', created_since: '2029-01-01', state: 'complete' },
  },
  {
    method: 'POST',
    path: '/v1/import',
    body: { type: 'contacts', address_book_id: 2001, file: 'name,phone,email\nA B,3125550100,a@example.com\n' },
  },
  {
    method: 'POST',
    path: '/v1/import',
    body: {
      calendar_id: 1001,
      support_delete: true,
      start_time: '2030-01-08',
      end_time: '2030-01-09',
      file: 'title,start_time,end_time\nX,2030-01-08T10:00:00,2030-01-08T11:00:00\n',
    },
  },
  {
    method: 'POST',
    path: '/v1/lists',
    body: { lists: [{ name: 'L', type: 'opt_in', entries: ['3125550100', 'a@example.com'] }] },
  },
  {
    method: 'PUT',
    path: '/v1/lists',
    body: { lists: [{ id: 4003, add_entries: ['3125550100'], remove_entries: ['a@example.com'] }] },
  },
  {
    method: 'POST',
    path: '/v1/start_conversation',
    body: { phone_number: '3125550100', content: 'hi', event_id: 500005 },
  },
  { method: 'POST', path: '/v1/conversation_reply', body: { conversation_id: 800001, content: 'hi' } },
  { method: 'GET', path: '/v1/conversation_messages', query: { conversation_id: '800001' } },
];

type Leaf = Array<string | number>;
function leaves(v: unknown, at: Leaf = []): Leaf[] {
  if (v === null || typeof v !== 'object') return [at];
  const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  return [at, ...entries.flatMap(([k, x]) => leaves(x, [...at, k]))];
}
function mutate(v: unknown, path: Leaf, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  if (head === undefined) return next;
  if (next === undefined && rest.length === 0) delete copy[head];
  else copy[head] = mutate(copy[head], rest, next);
  return copy;
}
interface Req {
  method: string;
  path: string;
  query: Array<[string, string]>;
  body: Body;
  auth: string;
}

const randomReq: fc.Arbitrary<Req> = fc
  .record({ r: route, q: query, b: body, a: auth })
  .map(({ r, q, b, a }) => ({ method: r.method, path: r.path, query: q, body: b, auth: a }));
const nearValidReq: fc.Arbitrary<Req> = fc
  .record({
    t: fc.constantFrom(...TEMPLATES),
    edits: fc.array(fc.tuple(fc.nat(), fc.option(value, { nil: undefined })), { maxLength: 2 }),
    a: fc.constantFrom('basic-owner', 'bearer-all', 'basic-linked'),
  })
  .map(({ t, edits, a }) => {
    let target: unknown = t.body ?? t.query ?? {};
    for (const [n, v] of edits) {
      const all = leaves(target).filter((l) => l.length > 0);
      const path = all[n % Math.max(1, all.length)];
      if (path) target = mutate(target, path, v);
    }
    const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    const query: Array<[string, string]> =
      t.query && target && typeof target === 'object' ? Object.entries(target).map(([k, v]) => [k, asText(v)]) : [];
    const b: Body = t.body === undefined ? { kind: 'none' } : { kind: 'json', text: JSON.stringify(target) ?? 'null' };
    return { method: t.method, path: t.path, query, body: b, auth: a };
  });
const request = fc.oneof(randomReq, nearValidReq);

let sb: Sandbox;
const headers: Record<string, string> = {};

beforeAll(async () => {
  sb = await startSandbox({ port: 0, contacts: 100, events: 200, now: () => new Date(Date.UTC(2030, 0, 7, 15)) });
  const basic = (email: string): string => {
    const u = sb.users.find((x) => x.email === email);
    return `Basic ${Buffer.from(`${email}:${u?.apiKey ?? ''}`).toString('base64')}`;
  };
  const mint = async (scope: string): Promise<string> => {
    const res = await fetch(`${sb.url}/__sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@frontdesk.test', scope }),
    });
    return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
  };
  headers['basic-owner'] = basic('owner@frontdesk.test');
  headers['basic-linked'] = basic('linked@frontdesk.test');
  headers['basic-staff'] = basic('staff@frontdesk.test');
  headers['bearer-all'] = await mint(SCOPES.join(' '));
  headers['bearer-some'] = await mint('events:read contacts:write bookings:write');
  headers['garbage-basic'] = 'Basic !!!notbase64';
  headers['garbage-bearer'] = 'Bearer a b c';
});
afterAll(() => sb.close());

it('answers every route with < 500 and a JSON (or portal HTML) body', async () => {
  await fc.assert(
    fc.asyncProperty(request, async ({ method, path, query: q, body: b, auth: a }) => {
      const r = { method, path };
      const qs = new URLSearchParams(q).toString();
      const h: Record<string, string> = {};
      if (a !== 'none' && headers[a]) h.authorization = headers[a];
      let payload: string | undefined;
      if (b.kind !== 'none' && r.method !== 'GET') {
        payload = b.text;
        h['content-type'] =
          b.kind === 'json' ? 'application/json' : b.kind === 'form' ? 'application/x-www-form-urlencoded' : b.type;
      }
      const res = await fetch(`${sb.url}${r.path}${qs ? `?${qs}` : ''}`, {
        method: r.method,
        headers: h,
        body: payload,
        redirect: 'manual',
      });
      const raw = await res.text();
      const ctx = `${r.method} ${r.path}?${qs} [${a}] ${payload?.slice(0, 300) ?? ''} → ${res.status} ${raw.slice(0, 300)}`;
      expect(res.status, ctx).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) return;
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/html')) {
        expect(HTML_OK(r.path), ctx).toBe(true);
      } else {
        expect(type, ctx).toContain('application/json');
        expect(() => JSON.parse(raw), ctx).not.toThrow();
      }
    }),
    { numRuns: 1000, seed: 20300107, endOnFailure: true },
  );
  const after = await fetch(`${sb.url}/v1/calendars`, { headers: { authorization: headers['basic-owner'] ?? '' } });
  expect(after.status).toBe(200);
}, 60_000);
