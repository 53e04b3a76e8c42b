/**
 * The one place core's answers are made into the `{ok, value} | {ok, error}` values that cross IPC: successes, the
 * failures a handler names itself, and the failures thrown by auth, the service and core's own input checks.
 */
import type { ErrorCode, IpcError, Result } from '../../../common/contract';
import { SignedOutError } from '../auth/errors';
import { needsPermissionMessage } from '../auth/scope-words';
import { isAppointmentEndpoint, refusalReason } from '../api/refusal-reason';
import { ServiceError } from '../api/service-error';
import { InputRefusedError } from '../input-refused';

/** A success value. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failure value with a stable code and a plain-words message. */
export function fail<T = never>(code: ErrorCode, message: string, extra: Partial<IpcError> = {}): Result<T> {
  return { ok: false, error: { ...extra, code, message } };
}

/** Runs a service-backed handler body, returning its failures as values (anything else is thrown on). */
export async function serviceResult<T>(run: () => Promise<T>): Promise<Result<T>> {
  let value: T;
  try {
    value = await run();
  } catch (error) {
    const { code, message, ...extra } = toIpcError(error);
    return fail(code, message, extra);
  }
  return ok(value);
}

/** The IpcError for a failure of auth, the service or core's input checks; any other error is thrown on. */
function toIpcError(error: unknown): IpcError {
  if (error instanceof SignedOutError) return { code: 'signed_out', message: error.message };
  if (error instanceof InputRefusedError) return { code: 'validation', message: error.message };
  if (error instanceof ServiceError) {
    switch (error.kind) {
      case 'retryable':
        return {
          code: 'offline',
          message: 'Frontdesk cannot reach the service right now. It will try again by itself.',
        };
      case 'needs_auth':
        return { code: 'signed_out', message: error.message };
      case 'scope': {
        const scope = error.details.requiredScope ?? '';
        return { code: 'insufficient_scope', message: needsPermissionMessage(scope), requiredScope: scope };
      }
      default: {
        const subject = isAppointmentEndpoint(error.endpoint) ? 'appointment' : 'other';
        const reason = refusalReason({ kind: error.kind, ...error.details }, subject);
        return { code: 'service_error', message: error.message, ...(reason ? { reason } : {}) };
      }
    }
  }
  throw error;
}
