/** Client authentication for /oauth/token and /oauth/revoke (RFC 6749 §2.3.1: Basic or body, not both). */
import type { FastifyRequest } from 'fastify';
import { decodeBasic } from '../auth';
import type { OAuthClient } from './clients';
import { oauthError, param, type Form } from './oauth-error';
import { safeEqual } from './tokens';

function formDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw oauthError('invalid_client', 'malformed Basic client credentials');
  }
}

/**
 * Identifies and authenticates the client. Confidential clients must present their secret;
 * public clients identify by client_id and must not send a (non-empty) secret.
 */
export function authenticateClient(req: FastifyRequest, form: Form, clients: readonly OAuthClient[]): OAuthClient {
  const header = req.headers.authorization;
  let basic: [string, string] | null = null;
  if (header !== undefined) {
    const raw = decodeBasic(header.trim());
    if (!raw) throw oauthError('invalid_client', 'unsupported or malformed Authorization header (use Basic)');
    basic = [formDecode(raw[0]), formDecode(raw[1])];
  }
  const bodyId = param(form, 'client_id');
  const bodySecret = param(form, 'client_secret');
  if (basic && bodySecret !== undefined) {
    throw oauthError(
      'invalid_request',
      'use one client authentication method: Basic header or client_secret, not both',
    );
  }
  if (basic && bodyId !== undefined && bodyId !== basic[0]) {
    throw oauthError('invalid_request', 'client_id in the body differs from the Authorization header');
  }
  const id = basic?.[0] ?? bodyId;
  if (id === undefined || id === '') throw oauthError('invalid_client', 'client_id is required');
  const client = clients.find((c) => c.id === id);
  if (!client) throw oauthError('invalid_client', 'unknown client');
  const secret = basic ? basic[1] : bodySecret;
  if (client.confidential) {
    if (secret === undefined || secret === '')
      throw oauthError('invalid_client', 'client authentication required (client_secret)');
    if (!client.secret || !safeEqual(secret, client.secret))
      throw oauthError('invalid_client', 'client authentication failed');
  } else if (secret !== undefined && secret !== '') {
    throw oauthError('invalid_client', 'this is a public client: it has no client_secret (use PKCE)');
  }
  return client;
}
