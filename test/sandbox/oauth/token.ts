/** POST /oauth/token (authorization_code with PKCE, refresh_token with rotation) and POST /oauth/revoke. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../context';
import { nowMs, type Platform } from '../platform';
import { authenticateClient } from './client-auth';
import type { OAuthClient } from './clients';
import { NO_STORE, oauthError, param, parseForm, required, type Form } from './oauth-error';
import { parseScope } from './scopes';
import type { Grant } from './store';
import { s256, safeEqual, tokenHash, VERIFIER_RE } from './tokens';
import { keepsRefreshToken } from '../vary';

/** The spec's token response, exactly. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

function formOf(req: FastifyRequest): Form {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FORM_TYPE) throw oauthError('invalid_request', `the body must be ${FORM_TYPE}`);
  return parseForm(typeof req.body === 'string' ? req.body : '');
}

/** Issues tokens under `grant` and builds the response body. */
export function tokenResponse(
  p: Platform,
  grant: Grant,
  access: readonly Scope[],
  refresh: readonly Scope[],
): TokenResponse {
  const ttl = p.ctx.options.accessTtlS;
  const t = p.store.issueTokens(grant, access, refresh, ttl);
  return {
    access_token: t.accessToken,
    token_type: 'Bearer',
    expires_in: ttl,
    refresh_token: t.refreshToken,
    scope: access.join(' '),
    created_at: Math.floor(t.createdAt / 1000),
  };
}

function authorizationCode(p: Platform, client: OAuthClient, form: Form): TokenResponse {
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = param(form, 'code_verifier');
  const rec = p.store.codes.get(tokenHash(code));
  const grant = rec ? p.store.grants.get(rec.grantId) : undefined;
  if (!rec || !grant) throw oauthError('invalid_grant', 'unknown authorization code');
  if (grant.clientId !== client.id) throw oauthError('invalid_grant', 'the code was issued to another client');
  if (rec.used || grant.revoked) {
    if (p.store.revokeGrant(grant.id)) p.store.counters.codeReuseDetections++;
    throw oauthError('invalid_grant', 'authorization code already used; tokens issued from it are revoked');
  }
  if (nowMs(p) >= rec.expiresAt) throw oauthError('invalid_grant', 'authorization code expired');
  if (rec.redirectUri !== redirectUri)
    throw oauthError('invalid_grant', 'redirect_uri differs from the authorization request');
  if (rec.challenge !== null) {
    if (verifier === undefined) throw oauthError('invalid_grant', 'code_verifier is required (PKCE)');
    if (!VERIFIER_RE.test(verifier) || !safeEqual(s256(verifier), rec.challenge)) {
      throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
    }
  } else if (verifier !== undefined) {
    throw oauthError('invalid_grant', 'code_verifier sent but the authorization request had no code_challenge');
  }
  rec.used = true;
  p.store.counters.tokenGrants.authorization_code++;
  return tokenResponse(p, grant, grant.scopes, grant.scopes);
}

/** A refresh's answer: under `--vary`, for some seeds, without a new refresh token (vary.ts). */
type RefreshAnswer = TokenResponse | Omit<TokenResponse, 'refresh_token'>;

function refreshToken(p: Platform, client: OAuthClient, form: Form): RefreshAnswer {
  const token = required(form, 'refresh_token');
  const scope = param(form, 'scope');
  const rec = p.store.refresh.get(tokenHash(token));
  const grant = rec ? p.store.liveGrant(rec.grantId) : null;
  if (!rec || !grant) throw oauthError('invalid_grant', 'unknown or revoked refresh token');
  if (grant.clientId !== client.id) throw oauthError('invalid_grant', 'the refresh token was issued to another client');
  if (!rec.active) {
    p.store.revokeGrant(grant.id);
    p.store.counters.refreshReuseDetections++;
    throw oauthError('invalid_grant', 'refresh token already used (rotated); the whole grant is now revoked');
  }
  let access = rec.scopes;
  if (scope !== undefined) {
    const parsed = parseScope(scope, rec.scopes, 'was not granted to this refresh token');
    if (!parsed.ok) throw oauthError('invalid_scope', parsed.description);
    access = parsed.scopes;
  }
  const keep = keepsRefreshToken(p.ctx.options.vary);
  if (!keep) rec.active = false;
  p.store.counters.tokenGrants.refresh_token++;
  const answer = tokenResponse(p, grant, access, rec.scopes);
  if (!keep) return answer;
  // No rotation (RFC 6749 §6: the server MAY issue a new refresh token): the one sent stays the grant's.
  p.store.refresh.delete(tokenHash(answer.refresh_token));
  const { refresh_token: _unused, ...rest } = answer;
  return rest;
}

function send(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(200).headers(NO_STORE).send(body);
}

/** Registers /oauth/token and /oauth/revoke in their own context (form bodies only, read as text). */
export function registerTokenEndpoints(app: FastifyInstance, p: Platform): void {
  void app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    child.post('/oauth/token', async (req, reply) => {
      const form = formOf(req);
      const client = authenticateClient(req, form, p.clients);
      const grantType = required(form, 'grant_type');
      if (grantType === 'authorization_code') return send(reply, authorizationCode(p, client, form));
      if (grantType === 'refresh_token') return send(reply, refreshToken(p, client, form));
      throw oauthError('unsupported_grant_type', `grant_type "${grantType.slice(0, 64)}" is not supported`);
    });

    child.post('/oauth/revoke', async (req, reply) => {
      const form = formOf(req);
      const client = authenticateClient(req, form, p.clients);
      const token = required(form, 'token');
      const hash = tokenHash(token);
      const hint = param(form, 'token_type_hint');
      const access = p.store.access.get(hash);
      const refresh = p.store.refresh.get(hash);
      const rec = hint === 'refresh_token' ? (refresh ?? access) : (access ?? refresh);
      const grant = rec ? p.store.grants.get(rec.grantId) : undefined;
      if (!grant) return send(reply, {});
      if (grant.clientId !== client.id) {
        throw oauthError('unauthorized_client', 'the token was issued to another client; it was not revoked');
      }
      if (p.store.revokeGrant(grant.id)) p.store.counters.revocations++;
      return send(reply, {});
    });
  });
}
