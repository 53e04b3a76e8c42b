/** Public surface of the outbox for the rest of core (IPC handlers, app wiring). */
export { Outbox } from './outbox';
export { OutboxInputError, type EnqueueOptions } from './kinds';
export type { OpKind, OpView, OutboxEvent, OutboxOp, OutboxOptions, WakeReason } from './types';
