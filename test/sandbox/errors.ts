/**
 * Error helpers shared by both sandbox halves. Every non-OAuth error body is
 * `{ "errors": "<code>", "message": "<human text>", "details"?: ... }` — the `errors` key mirrors the
 * spec's 403 `{ errors: "insufficient_scope", required_scope }`. OAuth endpoints use RFC 6749
 * `{ error, error_description }` instead (see PLATFORM.md). `POST /v1/book_now` failures keep the
 * spec's `{ success: false, error, booking? }` (the domain half builds those itself with HttpError).
 */
import type { z } from 'zod';
import { HttpError } from './context';

/** Body of every sandbox error outside /oauth and book_now. */
export interface ErrorBody {
  errors: string;
  message: string;
  details?: unknown;
}

/** Builds the standard error body. */
export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { errors: code, message } : { errors: code, message, details };
}

/** Makes (does not throw) an HttpError with the standard body; `throw httpError(...)`. */
export function httpError(status: number, code: string, message: string, details?: unknown): HttpError {
  return new HttpError(status, errorBody(code, message, details));
}

/** Throws 400 `{errors:"invalid_request", message, details?}`. */
export function badRequest(message: string, details?: unknown): never {
  throw httpError(400, 'invalid_request', message, details);
}

/** Throws 404 `{errors:"not_found", message}`. */
export function notFound(message: string): never {
  throw httpError(404, 'not_found', message);
}

/** Zod issues as `[{path:"a.b.0", message}]` for `details`. */
export function zodDetails(error: z.core.$ZodError): Array<{ path: string; message: string }> {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Parses `value` with `schema` or throws 400 invalid_request naming the first bad field. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, what = 'request'): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const details = zodDetails(r.error);
  const first = details[0];
  const where = first && first.path ? ` (${first.path})` : '';
  return badRequest(`invalid ${what}${where}: ${first?.message ?? 'malformed'}`, details);
}
