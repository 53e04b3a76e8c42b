/** Sign-in tests against a real sandbox: start it, build cores on it, sign in through the portal, read its admin API. */
import type { SandboxOptions } from '../sandbox/context';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { approveInBrowser, type BrowserUser } from './browser-consent';
import { makeCore, type MakeCoreOptions } from './core-fixture';

/** A sandbox on a free port with little domain data (the auth tests need only the platform). */
export function startAuthSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, contacts: 5, events: 5, ...options });
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
export interface Stats {
  requests: Record<string, Record<string, number>>;
  tokenGrants: { authorization_code: number; refresh_token: number };
  refreshReuseDetections: number;
  codeReuseDetections: number;
  revocations: number;
  grantsRevoked: number;
  faultsInjected: { latency: number; fail: number; reset: number; resetAfterApply: number; rateLimit: number; offline: number };
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
    revokeGrants: (filter: { email?: string; client_id?: string }) => json('/__sandbox/grants/revoke', 'POST', filter) as Promise<{ revoked: number }>,
    /** Token requests of any outcome (a refused exchange still counts). */
    tokenRequests: async () => Object.values((await json('/__sandbox/stats') as Stats).requests['POST /oauth/token'] ?? {}).reduce((a, b) => a + b, 0),
  };
}

/** GET /v1/userinfo with a bearer token; the status only. */
export async function userinfoStatus(sb: Sandbox, token: string): Promise<number> {
  const res = await fetch(`${sb.url}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.status;
}
