/**
 * Queued changes as the renderer's view of them: what each is about as facts (`ChangeFacts`: who, the appointment's
 * time and zone, the mark…), its state, and a refusal's meaning as a code. The screens word them
 * (renderer/lib/words.ts) in the user's locale.
 */
import type { BookingState, ChangeFacts, OutboxItem } from '../../../common/contract';
import { hostZone } from '../../../common/practice-time';
import { bookingState } from '../api/bookings-api';
import { refusalReason } from '../api/refusal-reason';
import { queuedBooking } from './kinds/booking';
import type { OpView } from './types';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Whom a payload's person is: their name, else their phone or e-mail ('' when none is given). */
function personOf(p: Record<string, unknown>): string {
  const contact = (p.contact ?? p) as Record<string, unknown>;
  const name = str(contact.name) || [str(contact.first_name), str(contact.last_name)].filter(Boolean).join(' ');
  return name || str(contact.phone) || str(contact.phone_number) || str(contact.email) || str(contact.email_address);
}

/** What a series write does, from its payload. */
const seriesChangeOf = (v: unknown): 'create' | 'move' | 'cancel' => (v === 'move' || v === 'cancel' ? v : 'create');

const NO_FACTS: ChangeFacts = { who: '', title: '', appointmentType: '', mark: '', text: '' };

/** What the change is about, as facts the screen words by the change's kind (no ids, no words). */
export function changeFacts(op: Pick<OpView, 'kind' | 'payload'>): ChangeFacts {
  const p = op.payload;
  switch (op.kind) {
    case 'booking.book_now': {
      const b = queuedBooking(op);
      return { ...NO_FACTS, who: personOf(b), appointmentType: str(b.appointmentType) };
    }
    case 'contact.create':
    case 'contact.update':
      return { ...NO_FACTS, who: personOf(p) };
    case 'contact.delete':
      return { ...NO_FACTS, who: str(p.name) };
    case 'event.create':
    case 'event.update':
    case 'event.delete':
      return { ...NO_FACTS, title: str(p.title) };
    case 'event.move':
      return { ...NO_FACTS, title: str(p.title), calendar: str(p.to_name) };
    case 'event.series':
      return { ...NO_FACTS, title: str(p.title), series: seriesChangeOf(p.change) };
    case 'event.mark':
      return { ...NO_FACTS, who: str(p.who), mark: str(p.state) };
    case 'message.start':
    case 'message.reply':
      return { ...NO_FACTS, who: str(p.who) || str(p.name), text: str(p.content) };
    case 'list.add':
    case 'waitlist.remove':
    case 'waitlist.answer':
      return { ...NO_FACTS, who: str(p.who) };
    case 'waitlist.put':
    case 'waitlist.offer':
      return { ...NO_FACTS, who: str(p.who), text: str(p.text) };
  }
}

/** Failures that sending the same request again cannot fix (the service said no, the time is gone, or it is held). */
const FINAL_FAILURES: ReadonlySet<string> = new Set(['permanent', 'time_passed', 'held']);

/** A booking's state as the service answered it (null for other kinds, or when it did not say). */
function resultState(op: OpView): BookingState | null {
  const state = op.result?.state;
  return op.kind === 'booking.book_now' && state ? bookingState(state) : null;
}

/** The renderer's view of an op (no account keys, no internals). */
export function toItem(op: OpView): OutboxItem {
  // A time is always said with the zone it is written in, so the screen can label it: an op queued before its zone
  // was known (or by an older version) is written in this process's zone (read once a task: a list of many ops makes
  // one formatter, not one each), and named so, never passed off as the practice's.
  const zone = op.appointmentAt === null ? (op.zone ?? null) : (op.zone ?? hostZone());
  return {
    id: op.id,
    kind: op.kind,
    about: changeFacts(op),
    status: op.status,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    createdAt: op.createdAt,
    error: op.lastError?.message ?? null,
    requiredScope: op.lastError?.requiredScope ?? null,
    reason: op.lastError ? refusalReason(op.lastError, op.kind.startsWith('event.') ? 'appointment' : 'other') : null,
    timePassed: op.timePassed,
    result: op.result
      ? { id: op.result.id, state: resultState(op), calendarName: op.result.calendarName ?? null }
      : null,
    canRetry:
      op.status === 'queued' || (op.status === 'needs_attention' && !FINAL_FAILURES.has(op.lastError?.kind ?? '')),
    appointmentAt: op.appointmentAt,
    zone,
    ...(op.lastError?.kind === 'held' && op.status === 'needs_attention' ? { held: true } : {}),
  };
}
