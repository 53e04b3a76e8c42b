/**
 * The field check of `--strict` and `--lenient` (README, "Strict and lenient"): a request from an OAuth client (a Bearer
 * token, as Frontdesk calls; and the OAuth endpoints themselves) may carry only the query and body fields the service
 * contract lists for its endpoint (`contract.ts`). Strict refuses any other with 400 naming it; lenient drops it
 * silently before the route sees it, as a service that ignores unknown fields would. Basic-auth calls (a script acting
 * as its own user: the tests' own ground truth and seeding) are not checked. Without either, nothing is checked.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractOf, dropUnknownFields, unknownFields, type UnknownField } from './contract';
import { errorBody } from './errors';

/** How the sandbox treats fields the contract does not list. */
export type FieldMode = 'strict' | 'lenient';

/** A refused (strict) or dropped (lenient) field, with its endpoint. */
interface FieldRefusal extends UnknownField {
  endpoint: string;
}

/** What the check saw, for tests (`sb.fields`). */
export interface FieldCheck {
  mode: FieldMode | undefined;
  /** Every field refused or dropped since the start, oldest first. */
  readonly seen: FieldRefusal[];
}

/** The OAuth endpoints Frontdesk calls (checked whatever the credentials, as the app's OAuth client sends them). */
const OAUTH_ROUTES = new Set(['GET /oauth/authorize', 'POST /oauth/token', 'POST /oauth/revoke']);

/** Whether this request is one the contract covers: a Bearer call to /v1, or an OAuth endpoint the app uses. */
function checked(req: FastifyRequest, endpoint: string): boolean {
  if (OAUTH_ROUTES.has(endpoint)) return true;
  if (!req.url.startsWith('/v1/')) return false;
  return /^bearer\s/i.test(req.headers.authorization ?? '');
}

/** The answer to a refused field, in the shape of the endpoint's own errors. */
function refusal(endpoint: string, field: UnknownField): { status: number; body: unknown } {
  const message = `${field.path} is not a ${field.in === 'query' ? 'query parameter' : 'field'} of ${endpoint} that the service documents`;
  if (endpoint.startsWith('GET /oauth/') || endpoint.startsWith('POST /oauth/'))
    return { status: 400, body: { error: 'invalid_request', error_description: message } };
  if (endpoint === 'POST /v1/book_now') return { status: 400, body: { success: false, error: message } };
  return { status: 400, body: errorBody('invalid_request', message, { field: field.path, in: field.in }) };
}

/** Installs the check (a preHandler on every route, after the body is parsed). */
export function installFieldCheck(app: FastifyInstance, mode: FieldMode | undefined): FieldCheck {
  const check: FieldCheck = { mode, seen: [] };
  if (mode === undefined) return check;
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url;
    if (!route) return;
    const endpoint = `${req.method} ${route}`;
    if (!checked(req, endpoint)) return;
    const contract = contractOf(req.method, route);
    const query = contract?.query ?? [];
    const body = contract?.body ?? [];
    // The OAuth endpoints read their form body as text (oauth/token.ts).
    const form = typeof req.body === 'string' ? new URLSearchParams(req.body) : null;
    const sent = form ? Object.fromEntries(form) : req.body;
    const found = [...unknownFields(query, 'query', req.query), ...unknownFields(body, 'body', sent)];
    if (found.length === 0) return;
    for (const one of found) check.seen.push({ ...one, endpoint });
    if (mode === 'lenient') {
      dropUnknownFields(query, req.query);
      dropUnknownFields(body, sent);
      if (form) {
        const kept = new Set(Object.keys(sent as object));
        for (const key of [...form.keys()]) if (!kept.has(key)) form.delete(key);
        req.body = form.toString();
      }
      return;
    }
    const answer = refusal(endpoint, found[0]!);
    return reply.code(answer.status).send(answer.body);
  });
  return check;
}

/**
 * Throws when any request the check covers carried a field the contract does not list (refused or dropped): the tests'
 * teardown calls it, so a field the app sends that is missing from the inventory turns the file red even when the app
 * swallowed the 400 (a background read).
 */
export function assertContractKept(check: FieldCheck): void {
  if (check.seen.length === 0) return;
  const lines = check.seen.map((s) => `  ${s.endpoint}: ${s.in} ${s.path} (${s.name})`);
  throw new Error(
    `requests carried fields the service contract does not list (test/sandbox/contract.ts, docs/service-contract.md):\n${[...new Set(lines)].join('\n')}`,
  );
}
