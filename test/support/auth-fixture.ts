/** Sign-in tests against a real sandbox: start it, build cores on it, sign in through the portal, read its admin API. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SandboxOptions } from '../sandbox/context';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { approveInBrowser, type BrowserUser } from './browser-consent';
import { makeCore, type MakeCoreOptions } from './core-fixture';
import { fakeClock, type FakeClock } from './fake-clock';

/**
 * The `--vary` of the tests' sandboxes: `SANDBOX_VARY=<seed>` in the environment (`npm run test:vary`) makes every
 * sandbox the test support starts answer within the service documents' freedom, chosen from that seed
 * (test/sandbox/vary.ts); `SANDBOX_VARY_SLOW_MS` sets how long its one slow answer takes (default 10 s). Unset: the
 * one exact shape. A file that asserts the exact shape itself (request counts, the spec's token lifetime) passes
 * `vary: false`.
 */
export function varyFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxOptions['vary'] {
  const seed = env.SANDBOX_VARY;
  if (seed === undefined || seed === '') return false;
  if (!/^\d+$/.test(seed)) throw new Error(`SANDBOX_VARY must be a whole number (a seed), got ${JSON.stringify(seed)}`);
  const slow = env.SANDBOX_VARY_SLOW_MS;
  return { seed: Number(seed), ...(slow && /^\d+$/.test(slow) ? { slowMs: Number(slow) } : {}) };
}

/**
 * A sandbox on a free port with little domain data (the auth tests need only the platform). Strict unless told: a
 * request field the service contract does not list gets 400 (test/sandbox/strict.ts); varied under SANDBOX_VARY.
 */
export function startAuthSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, contacts: 5, events: 5, fields: 'strict', vary: varyFromEnv(), ...options });
}

/** A core whose OS routes `com.frontdesk.app:` to it (Electron with the scheme claimed). */
export function customSchemeCore(sb: Sandbox, options: MakeCoreOptions = {}) {
  return makeCore(sb.url, { customSchemeClaimed: () => true, ...options });
}

/** A core that must use the loopback redirect (scheme not claimed, like the browser host). */
export function loopbackCore(sb: Sandbox, options: MakeCoreOptions = {}) {
  return makeCore(sb.url, { customSchemeClaimed: () => false, ...options });
}

export type MadeCore = ReturnType<typeof makeCore>;

/** Starts sign-in and returns the URL the core opened in the "browser". */
export async function startSignIn(made: MadeCore, addScopes: string[] = []): Promise<string> {
  const before = made.opened.length;
  await made.core.auth.signIn(addScopes);
  if (made.opened.length !== before + 1) throw new Error('signIn did not open exactly one URL');
  return made.opened.at(-1)!;
}

/** Full custom-scheme sign-in: open, approve in the browser, hand the redirect to core. */
export async function signInAs(made: MadeCore, email: string) {
  const url = await startSignIn(made);
  const location = await approveInBrowser(url, { email });
  const outcome = await made.core.auth.handleRedirect(location);
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.message}`);
  return { url, location, outcome };
}

/** Starts sign-in and gets the browser's answer without handing it to core yet. */
export async function browserAnswer(made: MadeCore, user: BrowserUser) {
  const url = await startSignIn(made);
  const location = await approveInBrowser(url, user);
  return { url, location, params: queryOf(location) };
}

/** Query parameters of any URL, custom schemes included. */
export function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1).split('#')[0]);
}

/** The sandbox counters this suite asserts on. */
interface Stats {
  requests: Record<string, Record<string, number>>;
  tokenGrants: { authorization_code: number; refresh_token: number };
  refreshReuseDetections: number;
  codeReuseDetections: number;
  revocations: number;
  grantsRevoked: number;
  faultsInjected: {
    latency: number;
    fail: number;
    reset: number;
    resetAfterApply: number;
    rateLimit: number;
    offline: number;
  };
  /** The domain half's counters (PLATFORM.md, Stats). */
  bookingsCreated?: number;
  contactsWritten?: number;
  eventsWritten?: number;
  eventMarks?: number;
  messagesRecorded?: number;
}

/** The admin API of one sandbox. */
export function admin(sb: Sandbox) {
  const json = async (path: string, method = 'GET', body?: unknown) => {
    const res = await fetch(`${sb.url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} gave ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  return {
    stats: () => json('/__sandbox/stats') as Promise<Stats>,
    reset: () => json('/__sandbox/reset', 'POST', {}),
    faults: (config: Record<string, unknown>) => json('/__sandbox/faults', 'POST', config),
    clearFaults: () => json('/__sandbox/faults', 'DELETE'),
    /** The office system refuses the owner's next `count` device-backed bookings when they settle. */
    deviceRefusals: (count: number) => json('/__sandbox/device-refusals', 'POST', { count }),
    revokeGrants: (filter: { email?: string; client_id?: string }) =>
      json('/__sandbox/grants/revoke', 'POST', filter) as Promise<{ revoked: number }>,
    /** Token requests of any outcome (a refused exchange still counts). */
    tokenRequests: async () =>
      Object.values(((await json('/__sandbox/stats')) as Stats).requests['POST /oauth/token'] ?? {}).reduce(
        (a, b) => a + b,
        0,
      ),
  };
}

