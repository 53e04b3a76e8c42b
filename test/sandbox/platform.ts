/** The platform half's shared state, handed to each of its route modules. */
import type { ApiModule, SandboxContext } from './context';
import type { FaultController } from './faults';
import type { OAuthClient } from './oauth/clients';
import type { OAuthStore } from './oauth/store';
import type { RequestStats } from './stats';

/** Everything the platform routes need; one per sandbox. */
export interface Platform {
  ctx: SandboxContext;
  store: OAuthStore;
  clients: readonly OAuthClient[];
  faults: FaultController;
  stats: RequestStats;
  /** The domain half (set right after the context exists). */
  api: ApiModule;
}

/** Current time in ms from the context clock. */
export function nowMs(p: Platform): number {
  return p.ctx.now().getTime();
}
