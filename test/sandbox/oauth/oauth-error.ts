/** RFC 6749 §5.2 error responses of the token and revoke endpoints, plus form-body access. */
import { HttpError } from '../context';

/** Headers every token/revoke response carries (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** `{error, error_description}` with 400 (401 + WWW-Authenticate for invalid_client). */
export function oauthError(
  error: string,
  description: string,
  status = error === 'invalid_client' ? 401 : 400,
): HttpError {
  const headers: Record<string, string> = { ...NO_STORE };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="sandbox"';
  return new HttpError(status, { error, error_description: description }, headers);
}

/** A parsed form body: every name maps to all its values. */
export type Form = Map<string, string[]>;

/** Parses application/x-www-form-urlencoded text. */
export function parseForm(text: string): Form {
  const form: Form = new Map();
  for (const [k, v] of new URLSearchParams(text)) {
    const list = form.get(k);
    if (list) list.push(v);
    else form.set(k, [v]);
  }
  return form;
}

/** One parameter: undefined when absent or empty (RFC 6749 §3.1); invalid_request when repeated. */
export function param(form: Form, name: string): string | undefined {
  const values = form.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw oauthError('invalid_request', `${name} must appear only once`);
  return values[0] === '' ? undefined : values[0];
}

/** Like param, but invalid_request when missing. */
export function required(form: Form, name: string): string {
  const v = param(form, name);
  if (v === undefined) throw oauthError('invalid_request', `${name} is required`);
  return v;
}
