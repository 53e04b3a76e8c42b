/** Builds and starts one sandbox: context, fastify app, platform routes, the domain module, listening. */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerAdmin } from './admin';
import { createAuthorize, registerUserinfo } from './auth';
import {
  DEFAULT_OPTIONS,
  type ApiModule,
  type DomainCounters,
  type SandboxContext,
  type SandboxOptions,
  type User,
} from './context';
import { installErrorHandlers } from './error-handler';
import { errorBody } from './errors';
import { FaultController } from './faults';
import { createClients, type OAuthClient } from './oauth/clients';
import { registerPortal } from './oauth/portal';
import { OAuthStore } from './oauth/store';
import { registerTokenEndpoints } from './oauth/token';
import type { Platform } from './platform';
import { RequestStats } from './stats';
import { installFieldCheck, type FieldCheck } from './strict';
import { installVary, type VaryLog } from './vary';
import { createUsers } from './users';

/** Request bodies above this get 413. */
const BODY_LIMIT = 1_048_576;

/** Ways a test can adjust a sandbox without touching its code. */
export interface SandboxHooks {
  /** Replaces the domain half (e.g. a stub while testing the platform alone). */
  createApi?: (ctx: SandboxContext) => ApiModule;
  /** Registers extra routes after the domain routes, before listening. */
  extend?: (app: FastifyInstance, ctx: SandboxContext) => void;
}

/** A running sandbox. */
export interface Sandbox {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  close(): Promise<void>;
  ctx: SandboxContext;
  users: readonly User[];
  clients: readonly OAuthClient[];
  app: FastifyInstance;
  /** The `--strict` / `--lenient` field check: its mode and every field it refused or dropped (strict.ts). */
  fields: FieldCheck;
  /** The `--vary` choices and what was varied so far (vary.ts); `profile` is null without `--vary`. */
  vary: VaryLog;
}

function zeroCounters(): DomainCounters {
  return {
    bookingsCreated: 0,
    bookingsFailed: 0,
    contactsWritten: 0,
    eventsWritten: 0,
    eventMarks: 0,
    messagesRecorded: 0,
    inboundRecorded: 0,
    importsStarted: 0,
    listsWritten: 0,
  };
}

/** Merges options over the defaults, ignoring keys explicitly set to undefined. */
function resolveOptions(options: Partial<SandboxOptions>): SandboxOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_OPTIONS, ...defined };
}

/** Starts a sandbox with the given domain module factory. */
export async function createSandbox(
  options: Partial<SandboxOptions>,
  createApi: (ctx: SandboxContext) => ApiModule,
  extend?: SandboxHooks['extend'],
): Promise<Sandbox> {
  const opts = resolveOptions(options);
  let baseUrl = '';
  const now = opts.now ?? (() => new Date());
  let authorize: SandboxContext['authorize'] = () => {
    throw new Error('sandbox not initialised');
  };
  const ctx: SandboxContext = {
    options: opts,
    users: createUsers(opts.seed),
    now,
    counters: zeroCounters(),
    authorize: (req, scope) => authorize(req, scope),
    baseUrl: () => baseUrl,
  };
  const p: Platform = {
    ctx,
    store: new OAuthStore(() => now().getTime()),
    clients: createClients(opts.seed),
    faults: new FaultController(opts.seed),
    stats: new RequestStats(),
    api: { register: () => undefined, reset: () => undefined },
  };
  authorize = createAuthorize(p);
  p.api = createApi(ctx);

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    trustProxy: false,
    frameworkErrors: (err, _req, reply) => {
      void (reply as FastifyReply).code(400).send(errorBody('invalid_request', err.message));
    },
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  installErrorHandlers(app);
  installHooks(app, p);
  const fields = installFieldCheck(app, opts.fields);
  const vary = installVary(app, opts.vary, now);
  registerAdmin(app, p);
  registerPortal(app, p);
  registerTokenEndpoints(app, p);
  registerUserinfo(app, p);
  p.api.register(app);
  extend?.(app, ctx);

  await app.listen({ port: opts.port, host: opts.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  baseUrl = `http://${host}:${port}`;
  return { url: baseUrl, close: () => app.close(), ctx, users: ctx.users, clients: p.clients, app, fields, vary };
}

function installHooks(app: FastifyInstance, p: Platform): void {
  const counted = (req: FastifyRequest): boolean => !req.url.startsWith('/__sandbox');
  const record = (req: FastifyRequest, status: string): void => {
    if (counted(req)) p.stats.record(req.method, req.routeOptions.url, status);
  };
  app.addHook('onRequest', async (req, reply) => {
    await p.faults.onRequest(req, reply);
    if (FaultController.killedEarly(req)) record(req, 'reset');
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    await p.faults.holdAnswer(req);
    if (p.faults.onSend(req)) record(req, 'reset');
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!FaultController.wasKilled(req)) record(req, String(reply.statusCode));
  });
}
