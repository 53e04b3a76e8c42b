/** Entry point of the sandbox for tests: `startSandbox(options) → { url, close(), ctx, users, clients }`. */
import { createApiModule } from './api/index';
import type { SandboxOptions } from './context';
import { createSandbox, type Sandbox, type SandboxHooks } from './server';

export type { Sandbox, SandboxHooks } from './server';
/** Starts a sandbox on 127.0.0.1 (port 0 = free port) with the real domain API. */
export function startSandbox(options: Partial<SandboxOptions> = {}, hooks: SandboxHooks = {}): Promise<Sandbox> {
  return createSandbox(options, hooks.createApi ?? createApiModule, hooks.extend);
}
