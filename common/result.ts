/** What every invoke channel answers: a value, or an error that crossed the bridge as a value. */

/** Stable error codes the UI can act on. */
export type ErrorCode =
  | 'validation'
  | 'forbidden_sender'
  | 'unknown_channel'
  | 'offline'
  | 'signed_out'
  | 'insufficient_scope'
  | 'service_error'
  | 'internal';

/**
 * Why the service refused a change, where core can tell (the renderer words each one, renderer/lib/words.ts; the
 * message keeps the service's own words for anything else): the appointment was cancelled or removed elsewhere, or
 * it cannot be moved to another calendar.
 */
export type RefusalReason = 'appointment_gone' | 'calendar_move';

/** An error that crossed the bridge as a value. */
export interface IpcError {
  code: ErrorCode;
  message: string;
  /** What the refusal means, when core can tell (code 'service_error'). */
  reason?: RefusalReason;
  /** Field paths that failed validation, when code is 'validation'. */
  issues?: { path: string; message: string }[];
  /** The scope the service asked for, when code is 'insufficient_scope'. */
  requiredScope?: string;
}

/** What every handler returns. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
