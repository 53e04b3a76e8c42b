/** Retry delays: exponential backoff with full jitter, never shorter than the service's Retry-After. */

/** Base and cap of the exponential window. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/** Defaults of the issue: base 1 s, cap 5 min. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 5 * 60_000 };

/** The window after `failures` failed attempts (≥ 1): min(cap, base · 2^(failures − 1)). */
export function backoffCeiling(failures: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, failures - 1);
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 60));
}

/** Full jitter: uniform in [0, ceiling); at least `retryAfterMs` when the service asked for a wait. */
export function backoffDelay(
  failures: number,
  random: () => number,
  policy: BackoffPolicy,
  retryAfterMs?: number,
): number {
  const jitter = Math.floor(Math.min(Math.max(random(), 0), 1) * backoffCeiling(failures, policy));
  return retryAfterMs === undefined ? jitter : Math.max(jitter, retryAfterMs);
}
