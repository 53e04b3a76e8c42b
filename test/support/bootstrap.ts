/**
 * One door into the tests (after Signal's test-mock `Bootstrap`): each piece starts, seeds, links or tears down one
 * thing, usable alone, and the `use*` helpers register a file's hooks from them.
 * - sandbox: `useSandbox` (started on a free port with the file's options, its admin API, closed after the file);
 * - core: `signedInCore` (a temp data folder, signed in as a seeded user), `useBootstrap` (a sandbox and such a core
 *   for the file, `restart()` on the same folder);
 * - renderer on core: `useRendererOnCore` (the stores' `window.frontdesk` over a signed-in core, renderer-on-core.ts);
 * - browser host and page: test/e2e/support/stack.ts `useStack`, which also prints the host's log and saves page
 *   screenshots when a test fails;
 * - the typed `call` / `callRaw` through a core's dispatcher, and the sandbox's ground truth (`ownerGet`);
 * - logs on failure: `useLogOnFailure` / `printLogOnFailure` print a core's memory log when a test fails.
 */
import { afterAll, beforeAll, beforeEach, type TestContext } from 'vitest';
import type { ArgsIn, InvokeChannel, Result, ResultOf } from '../../common/contract';
import type { SandboxOptions } from '../sandbox/context';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { assertContractKept } from '../sandbox/strict';
import { admin, customSchemeCore, signInAs, startAuthSandbox, varyFromEnv, type MadeCore } from './auth-fixture';
import type { MakeCoreOptions } from './core-fixture';
import { rendererOnCore, type RendererOnCore } from './renderer-on-core';
import { waitFor } from './wait';

const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };

/** What `signedInCore` accepts. */
export interface SignedInOptions {
  /** Narrows what the core asks for at sign-in. */
  scopes?: string[];
  /** Tunes contact paging. */
  contacts?: { pageSize?: number; limit?: number };
  /** `false`: a workstation whose read ahead for offline work never ran (nothing cached but what a test asks). */
  readAhead?: false;
  /** Who signs in (the owner unless told). */
  email?: string;
  /** Core options on top (e.g. `dataDir` to start again on a workstation's folder, `clock`). */
  core?: MakeCoreOptions;
}

/** A started core signed in against `sb`, once it sees the service. */
export async function signedInCore(sb: Sandbox, options: SignedInOptions = {}): Promise<MadeCore> {
  const made = customSchemeCore(sb, coreOptionsOf(options));
  await made.core.start();
  if (options.readAhead === false) await made.core.prefetch.stop();
  await signInAs(made, options.email ?? 'owner@frontdesk.test');
  await waitFor(() => made.core.connectivity.current().state === 'online', { what: 'the core to see the service' });
  return made;
}

/** The core options `signedInCore` builds with (quick outbox retries). */
function coreOptionsOf(options: SignedInOptions): MakeCoreOptions {
  return {
    outbox: { baseDelayMs: 20, maxDelayMs: 200 },
    ...(options.contacts ? { contacts: options.contacts } : {}),
    ...(options.scopes ? { config: { scopes: options.scopes } } : {}),
    ...options.core,
  };
}

/** Calls a channel as the app's own window would; the raw result value. */
export function callRaw<C extends InvokeChannel>(
  made: MadeCore,
  channel: C,
  ...args: ArgsIn<C> extends undefined ? [] : [ArgsIn<C>]
): Promise<Result<ResultOf<C>>> {
  return made.core.dispatch(channel, args[0], trusted) as Promise<Result<ResultOf<C>>>;
}

