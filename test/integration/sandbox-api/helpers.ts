/** Helpers of the sandbox domain-API tests: start a real sandbox, call /v1 with Basic or Bearer auth. */
import type { SandboxOptions, User } from '../../sandbox/context';
import { startSandbox, type Sandbox } from '../../sandbox/index';

/** A fixed Monday morning: 2030-01-07 09:00 in Chicago (the owner's zone). */
const MONDAY_0900_CHICAGO = Date.UTC(2030, 0, 7, 15, 0, 0);

/** A controllable clock. */
export function clock(startMs = MONDAY_0900_CHICAGO): {
  now: () => Date;
  advance(ms: number): void;
  set(ms: number): void;
} {
  let t = startMs;
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (ms) => void (t = ms) };
}

/** Who a call authenticates as: a seeded user via Basic, a bearer token, a raw header, or nobody. */
export type As = 'owner' | 'staff' | 'linked' | { bearer: string } | { header: string } | null;

/** Response bodies are loosely typed on purpose: the tests assert their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** Parsed response. */
interface Res<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** A running sandbox plus call helpers. */
export interface Api {
  sb: Sandbox;
  user(name: 'owner' | 'staff' | 'linked'): User;
  call<T = Json>(
    method: string,
    path: string,
    opts?: { as?: As; query?: Record<string, string | number | boolean>; body?: unknown },
  ): Promise<Res<T>>;
  get<T = Json>(path: string, query?: Record<string, string | number | boolean>, as?: As): Promise<Res<T>>;
  post<T = Json>(path: string, body: unknown, as?: As): Promise<Res<T>>;
  put<T = Json>(path: string, body: unknown, as?: As): Promise<Res<T>>;
  del<T = Json>(path: string, query: Record<string, string | number | boolean>, as?: As): Promise<Res<T>>;
  /** Mints a bearer token for `email` with `scope` (space-separated) through the admin API. */
  token(email: string, scope?: string): Promise<string>;
  stats(): Promise<Record<string, Json>>;
  close(): Promise<void>;
}

function authHeader(sb: Sandbox, as: As): Record<string, string> {
  if (as === null) return {};
  if (typeof as === 'object') return { authorization: 'bearer' in as ? `Bearer ${as.bearer}` : as.header };
  const u = sb.users.find((x) => x.email === `${as}@frontdesk.test`);
  if (!u) throw new Error(`no seeded user ${as}`);
  return { authorization: `Basic ${Buffer.from(`${u.email}:${u.apiKey}`).toString('base64')}` };
}

/** Starts a sandbox on a free port (real domain API) and returns call helpers. */
export async function startApi(options: Partial<SandboxOptions> = {}): Promise<Api> {
  const sb = await startSandbox({ port: 0, ...options });
  const call: Api['call'] = async (method, path, opts = {}) => {
    const qs = opts.query
      ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...authHeader(sb, opts.as === undefined ? 'owner' : opts.as),
    };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(`${sb.url}${path}${qs}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // leave as text
    }
    return { status: res.status, body: parsed as Json, headers: res.headers };
  };
  return {
    sb,
    user: (name) => {
      const u = sb.users.find((x) => x.email === `${name}@frontdesk.test`);
      if (!u) throw new Error(`no seeded user ${name}`);
      return u;
    },
    call,
    get: (path, query, as) => call('GET', path, { query, as }),
    post: (path, body, as) => call('POST', path, { body, as }),
    put: (path, body, as) => call('PUT', path, { body, as }),
    del: (path, query, as) => call('DELETE', path, { query, as }),
    token: async (email, scope) => {
      const res = await fetch(`${sb.url}/__sandbox/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, ...(scope ? { scope } : {}) }),
      });
      if (res.status !== 200) throw new Error(`mint gave ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    stats: async () => (await (await fetch(`${sb.url}/__sandbox/stats`)).json()) as Record<string, Json>,
    close: () => sb.close(),
  };
}

/** Every page of a paged list endpoint (page=1,2,… until empty), concatenated. */
export async function allPages<T>(
  api: Api,
  path: string,
  key: string,
  query: Record<string, string | number | boolean> = {},
  as: As = 'owner',
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const res = await api.get(path, { ...query, page, page_size: 200 }, as);
    if (res.status !== 200) throw new Error(`${path} page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    const items = res.body[key] as T[];
    if (items.length === 0) break;
    out.push(...items);
  }
  return out;
}

/** Polls `probe` until it returns a value (not undefined) or the timeout passes. */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000, stepMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
