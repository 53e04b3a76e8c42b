/**
 * Every call to the service's /v1 API goes through here: bearer token from the token manager,
 * a timeout, zod-checked responses, and failures classified as ServiceError.
 */
import type { z } from 'zod';
import { SignedOutError } from '../auth/errors';
import type { TokenManager } from '../auth/token-manager';
import type { Clock } from '../platform';
import { gatewayBlip, parseRetryAfter, RETRYABLE_STATUSES, ServiceError, serviceMessageOf } from './service-error';
import { plainServiceWords } from './plain-words';

/** One request. */
export interface ServiceRequest<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: S;
}

/** Options of the client. */
export interface ServiceClientOptions {
  baseUrl: string;
  /** Only `authorizedFetch` is used (tests pass a minted-token stand-in). */
  tokens: Pick<TokenManager, 'authorizedFetch'>;
  clock: Clock;
  timeoutMs?: number;
}

/** What endpoint helpers and the outbox need from the client. */
export type ServiceRequester = Pick<ServiceClient, 'request'>;

/** The typed /v1 client. */
export class ServiceClient {
  /** Aborted when core stops: see `stopReads`. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: ServiceClientOptions) {}

  /**
   * Core is stopping: the reads in flight end now, and no read is sent from now on, so quitting never waits for a
   * slow answer nobody will see (the read-ahead's, up to the timeout). A write in flight is left to finish: its answer
   * says whether it landed.
   */
  stopReads(): void {
    this.stopping.abort();
  }

  /** Sends the request and returns the parsed body, or throws ServiceError / SignedOutError. */
  async request<S extends z.ZodType>(req: ServiceRequest<S>): Promise<z.output<S>> {
    const endpoint = `${req.method} ${req.path}`;
    const read = req.method === 'GET';
    const url = new URL(`${this.options.baseUrl}${req.path}`);
    for (const [key, value] of Object.entries(req.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const timeout = () => AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    const send = async (): Promise<Response> => {
      try {
        return await this.options.tokens.authorizedFetch(url.toString(), {
          method: req.method,
          headers: {
            accept: 'application/json',
            ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
          signal: read ? AbortSignal.any([timeout(), this.stopping.signal]) : timeout(),
        });
      } catch (error) {
        if (error instanceof SignedOutError) throw error;
        if (read && this.stopping.signal.aborted)
          throw new ServiceError('retryable', endpoint, 'Frontdesk is closing: this read was not answered.');
        throw new ServiceError('retryable', endpoint, 'Frontdesk cannot reach the service right now.');
      }
    };
    let response = await send();
    // A read that met a gateway's blip (a proxy's 502 page) is asked once more at once; a write never is.
    if (req.method === 'GET' && gatewayBlip(response, this.options.clock.now())) {
      await response.body?.cancel().catch(() => undefined);
      response = await send();
    }
    const body = await readJson(response);
    if (response.ok) {
      const parsed = req.schema.safeParse(body);
      if (parsed.success) return parsed.data;
      throw new ServiceError(
        'invalid_response',
        endpoint,
        `The service sent an answer Frontdesk does not understand (${endpoint}).`,
        { status: response.status },
      );
    }
    throw this.failure(endpoint, response, body);
  }

  private failure(endpoint: string, response: Response, body: unknown): ServiceError {
    const status = response.status;
    const serviceMessage = serviceMessageOf(body);
    if (RETRYABLE_STATUSES.has(status)) {
      const retryAfterMs =
        parseRetryAfter(response.headers.get('retry-after'), this.options.clock.now(), response.headers.get('date')) ??
        undefined;
      return new ServiceError('retryable', endpoint, 'The service is busy or unavailable right now.', {
        status,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
    }
    if (status === 401)
      return new ServiceError('needs_auth', endpoint, 'Your sign-in is no longer accepted. Please sign in again.', {
        status,
      });
    const required = requiredScopeOf(body, response.headers.get('www-authenticate'));
    if (status === 403 && required)
      return new ServiceError('scope', endpoint, 'Frontdesk does not have permission for that.', {
        status,
        requiredScope: required,
      });
    return new ServiceError(
      'permanent',
      endpoint,
      plainServiceWords(serviceMessage, 'The service did not accept this. Check what was entered and try again.'),
      {
        status,
        ...(serviceMessage ? { serviceMessage } : {}),
      },
    );
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The scope named by a 403: the spec's body, or RFC 6750's WWW-Authenticate scope attribute. */
function requiredScopeOf(body: unknown, challenge: string | null): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const marked = b.errors === 'insufficient_scope' || b.error === 'insufficient_scope';
    if (marked && typeof b.required_scope === 'string') return b.required_scope;
    if (marked && typeof b.scope === 'string') return b.scope.split(' ')[0];
  }
  if (challenge && /error="?insufficient_scope/.test(challenge))
    return /scope="([^"]+)"/.exec(challenge)?.[1]?.split(' ')[0];
  return undefined;
}
