/** A signed-in core against a real sandbox, and typed calls through its dispatcher, for the contacts tests. */
import type { ArgsIn, InvokeChannel, Result, ResultOf } from '../../../common/contract';
import type { Sandbox } from '../../sandbox/index';
import { admin, customSchemeCore, signInAs, startAuthSandbox, type MadeCore } from '../../support/auth-fixture';
import { waitFor } from '../../support/wait';

const trusted = { url: 'app://frontdesk/index.html', isMainFrame: true };

/** A sandbox with the owner's 300 contacts (few events: they are not needed here). */
export function startContactsSandbox(): Promise<Sandbox> {
  return startAuthSandbox({ contacts: 300, events: 5 });
}

/**
 * A started core signed in as the owner; `scopes` narrows what it asks for, `contacts` tunes paging; `readAhead:
 * false` is a workstation whose read ahead for offline work never ran (nothing cached but what a test asks).
 */
export async function signedInCore(
  sb: Sandbox,
  options: { scopes?: string[]; contacts?: { pageSize?: number; limit?: number }; readAhead?: false } = {},
): Promise<MadeCore> {
  const made = customSchemeCore(sb, {
    outbox: { baseDelayMs: 20, maxDelayMs: 200 },
    ...(options.contacts ? { contacts: options.contacts } : {}),
    ...(options.scopes ? { config: { scopes: options.scopes } } : {}),
  });
  await made.core.start();
  if (options.readAhead === false) await made.core.prefetch.stop();
  await signInAs(made, 'owner@frontdesk.test');
  await waitFor(() => made.core.connectivity.current().state === 'online', { what: 'the core to see the service' });
  return made;
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

/** Waits until the outbox change reaches `status`. */
export function waitForOp(made: MadeCore, id: string, status: 'done' | 'needs_attention' = 'done') {
  return waitFor(
    () => {
      const op = made.core.outbox.get().get(id);
      return op?.status === status ? op : null;
    },
    { what: `change ${id} to be ${status}`, timeoutMs: 15_000 },
  );
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
