/**
 * What core's domain services (calendar, contacts, bookings, messages) are built from: one object, made once in
 * app-core and handed to each of them.
 */
import type { ServiceRequester } from './api/service-client';
import type { ReadCache } from './cache/read-cache';
import type { OutboxHost } from './outbox/outbox-host';
import type { Clock } from './platform';

/** The shared dependencies of core's domain services. */
export interface CoreContext {
  /** The /v1 client (the signed-in account's token attached in core). */
  service: ServiceRequester;
  /** The last good answers, per account, for offline use. */
  cache: ReadCache;
  clock: Clock;
  /** The signed-in account's key, or null when signed out. */
  account(): string | null;
  /** Where every write goes (and the changes not yet on the service, laid over every answer). */
  outbox: OutboxHost;
  /** Page size of GET /v1/contacts (default 100) and how many matches a screen shows (default 200). */
  contactPaging?: { pageSize?: number; limit?: number };
}
