/**
 * Public surface of the outbox, the only module of this folder imported from outside it: OutboxHost is how core
 * holds it; the rest are its types and the few facts other parts of core read (a record's key, how long a text is
 * held, whether a data key is wrapped).
 */
export { Outbox } from './outbox';
export { OutboxHost } from './outbox-host';
export { queuedBooking, type StoredBooking } from './kinds/booking';
export { OutboxInputError, type EnqueueOptions } from './kinds';
export type { OpChange, OpKind, OpView, OutboxEvent, OutboxOp, OutboxOptions } from './types';
export { recordKeyOf } from './kinds/spec';
export { TEXT_HOLD_MS } from './kinds/messages';
export { holdsWrappedKey } from './key-file';
