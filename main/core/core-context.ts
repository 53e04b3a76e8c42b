/**
 * What core's domain services (calendar, contacts, bookings, messages, the read-ahead) are built from: one object,
 * made once in app-core and handed to each service's constructor.
 */
import type { ServiceRequester } from './api/service-client';
import { SignedOutError } from './auth/errors';
import type { AccountNotes } from './cache/account-notes';
import type { ReadCache } from './cache/read-cache';
import type { EventBus } from './events';
import type { OutboxHost } from './outbox';
import type { Clock, KeyValueStore, Logger } from './platform';
import type { PracticeZone } from './practice-zone';
import type { SessionEvents } from './session-events';
import type { PracticeStore } from './store/practice-store';

/** The shared dependencies of core's domain services. */
export interface CoreContext {
  /** The /v1 client (the signed-in account's token attached in core). */
  service: ServiceRequester;
  /** The last good answers, per account, for offline use. */
  cache: ReadCache;
  /** Small notes per account that outlive sign-out (the texts' read marks: ids and times only). */
  notes: AccountNotes;
  clock: Clock;
  log: Logger;
  /** Events to the renderer. */
  events: EventBus;
  /** Who is signed in, for core itself: each service follows it (session-events.ts). */
  session: SessionEvents;
  /** The workstation's settings (not secret). */
  settings: KeyValueStore;
  /** The signed-in account's key, or null when signed out. */
  account(): string | null;
  /** Scopes of the sign-in, or null when not known (then the service decides). */
  grantedScopes(): readonly string[] | null;
  /** Whether the service is thought reachable. */
  isOnline(): boolean;
  /**
   * Background work (the read-ahead, the texts poller) asks before it reads: null when it may go now, else a promise
   * of when it may — screens read first (screen-first.ts).
   */
  readsFirst(): Promise<void> | null;
  /**
   * The read-ahead's way of reading (screen-first.ts): `run` makes every request of the work give way to screens' reads
   * and go at most a few at once; `firstScreen` is when it may start after a sign-in. Absent, it reads as screens do.
   */
  background?: { run<T>(work: () => Promise<T>): Promise<T>; firstScreen(): Promise<void> | null };
  /** Where every write goes (and the changes not yet on the service, laid over every answer). */
  outbox: OutboxHost;
  /** The one store of the practice: what every read and write feeds, and what screens are told from. */
  store: PracticeStore;
  /** The practice's zone, learned from its calendars: the zone core's "N days" are practice days in. */
  practiceZone: PracticeZone;
}

/** The signed-in account's key; signed out is an error. */
export function signedInAccount(context: Pick<CoreContext, 'account'>): string {
  const key = context.account();
  if (!key) throw new SignedOutError();
  return key;
}
