/**
 * What this run's sandbox leaves out of its answers (`--vary SEED` / SANDBOX_VARY, test/sandbox/vary.ts), for the few
 * screens whose words depend on a field the service may not send: a test then expects what the app shows without it.
 */
import { varyFromEnv } from '../../support/auth-fixture';
import { leavesOut } from '../../sandbox/vary';

/** Whether this run's answers of `endpoint` leave `field` out (or send it as null); never in a plain run. */
function leftOutHere(endpoint: string, field: string): boolean {
  const vary = varyFromEnv();
  return vary ? leavesOut(vary.seed, endpoint, field) : false;
}

/**
 * How the app names a thread started at the service with a number no contact has: by the name it was started with,
 * or, when the service's list of threads leaves names out, by its number as the app tells it (`shown`).
 */
export function startedThreadName(name: string, shown: string): string {
  return leftOutHere('GET /v1/conversations', 'conversations[].name') ? shown : name;
}
