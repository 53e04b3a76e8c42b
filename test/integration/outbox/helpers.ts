/**
 * Helpers of the outbox integration tests: a real sandbox over HTTP, a ServiceClient whose bearer token is minted
 * through POST /__sandbox/tokens (no browser, no mocked fetch), the Node platform on a temp folder, and admin calls.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index';
import { assertContractKept } from '../../sandbox/strict';
import { varyFromEnv } from '../../support/auth-fixture';

export { drained, openOutbox, tokenClient } from './outbox-setup';

/** Loosely typed JSON from the sandbox (the tests assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** Mints an access token for a seeded user through the admin API. */
export async function mintToken(url: string, email: string, scope = 'api'): Promise<string> {
  const res = await fetch(`${url}/__sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, scope }),
  });
  if (res.status !== 200) throw new Error(`mint gave ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Admin and read helpers around a running sandbox (reads use the owner's Basic key: not scope-gated). */
export interface SandboxKit {
  sb: Sandbox;
  url: string;
  faults(config: Record<string, unknown> | null): Promise<void>;
  stats(): Promise<Json>;
  get(
    path: string,
    query?: Record<string, string | number | boolean>,
    as?: 'owner' | 'staff',
  ): Promise<{ status: number; body: Json }>;
  post(path: string, body: unknown, as?: 'owner' | 'staff'): Promise<{ status: number; body: Json }>;
  allPages(
    path: string,
    key: string,
    query?: Record<string, string | number | boolean>,
    as?: 'owner' | 'staff',
  ): Promise<Json[]>;
  close(): Promise<void>;
}

/** Starts a small sandbox on a free port. */
async function startKit(options: { contacts?: number; events?: number; seed?: number } = {}): Promise<SandboxKit> {
  const sb = await startSandbox({
    port: 0,
    fields: 'strict',
    vary: varyFromEnv(),
    contacts: options.contacts ?? 20,
    events: options.events ?? 20,
    seed: options.seed ?? 1,
  });
  const basic = (as: 'owner' | 'staff') => {
    const user = sb.users.find((u) => u.email === `${as}@frontdesk.test`);
    if (!user) throw new Error(`no user ${as}`);
    return `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`;
  };
  const get: SandboxKit['get'] = async (path, query = {}, as = 'owner') => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await fetch(`${sb.url}${path}${qs ? `?${qs}` : ''}`, {
      headers: { authorization: basic(as), accept: 'application/json' },
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  return {
    sb,
    url: sb.url,
    faults: async (config) => {
      const res = await fetch(
        `${sb.url}/__sandbox/faults`,
        config
          ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(config) }
          : { method: 'DELETE' },
      );
      if (res.status !== 200) throw new Error(`faults gave ${res.status}: ${await res.text()}`);
    },
    stats: async () => (await (await fetch(`${sb.url}/__sandbox/stats`)).json()) as Json,
    get,
    post: async (path, body, as = 'owner') => {
      const res = await fetch(`${sb.url}${path}`, {
        method: 'POST',
        headers: { authorization: basic(as), accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
    allPages: async (path, key, query = {}, as = 'owner') => {
      const out: Json[] = [];
      for (let page = 1; page < 500; page++) {
        const res = await get(path, { ...query, page, page_size: 1000 }, as);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
        const items = res.body[key] as Json[];
        if (items.length === 0) break;
        out.push(...items);
      }
      return out;
    },
    // Strict (test/sandbox/strict.ts): a field the service contract does not list fails the file here.
    close: async () => {
      await sb.close();
      assertContractKept(sb.fields);
    },
  };
}

/**
 * A `startKit` sandbox started before all tests of the file or `describe` and closed after them; the returned kit
 * stands for it (read it inside hooks and tests).
 */
export function useSandboxKit(options: Parameters<typeof startKit>[0] = {}): SandboxKit {
  let kit: SandboxKit | undefined;
  const started = () => {
    if (!kit) throw new Error('useSandboxKit: not started yet (read it inside hooks and tests)');
    return kit;
  };
  beforeAll(async () => {
    kit = await startKit(options);
  });
  afterAll(async () => {
    await kit?.close();
  });
  return {
    get sb() {
      return started().sb;
    },
    get url() {
      return started().url;
    },
    faults: (config) => started().faults(config),
    stats: () => started().stats(),
    get: (path, query, as) => started().get(path, query, as),
    post: (path, body, as) => started().post(path, body, as),
    allPages: (path, key, query, as) => started().allPages(path, key, query, as),
    // Closed after the file by the hook above, unless a test closed it first.
    close: async () => {
      const running = started();
      kit = undefined;
      await running.close();
    },
  };
}
