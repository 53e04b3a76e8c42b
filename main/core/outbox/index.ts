/** Public surface of the outbox for the rest of core (IPC handlers, app wiring). */
export { Outbox } from './outbox';
export { OutboxInputError, type EnqueueOptions } from './kinds';
export { DataKeyUnavailableError } from './data-key';
export { OP_KINDS } from './types';
export type {
  AccountCounts,
  OpError,
  OpKind,
  OpResult,
  OpStatus,
  OpView,
  OutboxCounts,
  OutboxDeps,
  OutboxEvent,
  OutboxOp,
  OutboxOptions,
  WakeReason,
} from './types';