/** Calls a channel and returns its value (throws with the error when it failed). */
export async function call<C extends InvokeChannel>(
  made: MadeCore,
  channel: C,
  ...args: ArgsIn<C> extends undefined ? [] : [ArgsIn<C>]
): Promise<ResultOf<C>> {
  const result = await callRaw(made, channel, ...args);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Reads the sandbox directly with the owner's API key (not scope-gated), as the tests' ground truth. */
export async function ownerGet<T = Record<string, unknown>>(
  sb: Sandbox,
  path: string,
  query: Record<string, string | number> = {},
): Promise<{ status: number; body: T }> {
  const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${sb.url}${path}${qs ? `?${qs}` : ''}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Moves an appointment at the service as another desk would (the owner's API key, not through a core). */
export async function moveElsewhere(sb: Sandbox, id: number, start: string, end: string): Promise<number> {
  const owner = sb.users.find((u) => u.email === 'owner@frontdesk.test')!;
  const res = await fetch(`${sb.url}/v1/events`, {
    method: 'PUT',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ events: [{ id, start_time: start, end_time: end }] }),
  });
  return res.status;
}

/**
 * Waits until the outbox change reaches `status`. A change waited for to need attention that is done instead fails at
 * once: done is final, so waiting on would only wait out the time.
 */
export async function waitForOp(made: MadeCore, id: string, status: 'done' | 'needs_attention' = 'done') {
  const op = await waitFor(
    () => {
      const op = made.core.outbox.get().get(id);
      return op?.status === status || op?.status === 'done' ? op : null;
    },
    { what: `change ${id} to be ${status}`, timeoutMs: 15_000 },
  );
  if (op.status !== status) throw new Error(`change ${id} was done, not ${status}`);
  return op;
}

/** Takes the service away (every /v1 request's connection is dropped) and waits until the core notices. */
export async function goOffline(sb: Sandbox, made: MadeCore): Promise<void> {
  await admin(sb).faults({ offline: true });
  await waitFor(() => made.core.connectivity.current().state === 'offline', {
    what: 'the core to notice it is offline',
  });
}

/** Brings the service back and waits until the core notices. */
export async function goOnline(sb: Sandbox, made: MadeCore): Promise<void> {
  await admin(sb).clearFaults();
  await waitFor(() => made.core.connectivity.current().state === 'online', { what: 'the core to notice it is online' });
}

/** Requests the sandbox answered for `route` (e.g. `GET /v1/contacts`), all statuses. */
export async function requestCount(sb: Sandbox, route: string): Promise<number> {
  const stats = await admin(sb).stats();
  return Object.values(stats.requests[route] ?? {}).reduce((a, b) => a + b, 0);
}

/** Something with a log kept in memory (a core made by `makeCore`). */
interface Logged {
  log: { lines: string[] };
}

/**
 * When the running test fails, prints the memory log of whatever `current` returns (read at failure time, so a
 * core made later in the test is included). Call it inside a test or a `beforeEach`, with that test's context.
 */
export function printLogOnFailure(
  context: Pick<TestContext, 'onTestFailed' | 'task'>,
  current: () => Logged | readonly Logged[] | undefined,
  print: (text: string) => void = (text) => console.error(text),
): void {
  context.onTestFailed(() => {
    const found = current();
    const logged = found === undefined ? [] : 'log' in found ? [found as Logged] : (found as readonly Logged[]);
    logged.forEach((one, i) => {
      const name = logged.length > 1 ? ` (core ${i + 1})` : '';
      print(`--- core log${name} for "${context.task.name}" ---\n${one.log.lines.join('\n') || '(empty)'}`);
    });
  });
}

/** Prints the log of what `current` returns whenever a test of this file fails. */
export function useLogOnFailure(current: () => Logged | readonly Logged[] | undefined): void {
  beforeEach((context) => printLogOnFailure(context, current));
}

/**
 * Counts the renderer's bridge calls by channel: `window.frontdesk.invoke` is wrapped so each ask is recorded. Call it
 * before the stores are imported (they read window.frontdesk when they load). Returns the list it fills.
 */
export function countBridgeAsks(): string[] {
  const asked: string[] = [];
  const bridge = window.frontdesk!;
  const invoke = new Proxy(bridge.invoke, {
    get: (target, channel: string) => {
      asked.push(channel);
      return Reflect.get(target, channel);
    },
  });
  window.frontdesk = { ...bridge, invoke };
  return asked;
}

/**
 * The renderer's stores on a signed-in core and its sandbox (`rendererOnCore`) for the whole file: started before
 * all tests (a file's own `beforeAll` runs after, so it can import the stores), closed after them, and the core's
 * log printed when a test fails.
 */
export function useRendererOnCore(...args: Parameters<typeof rendererOnCore>): Omit<RendererOnCore, 'close'> {
  let run: RendererOnCore | undefined;
  const started = () => {
    if (!run) throw new Error('useRendererOnCore: not started yet (read it inside hooks and tests)');
    return run;
  };
  beforeAll(async () => {
    run = await rendererOnCore(...args);
  });
  useLogOnFailure(() => run?.made);
  afterAll(async () => {
    await run?.close();
  });
  return {
    get sandbox() {
      return started().sandbox;
    },
    get made() {
      return started().made;
    },
  };
}

/** The sandbox of a `useSandbox` file (or `describe`); read it inside hooks and tests. */
export interface SandboxHandle {
  readonly sb: Sandbox;
  /** The sandbox's admin API (stats, faults, reset). */
  admin(): ReturnType<typeof admin>;
}

/**
 * One sandbox on a free port, seeded as `options` say, started before all tests of the file or `describe` and
 * closed after them, for tests that build their own cores. Strict unless told (`fields`): a request field the service
 * contract does not list gets 400, and fails the file when it closes (test/sandbox/strict.ts).
 */
export function useSandbox(options: Partial<SandboxOptions> = {}): SandboxHandle {
  let sb: Sandbox | undefined;
  const started = () => {
    if (!sb) throw new Error('useSandbox: not started yet (read it inside hooks and tests)');
    return sb;
  };
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, fields: 'strict', vary: varyFromEnv(), ...options });
  });
  afterAll(async () => {
    await sb?.close();
    if (sb) assertContractKept(sb.fields);
  });
  return {
    get sb() {
      return started();
    },
    admin: () => admin(started()),
  };
}