/** What `useAuthKit` sets up. */
export interface AuthKitOptions {
  /** Sandbox options on top of `startAuthSandbox`'s. */
  sandbox?: Partial<SandboxOptions>;
  /** The sandbox runs on a fake clock (`kit.service`), made afresh for every test. */
  serviceClock?: boolean;
  /** A fake clock for the core (`kit.desk`), made afresh for every test; the kit's own core gets it. */
  deskClock?: boolean;
  /** The started core each test gets (`kit.made`); without it a test builds its own and hands it to `kit.adopt`. */
  core?: 'custom-scheme' | 'loopback';
  /** Signs this user in on the kit's core before each test. */
  signedInAs?: string;
  /**
   * `false`: the kit's core never reads ahead for offline work and never polls for new texts (files that count the
   * service's requests exactly, or move the workstation's clock, would otherwise see those reads too).
   */
  readAhead?: false;
  /**
   * `'test'` (default): one sandbox per file, reset before every test, with a fresh core per test.
   * `'file'`: one sandbox and one core for the whole file, never reset.
   */
  per?: 'test' | 'file';
}

/** The live parts of a `useAuthKit` file; read them inside hooks and tests, once they have started. */
export interface AuthKit {
  readonly sb: Sandbox;
  readonly made: MadeCore;
  readonly service: FakeClock;
  readonly desk: FakeClock;
  /** Moves the service's and the workstation's clocks forward together. */
  bothAdvance(ms: number): void;
  /** Makes `made` the core of this test, cleaned up after it. */
  adopt(made: MadeCore): MadeCore;
}

/**
 * Registers the usual hooks of a sign-in test file with vitest: the sandbox starts before all tests
 * and closes after them; per test (or once, with `per: 'file'`) the admin state is reset, the clocks
 * are made and the core is built, started, signed in and cleaned up.
 */
export function useAuthKit(options: AuthKitOptions = {}): AuthKit {
  const { sandbox = {}, serviceClock = false, deskClock = false, core, signedInAs, readAhead, per = 'test' } = options;
  let sb: Sandbox | undefined;
  let made: MadeCore | undefined;
  let service: FakeClock | undefined;
  let desk: FakeClock | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`useAuthKit: no ${what} (read it inside hooks and tests, and ask for it in the options)`);
    return value;
  };

  const setUpCore = async () => {
    if (!core) return;
    const build = core === 'custom-scheme' ? customSchemeCore : loopbackCore;
    made = build(sb!, desk ? { clock: desk } : {});
    await made.core.start();
    if (readAhead === false) {
      await made.core.prefetch.stop();
      await made.core.messages.stop();
    }
    if (signedInAs) await signInAs(made, signedInAs);
  };
  const cleanUpCore = async () => {
    const current = made;
    made = undefined;
    await current?.cleanup();
  };

  beforeAll(async () => {
    if (serviceClock) service = fakeClock();
    sb = await startAuthSandbox({ ...sandbox, ...(serviceClock ? { now: () => service!.date() } : {}) });
    if (per === 'file') {
      if (deskClock) desk = fakeClock();
      await setUpCore();
    }
  });
  afterAll(async () => {
    if (per === 'file') await cleanUpCore();
    await sb?.close();
  });
  if (per === 'test') {
    beforeEach(async () => {
      await admin(sb!).reset();
      if (serviceClock) service = fakeClock();
      if (deskClock) desk = fakeClock();
      await setUpCore();
    });
    afterEach(cleanUpCore);
  }

  return {
    get sb() {
      return started(sb, 'sandbox');
    },
    get made() {
      return started(made, 'core');
    },
    get service() {
      return started(service, 'service clock');
    },
    get desk() {
      return started(desk, 'desk clock');
    },
    bothAdvance(ms) {
      started(service, 'service clock').advance(ms);
      started(desk, 'desk clock').advance(ms);
    },
    adopt(m) {
      made = m;
      return m;
    },
  };
}

/** GET /v1/userinfo with a bearer token; the status only. */
export async function userinfoStatus(sb: Sandbox, token: string): Promise<number> {
  const res = await fetch(`${sb.url}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.status;
}
