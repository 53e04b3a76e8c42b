/** Loopback-only admin API under /__sandbox: faults, stats, reset, grants and test-token minting. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCOPES } from './context';
import { httpError, parseOr400 } from './errors';
import { FaultConfigSchema } from './faults';
import { parseScope } from './oauth/scopes';
import { tokenResponse } from './oauth/token';
import type { Platform } from './platform';
import { findUserByEmail } from './users';

/** Whether a socket address is loopback (127.0.0.0/8, ::1, IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Throws 403 unless the request comes from a loopback address (proxy headers are ignored). */
function requireLoopback(req: FastifyRequest): void {
  if (!isLoopback(req.raw.socket?.remoteAddress)) {
    throw httpError(403, 'forbidden', 'the sandbox admin API only answers loopback clients');
  }
}

const MintSchema = z.strictObject({
  email: z.string().min(1).max(200),
  client_id: z.string().min(1).max(200).default('frontdesk-desktop'),
  scope: z.string().min(1).max(2000).optional(),
});

const GrantFilterSchema = z.strictObject({
  email: z.string().min(1).max(200).optional(),
  client_id: z.string().min(1).max(200).optional(),
});

/** Registers /__sandbox/* (a child context whose every route checks the remote address first). */
export function registerAdmin(app: FastifyInstance, p: Platform): void {
  void app.register(async (admin) => {
    admin.addHook('onRequest', async (req) => requireLoopback(req));

    admin.get('/__sandbox/faults', async () => p.faults.get());
    admin.post('/__sandbox/faults', async (req) => {
      p.faults.set(parseOr400(FaultConfigSchema, req.body ?? {}, 'fault configuration'));
      return p.faults.get();
    });
    admin.delete('/__sandbox/faults', async () => {
      p.faults.clear();
      return p.faults.get();
    });

    admin.get('/__sandbox/stats', async () => {
      const c = p.store.counters;
      return {
        requests: p.stats.snapshot(),
        tokenGrants: { ...c.tokenGrants },
        refreshReuseDetections: c.refreshReuseDetections,
        codeReuseDetections: c.codeReuseDetections,
        revocations: c.revocations,
        grantsRevoked: c.grantsRevoked,
        faultsInjected: { ...p.faults.counters },
        ...p.ctx.counters,
      };
    });

    admin.post('/__sandbox/reset', async () => {
      p.store.reset();
      p.faults.reset();
      p.stats.reset();
      for (const k of Object.keys(p.ctx.counters) as (keyof typeof p.ctx.counters)[]) p.ctx.counters[k] = 0;
      p.api.reset();
      return { reset: true };
    });

    admin.get('/__sandbox/grants', async () => ({
      grants: [...p.store.grants.values()].map((g) => ({
        id: g.id,
        client_id: g.clientId,
        user: p.ctx.users.find((u) => u.id === g.userId)?.email ?? null,
        scope: g.scopes.join(' '),
        created_at: new Date(g.createdAt).toISOString(),
        last_used_at: g.lastUsedAt === null ? null : new Date(g.lastUsedAt).toISOString(),
        revoked: g.revoked,
      })),
    }));

    // "Settings > Connected Applications > Revoke": revoke every matching live grant.
    admin.post('/__sandbox/grants/revoke', async (req) => {
      const f = parseOr400(GrantFilterSchema, req.body ?? {}, 'grant filter');
      const user = f.email === undefined ? undefined : findUserByEmail(p.ctx.users, f.email);
      if (f.email !== undefined && !user) throw httpError(404, 'not_found', `no user ${f.email}`);
      let revoked = 0;
      for (const g of p.store.grants.values()) {
        if (user && g.userId !== user.id) continue;
        if (f.client_id !== undefined && g.clientId !== f.client_id) continue;
        if (p.store.revokeGrant(g.id)) revoked++;
      }
      return { revoked };
    });

    // Mint a token pair without the browser flow (for tests of /v1 routes).
    admin.post('/__sandbox/tokens', async (req) => {
      const m = parseOr400(MintSchema, req.body ?? {}, 'token request');
      const user = findUserByEmail(p.ctx.users, m.email);
      if (!user) throw httpError(404, 'not_found', `no user ${m.email}`);
      const client = p.clients.find((c) => c.id === m.client_id);
      if (!client) throw httpError(404, 'not_found', `no client ${m.client_id}`);
      const parsed = parseScope(m.scope ?? 'api', client.scopes);
      if (!parsed.ok) throw httpError(400, 'invalid_scope', parsed.description, { known: SCOPES });
      const grant = p.store.createGrant(client.id, user.id, parsed.scopes);
      return tokenResponse(p, grant, grant.scopes, grant.scopes);
    });
  });
}
