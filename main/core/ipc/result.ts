/** Helpers to build the `{ok, value} | {ok, error}` values every handler returns. */
import type { ErrorCode, IpcError, Result } from '../../../common/contract';

/** A success value. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failure value with a stable code and a plain-words message. */
export function fail<T = never>(code: ErrorCode, message: string, extra: Partial<IpcError> = {}): Result<T> {
  return { ok: false, error: { ...extra, code, message } };
}
