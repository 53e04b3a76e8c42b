/**
 * The renderer's stores on the real core, in one process: a signed-in core against the sandbox, and
 * `window.frontdesk` built the way the browser host's page builds it, over a transport that calls the core's
 * dispatcher with the page's origin and copies every argument and event as IPC would (structuredClone). Nothing
 * is mocked between a store and the service: what a store shows came from the sandbox over real HTTP.
 */
import { createProxyBridge } from '../../renderer/lib/proxy-bridge';
import type { SandboxOptions } from '../sandbox/context';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { assertContractKept } from '../sandbox/strict';
import { signInAs, varyFromEnv } from './auth-fixture';
import { makeCore, type MakeCoreOptions } from './core-fixture';

const ORIGIN = 'app://frontdesk';

/** A running pair; `close` stops the core and the sandbox. */
export interface RendererOnCore {
  sandbox: Sandbox;
  made: ReturnType<typeof makeCore>;
  close(): Promise<void>;
}

/**
 * Builds `window.frontdesk` over `made`'s dispatcher, called with the page's origin, every argument and event
 * copied as IPC would copy it.
 */
export function installBridge(made: ReturnType<typeof makeCore>): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  made.core.events.attach((channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload));
  });
  // In the Node environment the stores' `window` is the global object (they need no DOM).
  const g = globalThis as { window?: Window & typeof globalThis };
  g.window ??= globalThis as Window & typeof globalThis;
  g.window.frontdesk = createProxyBridge({
    invoke: async (channel, args) =>
      structuredClone(
        await made.core.dispatch(channel, args === undefined ? undefined : structuredClone(args), {
          url: ORIGIN,
          isMainFrame: true,
        }),
      ),
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
}

/** Starts a sandbox and a core, signs in as `email`, and installs `window.frontdesk` for the stores. */
export async function rendererOnCore(
  email = 'owner@frontdesk.test',
  { sandbox: sandboxOptions, ...options }: MakeCoreOptions & { sandbox?: Partial<SandboxOptions> } = {},
): Promise<RendererOnCore> {
  // The sandbox's usual seeded practice (a day's appointments around now), the same on every run.
  const sandbox = await startSandbox({ port: 0, seed: 1, fields: 'strict', vary: varyFromEnv(), ...sandboxOptions });
  const made = makeCore(sandbox.url, { trustedOrigin: ORIGIN, ...options });
  await made.core.start();
  installBridge(made);
  await signInAs(made, email);
  return {
    sandbox,
    made,
    close: async () => {
      await made.cleanup();
      await sandbox.close();
      assertContractKept(sandbox.fields);
    },
  };
}
