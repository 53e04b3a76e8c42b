/** Turns auth and service failures into the contract's error values, in plain words. */
import type { IpcError, Result } from '../../../common/contract';
import { SignedOutError } from '../auth/errors';
import { needsPermissionMessage } from '../auth/scope-words';
import { ServiceError } from '../api/service-error';
import { InputRefusedError } from '../input-refused';

/** The IpcError for any failure of a service-backed handler. */
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
      default:
        return { code: 'service_error', message: error.message };
    }
  }
  throw error;
}

/** Runs a service-backed handler body, returning failures as values. */
export async function serviceResult<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toIpcError(error) };
  }
}
