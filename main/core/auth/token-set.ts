/** Builds and ages token sets from token-endpoint answers, tolerant of what RFC 6749 leaves optional. */
import type { TokenEndpointResponse } from 'oauth4webapi';
import type { TokenSet } from './session-types';

/** No expires_in: the token lives until the service says otherwise (a 401). */
const NO_EXPIRY = Number.MAX_SAFE_INTEGER;
/** created_at further than this from our clock is not trusted (clock skew). */
const MAX_SKEW_MS = 5 * 60_000;
const DAY_MS = 24 * 3600_000;

/** Splits a space-delimited scope string. */
function parseScopes(scope: unknown): string[] {
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

/**
 * A TokenSet from a token response received at `now`. Expiry is created_at + expires_in (the
 * service's clock) unless created_at is missing or skewed; scope defaults to what was requested
 * (RFC 6749 §5.1); a refresh answer without refresh_token keeps the previous one (§6).
 */
export function tokenSetFrom(
  response: TokenEndpointResponse,
  now: number,
  requested: readonly string[],
  previousRefresh: string | null = null,
): TokenSet {
  const createdAt = typeof response.created_at === 'number' ? response.created_at * 1000 : NaN;
  const issuedAt = Number.isFinite(createdAt) && Math.abs(createdAt - now) <= MAX_SKEW_MS ? createdAt : now;
  const expiresIn =
    typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in * 1000 : null;
  const granted = parseScopes(response.scope);
  return {
    accessToken: response.access_token,
    refreshToken:
      typeof response.refresh_token === 'string' && response.refresh_token ? response.refresh_token : previousRefresh,
    issuedAt,
    expiresAt: expiresIn === null ? NO_EXPIRY : issuedAt + expiresIn,
    scopes: granted.length > 0 ? granted : [...requested],
  };
}

/**
 * Whether to refresh before use: when under 10 % of the lifetime is left, or under 24 hours —
 * capped at half the lifetime so that short-lived tokens are not refreshed on every call.
 */
export function needsRefresh(tokens: TokenSet, now: number): boolean {
  if (tokens.expiresAt === NO_EXPIRY) return false;
  const lifetime = Math.max(tokens.expiresAt - tokens.issuedAt, 0);
  const threshold = Math.max(lifetime * 0.1, Math.min(DAY_MS, lifetime * 0.5));
  return tokens.expiresAt - now < threshold;
}

/** Whether the access token is past its expiry. */
export function isExpired(tokens: TokenSet, now: number): boolean {
  return tokens.expiresAt !== NO_EXPIRY && now >= tokens.expiresAt;
}