/** What `useBootstrap` sets up for a file. */
export interface BootstrapOptions extends SignedInOptions {
  /** Sandbox options on top of `startAuthSandbox`'s (few contacts and events). */
  sandbox?: Partial<SandboxOptions>;
}

/** The live parts of a `useBootstrap` file; read them inside hooks and tests. */
export interface Bootstrap {
  readonly sb: Sandbox;
  readonly made: MadeCore;
  /** The sandbox's admin API (stats, faults, reset). */
  admin(): ReturnType<typeof admin>;
  /** Stops the core and starts a new one on the same data folder, signed in from what it saved (a reopened app). */
  restart(): Promise<MadeCore>;
}

/**
 * One sandbox and one signed-in core for the whole file: started before all tests, torn down after them (the
 * core's data folder with it), and the core's log printed when a test fails. The sandbox is strict (startAuthSandbox):
 * a field the service contract does not list fails the file when it closes.
 */
export function useBootstrap(options: BootstrapOptions = {}): Bootstrap {
  const { sandbox: sandboxOptions = {}, ...coreOptions } = options;
  let sb: Sandbox | undefined;
  let made: MadeCore | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useBootstrap: no ${what} yet (read it inside hooks and tests)`);
    return value;
  };

  beforeAll(async () => {
    sb = await startAuthSandbox(sandboxOptions);
    made = await signedInCore(sb, coreOptions);
  });
  useLogOnFailure(() => made);
  afterAll(async () => {
    await made?.cleanup();
    await sb?.close();
    if (sb) assertContractKept(sb.fields);
  });

  return {
    get sb() {
      return started(sb, 'sandbox');
    },
    get made() {
      return started(made, 'core');
    },
    admin: () => admin(started(sb, 'sandbox')),
    async restart() {
      const before = started(made, 'core');
      await before.core.stop();
      const next = customSchemeCore(started(sb, 'sandbox'), { ...coreOptionsOf(coreOptions), dataDir: before.dir });
      made = {
        ...next,
        // The new core leaves the folder alone; the first one's cleanup removes it, after both have stopped.
        cleanup: async () => {
          await next.cleanup();
          await before.cleanup();
        },
      };
      await next.core.start();
      await waitFor(() => next.core.auth.status().state === 'signed_in', { what: 'the saved sign-in' });
      return made;
    },
  };
}
