/** How a failed service call is classified, so callers know whether to retry, re-auth or give up. */

/** retryable: network, timeout, 408/425/429/5xx · needs_auth: 401 · scope: 403 insufficient_scope · permanent: other 4xx · invalid_response: unexpected shape. */
export type ServiceErrorKind = 'retryable' | 'needs_auth' | 'scope' | 'permanent' | 'invalid_response';

/** Statuses worth retrying (RFC 9110 semantics plus 425/429). */
export const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** A service call that did not succeed. */
export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    readonly endpoint: string,
    message: string,
    readonly details: { status?: number; requiredScope?: string; retryAfterMs?: number; serviceMessage?: string } = {},
  ) {
    super(message);
  }
}

/**
 * Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. A date counts from
 * the answer's own Date header when it has one (the server's clock: ours may be off), else from `now`.
 */
export function parseRetryAfter(value: string | null, now: number, date: string | null = null): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  const sent = date ? Date.parse(date) : NaN;
  return Math.max(0, at - (Number.isNaN(sent) ? now : sent));
}

/**
 * A gateway's answer that the service behind it was not reached this once (502, 503, 504 — often a proxy's HTML page)
 * without a Retry-After asking for a wait: an idempotent read may be sent once more at once. A second one is the
 * caller's "cannot reach the service".
 */
export function gatewayBlip(response: Pick<Response, 'status' | 'headers'>, now: number): boolean {
  if (response.status !== 502 && response.status !== 503 && response.status !== 504) return false;
  return (parseRetryAfter(response.headers.get('retry-after'), now, response.headers.get('date')) ?? 0) === 0;
}

/** The service's own words from an error body ({error}, {message}, {errors: string|string[]}). */
export function serviceMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['error', 'message', 'error_description']) {
    if (typeof b[key] === 'string' && b[key]) return b[key] as string;
  }
  if (Array.isArray(b.errors) && typeof b.errors[0] === 'string') return b.errors[0];
  if (typeof b.errors === 'string') return b.errors;
  return undefined;
}
