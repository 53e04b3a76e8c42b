/**
 * `--vary SEED` (README, "Varied answers"): the sandbox answers within the freedom the service's documents leave, each
 * choice made from the seed, so a run replays exactly. What may vary is read from the service contract
 * (`contract.ts`): only fields the documents do not show in an answer (INFERRED, NOT NAMED, COMMUNITY, NOT FOUND) whose
 * absence the app reads as empty are left out or sent as null. Only an OAuth client's requests vary (a Bearer call to
 * /v1, the token endpoint), as strict.ts checks only those: Basic-auth calls are the tests' own ground truth.
 *
 * The choices: unknown fields added to objects; optional fields left out or null; a smaller page than asked (the size
 * asked is honoured as an upper bound: the facts name no maximum, and a default page of 30 that a page holds at least); timestamps with another offset (the same instant;
 * UTC stays UTC where the spec says so, written `Z` or `+00:00`); `Retry-After` on a 429 or 503 as an HTTP date (with a
 * `Date` header on the sandbox's clock); a share of GET paths answered once 502 with a proxy's HTML page; one route
 * answered slowly once; token answers without `expires_in` and refreshes without a new refresh token (the old one
 * stays valid, `oauth/token.ts`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractOf, type ContractField } from './contract';

/** `vary` of SandboxOptions. */
export interface VaryOptions {
  seed: number;
  /** How long the slow route's first answer is held (default 10 s, as a slow real server might). */
  slowMs?: number;
}

/** A timestamp's new form: the same instant at another offset (minutes east of UTC), or UTC written two ways. */
type OffsetChoice = { kind: 'keep' } | { kind: 'offset'; minutes: number };

/** What one seed chooses, once. */
export interface VaryProfile {
  seed: number;
  /** The largest page the service sends, whatever page_size asks; never below the default page of 30 (docs/service-api-facts.md §1.4). */
  pageCap: number;
  /** Share of GET paths whose first request is answered 502 with an HTML body. */
  gatewayShare: number;
  /** The one route (`GET /v1/…`) whose first answer is held `slowMs`; null: none. */
  slowRoute: string | null;
  slowMs: number;
  /** A refresh answers no new refresh token; the one sent stays valid (RFC 6749 §6 allows it). */
  keepsRefreshToken: boolean;
  /** Token answers leave out expires_in (RFC 6749 §5.1: RECOMMENDED, not required). */
  omitsExpiresIn: boolean;
  /** Timestamps that are not UTC by the spec. */
  offset: OffsetChoice;
  /** UTC timestamps (the spec's booking times) are written `+00:00` instead of `Z`. */
  utcAsOffset: boolean;
}

