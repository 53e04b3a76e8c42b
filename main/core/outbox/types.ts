/** Shapes shared by the outbox: operations, their states, log records, counts and events. */
import type { ServiceRequester } from '../api/service-client';
import type { Clock, KeyValueStore, Logger, SecretCipher } from '../platform';

/** Every write the app makes. */
export const OP_KINDS = [
  'contact.create',
  'contact.update',
  'contact.delete',
  'event.create',
  'event.update',
  'event.delete',
  'event.mark',
  'event.move',
  'event.series',
  'booking.book_now',
  'message.start',
  'message.reply',
  'list.add',
  'waitlist.put',
  'waitlist.remove',
  'waitlist.offer',
  'waitlist.answer',
] as const;
/** One kind of write. */
export type OpKind = (typeof OP_KINDS)[number];

/** queued → sending → done, or → needs_attention (permanent failure, waits for the user). */
export type OpStatus = 'queued' | 'sending' | 'needs_attention' | 'done';

/** Why the last attempt did not finish the operation. */
export interface OpError {
  kind: 'retryable' | 'needs_auth' | 'scope' | 'permanent' | 'invalid_response' | 'time_passed' | 'held' | 'unexpected';
  /** Plain words for the UI: the service's own message when it gave one. */
  message: string;
  serviceMessage?: string;
  status?: number;
  requiredScope?: string;
  at: number;
}

/** What the service answered once the operation was done. */
export interface OpResult {
  /** The service's id of the record written (null when not known, e.g. a delete of a record already gone). */
  id: number | null;
  /** Booking state, for book_now. */
  state?: string;
  /** The calendar (provider or room) the booking's appointment went to, when the service says. */
  calendarName?: string;
  /** True when the record was found by reconciliation after an ambiguous attempt (not by a fresh answer). */
  reconciled?: boolean;
  /** For a write of several steps (a series): how many are done, each recorded before the next goes out. */
  steps?: number;
}

/** A queued write. Payload is the request body of one record (it holds patient data: encrypted at rest). */
export interface OutboxOp {
  id: string;
  /** Global queue order (kept by edit). */
  seq: number;
  accountKey: string;
  kind: OpKind;
  payload: Record<string, unknown>;
  /**
   * The version of the kind's stored format the payload is in (kinds/stored-format.ts); absent in ops stored before
   * payloads carried it. Read from disk, a payload is brought to today's version.
   */
  payloadVersion?: number;
  /** Records this op touches; only the oldest unfinished op of each key may be sent. */
  recordKeys: string[];
  /** When the appointment starts (events, book_now), epoch ms; null when not an appointment. */
  appointmentAt: number | null;
  /** The zone that time was chosen in (the booking page's or the practice's), so it is told the same way anywhere. */
  zone?: string | null;
  createdAt: number;
  updatedAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: OpError | null;
  status: OpStatus;
  /** A previous attempt may have reached the service: creates and book_now are reconciled before sending again. */
  ambiguous: boolean;
  /** When the first request went out (book_now reconciliation looks for bookings made after it). */
  firstSentAt: number | null;
  result: OpResult | null;
  finishedAt: number | null;
}

/** The fields an update record may change. */
export type OpState = Pick<
  OutboxOp,
  | 'status'
  | 'attempts'
  | 'nextAttemptAt'
  | 'lastError'
  | 'ambiguous'
  | 'firstSentAt'
  | 'result'
  | 'finishedAt'
  | 'updatedAt'
>;

/** One line of the log: a whole op, a change of its state, or its removal. */
export type LogRecord =
  { t: 'put'; op: OutboxOp } | { t: 'upd'; id: string; s: Partial<OpState> } | { t: 'del'; id: string };

/** The first line of every format-2 file: its id, and the state it replaced (for a crash between rename and mark). */
export interface HeadRecord {
  t: 'head';
  file: string;
  /** The log (file id and last record) this file was written from, or null for a new log. */
  from: { file: string; seq: number } | null;
}

/** An op as the UI sees it. */
export interface OpView extends OutboxOp {
  /** The appointment time has passed (flag for the UI; book_now in the past goes to needs_attention). */
  timePassed: boolean;
}

/** Counts of one account's unfinished ops. */
export interface AccountCounts {
  queued: number;
  sending: number;
  needsAttention: number;
}

/** What the UI shows: the active account's counts and the work held for other accounts. */
export interface OutboxCounts {
  activeAccount: string | null;
  active: AccountCounts;
  /** Unfinished ops per account key (all accounts, the active one included). */
  byAccount: Record<string, AccountCounts>;
}

/** Pushed to listeners on every change. */
export type OutboxEvent =
  | { type: 'op'; op: OpView }
  | { type: 'removed'; id: string; accountKey: string }
  | { type: 'counts'; counts: OutboxCounts };

/** A change of one op as core's own followers see it: the op as it now is, or the id of one that left unsent. */
export type OpChange = { op: OpView } | { removed: string };

/** Why the sender is woken. */
export type WakeReason = 'online' | 'resume' | 'retry_now' | 'signed_in' | 'account_changed';

/** Everything the outbox takes from its host (plain Node; no Electron). */
export interface OutboxDeps {
  dataDir: string;
  cipher: SecretCipher;
  settings: KeyValueStore;
  clock: Clock;
  log: Logger;
  random?: () => number;
  service: ServiceRequester;
  isOnline(): boolean;
  activeAccount(): string | null;
}

/** Tunables (tests shorten the delays). */
export interface OutboxOptions {
  /** Backoff base and cap (defaults 1 s and 5 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Ops sent at once (default 4). */
  concurrency?: number;
  /** How long done ops stay visible before compaction drops them (default 10 min). */
  doneRetentionMs?: number;
  /** Compact when the log holds more than max(minRecords, factor × live ops) records (defaults 2000 and 4). */
  compactMinRecords?: number;
  compactFactor?: number;
  /** Margin for clock skew when asking for bookings made since the first attempt (default 10 min). */
  bookingLookbackMs?: number;
  /** The same for texts looked up in their thread after a lost answer (default 2 min). */
  textLookbackMs?: number;
}
