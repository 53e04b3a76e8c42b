/** Route plumbing shared by every resource: auth + scope, account lookup, zod parsing of query/body. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal, SandboxContext } from '../context';
import { badRequest, parseOr400 } from '../errors';
import { scopeFor, type ApiMethod } from './routes';
import type { Store } from './store';
import { isoUtc, parseTimeInput } from './time';
import type { AccountData } from './types';

/** What a handler gets: the request, who is acting, and the acting account's data. */
export interface Call {
  req: FastifyRequest;
  reply: FastifyReply;
  p: Principal;
  acc: AccountData;
  /** ctx.now() in epoch ms, read once per request. */
  now: number;
}

/** Shared dependencies of the resource modules. */
export interface Deps {
  ctx: SandboxContext;
  store: Store;
}

/** Registers a /v1 route; its scope comes from SCOPE_MAP (a route missing there fails at startup). */
export function addRoute(
  app: FastifyInstance,
  deps: Deps,
  method: ApiMethod,
  path: string,
  handler: (call: Call) => unknown,
): void {
  const scope = scopeFor(method, path);
  if (!scope) throw new Error(`${method} ${path} is not in SCOPE_MAP`);
  app.route({
    method,
    url: path,
    handler: async (req, reply) => {
      const p = deps.ctx.authorize(req, scope);
      const acc = deps.store.account(p.acting);
      deps.store.settle(acc);
      return handler({ req, reply, p, acc, now: deps.ctx.now().getTime() });
    },
  });
}

/** Parses the query string with `schema` (400 naming the bad parameter). */
export function parseQuery<T extends z.ZodType>(req: FastifyRequest, schema: T): z.output<T> {
  return parseOr400(schema, req.query ?? {}, 'query');
}

/** Parses a JSON-object body with `schema` (400 when the body is missing, not an object, or wrong). */
export function parseBody<T extends z.ZodType>(req: FastifyRequest, schema: T): z.output<T> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return badRequest('request body must be a JSON object');
  }
  return parseOr400(schema, body, 'body');
}

/** An integer given as a number or a decimal string, within [min, max]. */
function intish(min: number, max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,16}$/, 'must be an integer')
        .transform(Number),
    ])
    .pipe(z.number().int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A record id (positive 32-bit integer, as number or string). */
export const idParam = intish(1, 2_147_483_647);

/** A boolean flag: true/false, 1/0, yes/no (strings) or a JSON boolean. */
export const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes' || v === 'TRUE' || v === 'True');

/** An ISO-8601 time (offset honored; without one, read in `zone`) → epoch ms. */
export function timeParam(zone: string) {
  return z
    .string()
    .max(40, 'is too long')
    .transform((s, c) => {
      const ms = parseTimeInput(s, zone);
      if (ms === null) {
        c.issues.push({
          code: 'custom',
          message: 'must be an ISO-8601 date or date-time (e.g. 2025-06-21T08:00:00-07:00)',
          input: s,
        });
        return z.NEVER;
      }
      return ms;
    });
}

/** `page` (1-based) and `page_size` query parameters. */
export function pagingShape(defaultSize: number) {
  return {
    page: intish(1, 1_000_000).default(1),
    page_size: intish(1, 1000).default(defaultSize),
  };
}

/** The `page`-th slice of `items`. */
export function paginate<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** A string field bounded in length (hostile megabyte strings get a 400, not a slow path). */
export function str(max: number) {
  return z.string().max(max, `must be at most ${max} characters`);
}

/** custom_data / field_data: a flat object of scalars with bounded keys and values. */
export const scalarRecord = z
  .record(str(100), z.union([str(5000), z.number(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= 100, 'must have at most 100 keys');

/** Record timestamps: ISO-8601 UTC with milliseconds. */
export function stamp(ms: number): string {
  return isoUtc(ms, true);
}

/** Parses query parameters and a JSON-object body together (body wins); for POSTs that take either. */
export function parseOr400Merged<T extends z.ZodType>(req: FastifyRequest, schema: T): z.output<T> {
  const body: unknown = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return badRequest('request body must be a JSON object');
  }
  const query = (req.query ?? {}) as Record<string, unknown>;
  return parseOr400(schema, { ...query, ...(body ?? {}) }, 'request');
}
