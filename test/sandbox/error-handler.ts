/** The global error and not-found handlers: every failure becomes a clear 4xx; 5xx only as a loud last resort. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './context';
import { errorBody, zodDetails } from './errors';
import { isLoopback } from './admin';
import { NO_STORE } from './oauth/oauth-error';
import { errorPage } from './oauth/pages';

function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0] ?? '';
}

const OAUTH_JSON = new Set(['/oauth/token', '/oauth/revoke']);

function codeFor(status: number, err: Partial<FastifyError>): [string, string] {
  if (status === 413) return ['payload_too_large', 'request body is larger than the 1 MB limit'];
  if (status === 415) return ['unsupported_media_type', err.message ?? 'unsupported Content-Type'];
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError') {
    return ['invalid_json', `malformed JSON body: ${err.message ?? ''}`];
  }
  if (status === 404) return ['not_found', err.message ?? 'not found'];
  return ['invalid_request', err.message ?? 'bad request'];
}

/** Sends a 4xx in the shape the path expects: RFC 6749 JSON, an HTML portal page, or `{errors,message}`. */
function sendClientError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: unknown,
): FastifyReply {
  const path = pathOf(req);
  if (OAUTH_JSON.has(path)) {
    return reply.code(status).headers(NO_STORE).send({ error: 'invalid_request', error_description: message });
  }
  if (path.startsWith('/oauth/')) {
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(errorPage('Bad request', message));
  }
  return reply.code(status).send(errorBody(code, message, details));
}

/** Installs the error handler and the JSON 404 handler. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).headers(err.headers).send(err.body);
    const e = (err ?? {}) as Partial<FastifyError> & { issues?: unknown };
    if (e.name === 'ZodError' && Array.isArray(e.issues)) {
      const details = zodDetails(err as Parameters<typeof zodDetails>[0]);
      const first = details[0];
      return sendClientError(
        req,
        reply,
        400,
        'invalid_request',
        `invalid request${first ? ` (${first.path}): ${first.message}` : ''}`,
        details,
      );
    }
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      const [code, message] = codeFor(status, e);
      return sendClientError(req, reply, status, code, message);
    }
    console.error(`[sandbox] UNEXPECTED ${status} on ${req.method} ${req.url}:`, err);
    return reply.code(500).send(errorBody('internal_error', 'unexpected sandbox error (a bug: see the sandbox log)'));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = pathOf(req);
    if (path.startsWith('/__sandbox') && !isLoopback(req.raw.socket?.remoteAddress)) {
      return reply.code(403).send(errorBody('forbidden', 'the sandbox admin API only answers loopback clients'));
    }
    return reply.code(404).send(errorBody('not_found', `no route ${req.method} ${path.slice(0, 200)}`));
  });
}
