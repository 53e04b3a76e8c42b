/** Validation of GET /oauth/authorize parameters into a pending request, an error page or an error redirect. */
import type { OAuthClient } from './clients';
import { redirectMatches } from './clients';
import { parseScope } from './scopes';
import { CHALLENGE_RE } from './tokens';
import type { Scope } from '../context';

/** A validated authorize request. */
interface AuthorizeParams {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  challenge: string | null;
}

/** Outcome: go on, show an HTML error page (never redirect), or redirect with `error`. */
export type AuthorizeCheck =
  | { kind: 'ok'; params: AuthorizeParams }
  | { kind: 'page'; title: string; message: string }
  | { kind: 'redirect'; location: string };

type Query = Record<string, unknown>;

/** One query value: undefined when absent or empty, `null` when repeated or not a string. */
function one(q: Query, name: string): string | undefined | null {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  return typeof v === 'string' ? v : null;
}

/** Appends query parameters to a redirect URI, whether or not it already has a query. */
export function withParams(uri: string, params: Record<string, string | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) qs.append(k, v);
  const s = qs.toString();
  if (!s) return uri;
  const sep = uri.includes('?') ? (uri.endsWith('?') || uri.endsWith('&') ? '' : '&') : '?';
  return `${uri}${sep}${s}`;
}

/** Error redirect per RFC 6749 §4.1.2.1 (state echoed when present). */
export function errorRedirect(redirectUri: string, error: string, description: string, state: string | null): string {
  return withParams(redirectUri, { error, error_description: description, state });
}

/** Checks every authorize parameter in RFC 6749 order: client and redirect first (page), then the rest. */
export function checkAuthorize(q: Query, clients: readonly OAuthClient[]): AuthorizeCheck {
  const clientId = one(q, 'client_id');
  if (clientId === undefined) return page('Missing client_id', 'The request has no client_id.');
  if (clientId === null) return page('Invalid client_id', 'client_id must appear exactly once.');
  const client = clients.find((c) => c.id === clientId);
  if (!client) return page('Unknown application', `No application is registered with client_id "${clientId}".`);
  const redirectUri = one(q, 'redirect_uri');
  if (redirectUri === undefined) return page('Missing redirect_uri', 'The request has no redirect_uri.');
  if (redirectUri === null) return page('Invalid redirect_uri', 'redirect_uri must appear exactly once.');
  if (!redirectMatches(client, redirectUri)) {
    return page('Redirect URI mismatch', `The redirect_uri does not match the one registered for ${client.name}.`);
  }
  const rawState = q.state;
  const state = typeof rawState === 'string' && rawState !== '' ? rawState : null;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    location: errorRedirect(redirectUri, error, description, state),
  });
  if (Array.isArray(rawState)) return fail('invalid_request', 'state must appear exactly once');
  const responseType = one(q, 'response_type');
  if (responseType === undefined) return fail('invalid_request', 'response_type is required');
  if (responseType === null) return fail('invalid_request', 'response_type must appear exactly once');
  if (responseType !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
  const scope = one(q, 'scope');
  if (scope === undefined) return fail('invalid_request', 'scope is required');
  if (scope === null) return fail('invalid_request', 'scope must appear exactly once');
  const parsed = parseScope(scope, client.scopes);
  if (!parsed.ok) return fail('invalid_scope', parsed.description);
  const challenge = one(q, 'code_challenge');
  const method = one(q, 'code_challenge_method');
  if (challenge === null || method === null) return fail('invalid_request', 'PKCE parameters must appear exactly once');
  if (challenge === undefined) {
    if (method !== undefined) return fail('invalid_request', 'code_challenge_method without code_challenge');
    if (!client.confidential)
      return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  } else {
    if (method !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256 (plain is not supported)');
    }
    if (!CHALLENGE_RE.test(challenge)) return fail('invalid_request', 'code_challenge must be 43 base64url characters');
  }
  return { kind: 'ok', params: { client, redirectUri, scopes: parsed.scopes, state, challenge: challenge ?? null } };
}

function page(title: string, message: string): AuthorizeCheck {
  return { kind: 'page', title, message };
}
