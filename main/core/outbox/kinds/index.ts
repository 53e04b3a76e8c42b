/** The table of kinds, and turning a caller's payload into what is queued (validated, with its idempotency key). */
import { InputRefusedError } from '../../input-refused';
import { bookNowKind } from './booking';
import type { KindSpec } from './spec';
import { contactCreateKind, contactDeleteKind, contactUpdateKind } from './contacts';
import { messageReplyKind, messageStartKind } from './messages';
import { eventCreateKind, eventDeleteKind, eventMarkKind, eventUpdateKind } from './events';
import { listAddKind } from './lists';
import { eventMoveKind } from './move';
import { waitlistAnswerKind, waitlistOfferKind, waitlistPutKind, waitlistRemoveKind } from './waitlist';
import { eventSeriesKind } from './series';
import { OP_KINDS, type OpKind } from '../types';

/** Every kind's behaviour. */
export const KINDS: Record<OpKind, KindSpec> = {
  'contact.create': contactCreateKind,
  'contact.update': contactUpdateKind,
  'contact.delete': contactDeleteKind,
  'event.create': eventCreateKind,
  'event.update': eventUpdateKind,
  'event.delete': eventDeleteKind,
  'event.mark': eventMarkKind,
  'event.move': eventMoveKind,
  'event.series': eventSeriesKind,
  'booking.book_now': bookNowKind,
  'message.start': messageStartKind,
  'message.reply': messageReplyKind,
  'list.add': listAddKind,
  'waitlist.put': waitlistPutKind,
  'waitlist.remove': waitlistRemoveKind,
  'waitlist.offer': waitlistOfferKind,
  'waitlist.answer': waitlistAnswerKind,
};

/** A payload or option the outbox refuses (nothing was queued). */
export class OutboxInputError extends InputRefusedError {}

/** Options of enqueue and edit. */
export interface EnqueueOptions {
  /** The account the write belongs to (default: the active one). */
  accountKey?: string;
  /** The appointment's start as an instant (ISO-8601 with offset, or epoch ms); required for book_now with a bare time. */
  startsAt?: string | number;
  /** Extra record keys this write must wait behind (e.g. a record named some other way). */
  extraRecordKeys?: string[];
  /** The IANA zone the appointment's time was chosen in (kept with the op so it is always told in that zone). */
  zone?: string | null;
  /**
   * Wait this long before the first send (the Undo window of a mark made by a single key): withdrawn within it, the
   * write never reaches the service. A reconnect or "Send now" ends the wait early. At most MAX_HOLD_MS.
   */
  holdMs?: number;
}

/** The longest first-send wait an enqueue may ask for. */
export const MAX_HOLD_MS = 15_000;

/** What is stored for a payload. */
export interface Prepared {
  payload: Record<string, unknown>;
  /** The version of the kind's stored format the payload is in (today's). */
  payloadVersion: number;
  recordKeys: string[];
  appointmentAt: number | null;
  zone: string | null;
}

function startsAtMs(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new OutboxInputError('startsAt is not a time');
  return ms;
}

/** Validates `payload` for `kind`; creates get `external_id` = the op's UUID unless the caller gave one. */
export function prepare(kind: OpKind, payload: unknown, opId: string, options: EnqueueOptions = {}): Prepared {
  if (!OP_KINDS.includes(kind)) throw new OutboxInputError(`unknown kind ${String(kind)}`);
  const spec = KINDS[kind];
  const parsed = spec.format.schema.safeParse(payload);
  if (!parsed.success)
    throw new OutboxInputError(parsed.error.issues.map((i) => `${i.path.join('.') || kind}: ${i.message}`).join('; '));
  const clean: Record<string, unknown> = { ...parsed.data };
  if (spec.create && (typeof clean.external_id !== 'string' || clean.external_id === '')) clean.external_id = opId;
  const appointmentAt = spec.appointmentAt(clean, startsAtMs(options.startsAt));
  if (kind === 'booking.book_now' && appointmentAt === null) {
    throw new OutboxInputError('book_now needs startsAt (or a time with an offset) so a lost answer can be checked');
  }
  const recordKeys = [...new Set([...spec.recordKeys(clean), ...(options.extraRecordKeys ?? [])])];
  return { payload: clean, payloadVersion: spec.format.version, recordKeys, appointmentAt, zone: options.zone ?? null };
}
