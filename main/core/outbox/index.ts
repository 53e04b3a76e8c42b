/** Public surface of the outbox for the rest of core: OutboxHost is how core holds it; the rest are its types. */
export { Outbox } from './outbox';
export { OutboxHost } from './outbox-host';
export { queuedBooking, type StoredBooking } from './kinds/booking';
export { OutboxInputError, type EnqueueOptions } from './kinds';
export type { OpKind, OpView, OutboxEvent, OutboxOp, OutboxOptions } from './types';