/** 32-bit FNV-1a of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) fixed by the seed and a key: the same choice for the same thing, whatever order requests come. */
export function chance(seed: number, key: string): number {
  let t = (hash(key) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function choose<T>(seed: number, key: string, items: readonly T[]): T {
  return items[Math.floor(chance(seed, key) * items.length)]!;
}

/** The GETs the app makes at start or on opening a screen, one of which a seed may make slow. */
const SLOW_ROUTES = [
  'GET /v1/calendars',
  'GET /v1/address_books',
  'GET /v1/booking_pages',
  'GET /v1/lists',
  'GET /v1/conversations',
] as const;

/** The seed's choices. */
export function varyProfile(options: VaryOptions): VaryProfile {
  const { seed } = options;
  const slow = chance(seed, 'slow?') < 0.75;
  return {
    seed,
    pageCap: choose(seed, 'page-cap', [30, 40, 50]),
    gatewayShare: 0.2 + 0.3 * chance(seed, 'gateway-share'),
    slowRoute: slow ? choose(seed, 'slow-route', SLOW_ROUTES) : null,
    slowMs: options.slowMs ?? 10_000,
    keepsRefreshToken: chance(seed, 'keeps-refresh') < 0.5,
    omitsExpiresIn: chance(seed, 'omits-expires-in') < 0.5,
    offset: choose<OffsetChoice>(seed, 'offset', [
      { kind: 'keep' },
      { kind: 'offset', minutes: 0 },
      { kind: 'offset', minutes: 330 },
      { kind: 'offset', minutes: -180 },
      { kind: 'offset', minutes: 540 },
    ]),
    utcAsOffset: chance(seed, 'utc-as-offset') < 0.5,
  };
}

/** The seed's choices in one line (the sandbox's start-up output). */
export function describeVary(p: VaryProfile): string {
  const offset =
    p.offset.kind === 'keep'
      ? 'offsets as they are'
      : `times at ${atOffset('2030-01-01T00:00:00Z', p.offset.minutes, p.utcAsOffset).slice(19)}`;
  return [
    `pages of at most ${p.pageCap}`,
    `a 502 page once on ${Math.round(p.gatewayShare * 100)} % of GET paths`,
    p.slowRoute ? `${p.slowRoute} ${p.slowMs / 1000} s late once` : 'no slow route',
    p.keepsRefreshToken ? 'no refresh-token rotation' : 'refresh tokens rotate',
    p.omitsExpiresIn ? 'no expires_in' : 'expires_in sent',
    offset,
  ].join(', ');
}

/**
 * Fields whose absence would change what an answer says, not only its shape: the contract says how the app copes, but
 * the answer is then another one (the account a token acts for, a list's kind and entries, a page's form, the
 * calendars free at a time, a contact's name and number, a text's words and direction, which patient a thread is, who
 * signed in, a person's check-in, whether a record is deleted).
 */
const MEANING = new Set([
  'GET /v1/events events[].participants[].check_in_state',
  'GET /v1/event participants[].check_in_state',
  'GET /v1/lists lists[].type',
  'GET /v1/lists lists[].entries',
  'GET /v1/availability slots[].calendar_ids',
  'GET /v1/contacts contacts[].name',
  'GET /v1/contacts contacts[].first_name',
  'GET /v1/contacts contacts[].last_name',
  'GET /v1/contact first_name',
  'GET /v1/contact last_name',
  'GET /v1/contacts contacts[].phone_numbers[].number',
  'GET /v1/contact name',
  'GET /v1/contact phone_numbers[].number',
  'GET /v1/address_books address_books[].name',
]);
const MEANING_ENDPOINTS = new Set(['GET /v1/booking_pages', 'GET /v1/userinfo']);
const MEANING_FIELD = /(^|\.)(contact_id|event_id|content|direction|event_type|phone|email)$/;
const UNDOCUMENTED = new Set(['INFERRED', 'NOT NAMED', 'COMMUNITY', 'NOT FOUND']);

/** The answer fields of `endpoint` that may be left out or sent as null. */
export function optionalReads(endpoint: string): string[] {
  const [method = '', path = ''] = endpoint.split(' ');
  const contract = contractOf(method, path);
  if (!contract || MEANING_ENDPOINTS.has(endpoint)) return [];
  return contract.reads
    .filter(
      (r: ContractField) =>
        UNDOCUMENTED.has(r.status) &&
        (r.copes ?? '').startsWith('optional in the app') &&
        !MEANING.has(`${endpoint} ${r.name}`) &&
        !((endpoint.includes('conversation') || r.name.includes('conversations[]')) && MEANING_FIELD.test(r.name)) &&
        !/(^|\.)is_deleted$/.test(r.name),
    )
    .map((r) => r.name);
}

/** Maps whose keys are the caller's own: nothing is added or renamed inside them. */
function anyKeyReads(endpoint: string): Set<string> {
  const [method = '', path = ''] = endpoint.split(' ');
  const names = (contractOf(method, path)?.reads ?? []).filter((r) => r.anyKeys).map((r) => r.name);
  return new Set([...names, 'custom_data', 'field_data'].flatMap((n) => [n, n.split('.').at(-1)!]));
}

/** Endpoints whose timestamps the spec says are UTC (the booking record). */
const UTC_ENDPOINTS = new Set(['POST /v1/book_now', 'GET /v1/bookings']);

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/** `text` (an ISO 8601 instant with its offset) as the same instant at `minutes` east of UTC; other text unchanged. */
export function atOffset(text: string, minutes: number, utcAsOffset = false): string {
  const m = INSTANT.exec(text);
  if (!m) return text;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return text;
  const local = new Date(at + minutes * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const wall =
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    (m[7] ? `.${pad(local.getUTCMilliseconds(), 3)}` : '');
  if (minutes === 0) return `${wall}${utcAsOffset ? '+00:00' : 'Z'}`;
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${wall}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Unknown fields a real server might add (none is a field the app reads). */
const EXTRAS: ReadonlyArray<readonly [string, unknown]> = [
  ['object', 'record'],
  ['etag', 'W/"3f9a"'],
  ['links', { self: 'https://api.example.test/v1/self' }],
  ['meta', { version: 2, flags: [] }],
  ['legacy_ref', null],
  ['sync_token', 7],
];

/** An optional field's roll below LEFT_OUT leaves it out; below NULLED, it is sent as null; else as it is. */
const LEFT_OUT = 0.3;
const NULLED = 0.55;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An answer of `endpoint` as this seed sends it: optional fields left out or null, unknown fields added, timestamps at
 * another offset. Pure: the same profile, endpoint and body give the same answer.
 */
export function varyBody(profile: VaryProfile, endpoint: string, body: unknown): unknown {
  const { seed } = profile;
  const optional = new Set(optionalReads(endpoint));
  const maps = anyKeyReads(endpoint);
  const utc = UTC_ENDPOINTS.has(endpoint);
  const time = (text: string): string => {
    if (utc) return atOffset(text, 0, profile.utcAsOffset);
    return profile.offset.kind === 'keep' ? text : atOffset(text, profile.offset.minutes, profile.utcAsOffset);
  };
  const walk = (value: unknown, name: string): unknown => {
    if (typeof value === 'string') return time(value);
    if (Array.isArray(value)) return value.map((item) => walk(item, `${name}[]`));
    if (!isObject(value)) return value;
    if (maps.has(name) || maps.has(name.split('.').at(-1)!)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const child = name ? `${name}.${key}` : key;
      if (optional.has(child)) {
        const roll = chance(seed, `optional ${endpoint} ${child}`);
        if (roll < LEFT_OUT) continue;
        if (roll < NULLED) {
          out[key] = null;
          continue;
        }
      }
      out[key] = walk(v, child);
    }
    if (chance(seed, `extra? ${endpoint} ${name}`) < 0.6) {
      const [key, extra] = choose(seed, `extra ${endpoint} ${name}`, EXTRAS);
      if (!(key in out)) out[key] = extra;
    }
    return out;
  };
  return walk(body, '');
}

/** A token answer as this seed sends it (the refresh token's rotation is left out in oauth/token.ts). */
export function varyTokenAnswer(profile: VaryProfile, body: unknown): unknown {
  if (!isObject(body)) return body;
  const out = varyBody(profile, 'POST /oauth/token', body) as Record<string, unknown>;
  if (profile.omitsExpiresIn) delete out.expires_in;
  return out;
}

/** Whether a refresh under this sandbox's options keeps its refresh token (no rotation). */
export function keepsRefreshToken(options: VaryOptions | false | undefined): boolean {
  return options ? varyProfile(options).keepsRefreshToken : false;
}

/** `Retry-After: <seconds>` as the HTTP date that far from `now` (rounded up to the second, never sooner). */
export function retryAfterDate(seconds: number, now: number): string {
  return new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString();
}

/** The page a proxy answers with when the service behind it does not. */
const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** What the sandbox varied, for tests (`sb.vary`). */
export interface VaryLog {
  profile: VaryProfile | null;
  /** Paths answered 502 (once each). */
  readonly gateway: string[];
  /** Routes held slow (once). */
  readonly slowed: string[];
}

/** The requests that vary: an OAuth client's (a Bearer call to /v1, the token endpoint). */
function varies(req: FastifyRequest): boolean {
  if (req.url.startsWith('/oauth/token')) return req.method === 'POST';
  return req.url.startsWith('/v1/') && /^bearer\s/i.test(req.headers.authorization ?? '');
}

/** Installs `--vary` (hooks on every route; call before the routes are registered). */
export function installVary(app: FastifyInstance, options: VaryOptions | false | undefined, now: () => Date): VaryLog {
  const profile = options ? varyProfile(options) : null;
  const log: VaryLog = { profile, gateway: [], slowed: [] };
  if (!profile) return log;
  const failed = new Set<string>();

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!varies(req) || req.method !== 'GET') return;
    const path = req.url.split('?')[0] ?? '';
    if (!failed.has(path) && chance(profile.seed, `502 ${path}`) < profile.gatewayShare) {
      failed.add(path);
      log.gateway.push(path);
      return reply.code(502).header('content-type', 'text/html').send(BAD_GATEWAY_HTML);
    }
    const route = `GET ${path}`;
    if (route === profile.slowRoute && !log.slowed.includes(route)) {
      log.slowed.push(route);
      await new Promise((resolve) => setTimeout(resolve, profile.slowMs));
    }
  });

  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!varies(req) || req.method !== 'GET' || !isObject(req.query)) return;
    const query = req.query;
    const asked = Number(query.page_size);
    if (typeof query.page_size === 'string' && Number.isInteger(asked) && asked > profile.pageCap)
      query.page_size = String(profile.pageCap);
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    if ((status === 429 || status === 503) && varies(req)) {
      const after = reply.getHeader('retry-after');
      if (typeof after === 'string' && /^\d+$/.test(after)) {
        const at = now().getTime();
        reply.header('retry-after', retryAfterDate(Number(after), at));
        reply.header('date', new Date(at).toUTCString());
      }
      return payload;
    }
    if (status !== 200 || typeof payload !== 'string' || !varies(req)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const endpoint = `${req.method} ${req.routeOptions.url ?? ''}`;
    const varied =
      endpoint === 'POST /oauth/token' ? varyTokenAnswer(profile, body) : varyBody(profile, endpoint, body);
    return JSON.stringify(varied);
  });
  return log;
}

/** Whether a sandbox varied by `seed` leaves `field` of `endpoint`'s answers out or sends it as null (as varyBody does). */
export function leavesOut(seed: number, endpoint: string, field: string): boolean {
  return optionalReads(endpoint).includes(field) && chance(seed, `optional ${endpoint} ${field}`) < NULLED;
}
