/** In-memory OAuth state: grants and the codes/tokens issued under them, portal sessions, counters. */
import type { Scope } from '../context';
import { randomToken, tokenHash } from './tokens';

/** One user's authorization of one client; every code and token points at it. */
export interface Grant {
  id: string;
  clientId: string;
  userId: number;
  scopes: readonly Scope[];
  createdAt: number;
  lastUsedAt: number | null;
  revoked: boolean;
}

/** An authorization code (stored by hash). */
export interface CodeRecord {
  grantId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
  used: boolean;
}

/** An access token (stored by hash). */
export interface AccessRecord {
  grantId: string;
  scopes: readonly Scope[];
  expiresAt: number;
}

/** A refresh token (stored by hash); inactive once rotated away. */
export interface RefreshRecord {
  grantId: string;
  scopes: readonly Scope[];
  active: boolean;
}

/** A validated /oauth/authorize request waiting for login and consent. */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly Scope[];
  state: string | null;
  challenge: string | null;
  createdAt: number;
  /** Bound to the first portal session that sees the consent page. */
  sessionId: string | null;
}

/** A signed-in portal session (cookie). */
export interface PortalSession {
  id: string;
  userId: number;
  csrf: string;
  createdAt: number;
}

/** Token-endpoint counters served in /__sandbox/stats. */
export interface OAuthCounters {
  tokenGrants: { authorization_code: number; refresh_token: number };
  refreshReuseDetections: number;
  codeReuseDetections: number;
  revocations: number;
  grantsRevoked: number;
}

/** Pending authorize requests live this long (ms). */
const PENDING_TTL_MS = 15 * 60_000;

/** All OAuth state of one sandbox; `reset()` empties it. */
export class OAuthStore {
  readonly grants = new Map<string, Grant>();
  readonly codes = new Map<string, CodeRecord>();
  readonly access = new Map<string, AccessRecord>();
  readonly refresh = new Map<string, RefreshRecord>();
  readonly pending = new Map<string, PendingAuthorization>();
  readonly sessions = new Map<string, PortalSession>();
  counters: OAuthCounters = emptyCounters();

  constructor(private readonly nowMs: () => number) {}

  /** Forgets every grant, token, session and counter. */
  reset(): void {
    for (const m of [this.grants, this.codes, this.access, this.refresh, this.pending, this.sessions]) m.clear();
    this.counters = emptyCounters();
  }

  /** Records a new live grant of `scopes` to `clientId` by `userId`. */
  createGrant(clientId: string, userId: number, scopes: readonly Scope[]): Grant {
    const grant: Grant = {
      id: randomToken(12),
      clientId,
      userId,
      scopes,
      createdAt: this.nowMs(),
      lastUsedAt: null,
      revoked: false,
    };
    this.grants.set(grant.id, grant);
    return grant;
  }

  /** Creates a grant and its one-time code; returns the code. */
  issueCode(p: PendingAuthorization, userId: number, codeTtlS: number): string {
    const now = this.nowMs();
    const grant = this.createGrant(p.clientId, userId, p.scopes);
    const code = randomToken();
    this.codes.set(tokenHash(code), {
      grantId: grant.id,
      redirectUri: p.redirectUri,
      challenge: p.challenge,
      expiresAt: now + codeTtlS * 1000,
      used: false,
    });
    return code;
  }

  /** Issues a new access + refresh token pair under `grant`. */
  issueTokens(
    grant: Grant,
    accessScopes: readonly Scope[],
    refreshScopes: readonly Scope[],
    accessTtlS: number,
  ): { accessToken: string; refreshToken: string; createdAt: number } {
    const now = this.nowMs();
    const accessToken = randomToken();
    const refreshToken = randomToken();
    this.access.set(tokenHash(accessToken), {
      grantId: grant.id,
      scopes: accessScopes,
      expiresAt: now + accessTtlS * 1000,
    });
    this.refresh.set(tokenHash(refreshToken), { grantId: grant.id, scopes: refreshScopes, active: true });
    return { accessToken, refreshToken, createdAt: now };
  }

  /** Revokes a grant and drops every code and token issued under it; true if it was live. */
  revokeGrant(grantId: string): boolean {
    const grant = this.grants.get(grantId);
    if (!grant || grant.revoked) return false;
    grant.revoked = true;
    this.counters.grantsRevoked++;
    // Codes stay (their grant is revoked) so a replayed code is still recognised as reuse.
    for (const m of [this.access, this.refresh] as Map<string, { grantId: string }>[]) {
      for (const [k, v] of m) if (v.grantId === grantId) m.delete(k);
    }
    return true;
  }

  /** The live grant of a record, or null when missing or revoked. */
  liveGrant(grantId: string): Grant | null {
    const g = this.grants.get(grantId);
    return g && !g.revoked ? g : null;
  }

  /** Stores a validated authorize request; drops expired ones. */
  addPending(p: Omit<PendingAuthorization, 'id' | 'createdAt' | 'sessionId'>): PendingAuthorization {
    const now = this.nowMs();
    for (const [k, v] of this.pending) if (now - v.createdAt > PENDING_TTL_MS) this.pending.delete(k);
    const rec: PendingAuthorization = { ...p, id: randomToken(16), createdAt: now, sessionId: null };
    this.pending.set(rec.id, rec);
    return rec;
  }

  /** A pending request that has not expired. */
  getPending(id: string): PendingAuthorization | null {
    const p = this.pending.get(id);
    if (!p) return null;
    if (this.nowMs() - p.createdAt > PENDING_TTL_MS) {
      this.pending.delete(id);
      return null;
    }
    return p;
  }

  /** Starts a portal session for `userId`. */
  createSession(userId: number): PortalSession {
    const s: PortalSession = { id: randomToken(), userId, csrf: randomToken(), createdAt: this.nowMs() };
    this.sessions.set(tokenHash(s.id), s);
    return s;
  }

  /** The session for a cookie value. */
  getSession(cookie: string | undefined): PortalSession | null {
    return cookie ? (this.sessions.get(tokenHash(cookie)) ?? null) : null;
  }
}

function emptyCounters(): OAuthCounters {
  return {
    tokenGrants: { authorization_code: 0, refresh_token: 0 },
    refreshReuseDetections: 0,
    codeReuseDetections: 0,
    revocations: 0,
    grantsRevoked: 0,
  };
}
