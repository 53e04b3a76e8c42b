/** /v1 authentication (Bearer per RFC 6750, Basic email:api_key), scope checks, and GET /v1/userinfo. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, type Principal, type Scope } from './context';
import { errorBody } from './errors';
import { tokenHash, safeEqual } from './oauth/tokens';
import { nowMs, type Platform } from './platform';
import { actingUser, findUserByEmail } from './users';

const REALM = 'realm="sandbox"';

/** Splits `Basic <base64(a:b)>` into [a, b]; null when malformed. */
export function decodeBasic(value: string): [string, string] | null {
  const m = /^Basic[ \t]+([A-Za-z0-9+/=_-]+)[ \t]*$/i.exec(value);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : [decoded.slice(0, i), decoded.slice(i + 1)];
}

function invalidToken(description: string): HttpError {
  return new HttpError(401, errorBody('invalid_token', description), {
    'www-authenticate': `Bearer ${REALM}, error="invalid_token", error_description="${description}"`,
  });
}

function missingCredentials(message: string): HttpError {
  return new HttpError(401, errorBody('unauthorized', message), { 'www-authenticate': `Bearer ${REALM}` });
}

/** Builds ctx.authorize: authenticates the request, then checks `scope` (null: any valid credential). */
export function createAuthorize(p: Platform): (req: FastifyRequest, scope: Scope | null) => Principal {
  return (req, scope) => {
    const principal = authenticate(p, req.headers.authorization);
    if (scope !== null && principal.scopes !== 'all' && !principal.scopes.has(scope)) {
      throw new HttpError(
        403,
        { errors: 'insufficient_scope', required_scope: scope },
        { 'www-authenticate': `Bearer ${REALM}, error="insufficient_scope", scope="${scope}"` },
      );
    }
    return principal;
  };
}

function authenticate(p: Platform, header: string | undefined): Principal {
  const users = p.ctx.users;
  if (!header || header.trim() === '') {
    throw missingCredentials(
      'authentication required: send "Authorization: Bearer <access token>" or Basic email:api_key',
    );
  }
  const scheme = header
    .trim()
    .split(/[ \t]+/)[0]!
    .toLowerCase();
  if (scheme === 'bearer') {
    const m = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i.exec(header.trim());
    if (!m) throw invalidToken('malformed bearer token');
    const rec = p.store.access.get(tokenHash(m[1]!));
    if (!rec) throw invalidToken('unknown or revoked access token');
    const grant = p.store.liveGrant(rec.grantId);
    if (!grant) throw invalidToken('access token revoked');
    const now = nowMs(p);
    if (now >= rec.expiresAt) throw invalidToken('access token expired');
    const user = users.find((u) => u.id === grant.userId);
    if (!user) throw invalidToken('unknown user');
    grant.lastUsedAt = now;
    return {
      user,
      acting: actingUser(users, user),
      via: 'bearer',
      scopes: new Set(rec.scopes),
      clientId: grant.clientId,
    };
  }
  if (scheme === 'basic') {
    const creds = decodeBasic(header.trim());
    const user = creds ? findUserByEmail(users, creds[0]) : undefined;
    if (!creds || !user || !safeEqual(creds[1], user.apiKey)) {
      throw new HttpError(401, errorBody('invalid_credentials', 'wrong e-mail or API key'), {
        'www-authenticate': `Basic ${REALM}`,
      });
    }
    return { user, acting: actingUser(users, user), via: 'basic', scopes: 'all', clientId: null };
  }
  throw missingCredentials('unsupported Authorization scheme: use Bearer or Basic');
}

/** Body of GET /v1/userinfo. */
interface UserinfoBody {
  user: { id: number; email: string; name: string };
  account: { id: number; email: string; name: string; owner_name: string; time_zone: string };
  acting_for_other: boolean;
  auth: 'bearer' | 'basic';
  client_id: string | null;
  scope: string | null;
}

/** Registers GET /v1/userinfo (any valid credential, not scope-gated). */
export function registerUserinfo(app: FastifyInstance, p: Platform): void {
  app.get('/v1/userinfo', async (req): Promise<UserinfoBody> => {
    const pr = p.ctx.authorize(req, null);
    return {
      user: { id: pr.user.id, email: pr.user.email, name: pr.user.name },
      account: {
        id: pr.acting.id,
        email: pr.acting.email,
        name: pr.acting.accountName,
        owner_name: pr.acting.name,
        time_zone: pr.acting.timeZone,
      },
      acting_for_other: pr.acting.id !== pr.user.id,
      auth: pr.via,
      client_id: pr.clientId,
      scope: pr.scopes === 'all' ? null : [...pr.scopes].join(' '),
    };
  });
}
