/** Opaque secrets, their hashes, timing-safe compares and PKCE S256 — all on node:crypto. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 chars): access/refresh tokens, codes, session ids, CSRF tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hash under which a token is stored; the token itself is never kept. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Constant-time string equality (lengths compared via fixed-size digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/** RFC 7636 §4.2 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A valid S256 code_challenge: exactly 43 base64url characters. */
export const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;
/** A valid code_verifier (RFC 7636 §4.1): 43-128 unreserved characters. */
export const VERIFIER_RE = /^[A-Za-z0-9._~-]{43,128}$/;
