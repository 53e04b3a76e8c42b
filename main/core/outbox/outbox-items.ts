/** Queued changes in the words the front desk reads: "Mark Nathan Haddad as no-show, Mon 23 Nov 10:15 AM". */
import type { OutboxItem } from '../../../common/contract';
import { queuedBooking } from './kinds/booking';
import type { OpView } from './types';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      ...(zone ? { timeZone: zone } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** "Mon 23 Nov 10:15 AM" in `zone` (the practice's), or the host's zone when not known. */
export function appointmentTime(at: number, zone?: string | null): string {
  const parts = Object.fromEntries(
    formatIn(zone ?? undefined)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function personOf(p: Record<string, unknown>): string {
  const contact = (p.contact ?? p) as Record<string, unknown>;
  const name = str(contact.name) || [str(contact.first_name), str(contact.last_name)].filter(Boolean).join(' ');
  return (
    name ||
    str(contact.phone) ||
    str(contact.phone_number) ||
    str(contact.email) ||
    str(contact.email_address) ||
    'a contact'
  );
}

/** Marks in the words the front desk uses (never the service's codes). */
const MARK_WORDS: Record<string, string> = {
  arrived: 'arrived',
  ontime: 'on time',
  late: 'late',
  noshow: 'no-show',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  not_coming: 'not coming',
  needs_reschedule: 'wanting a new time',
  accepted: 'accepted',
  declined: 'declined',
};

/** One line describing what the change does (no ids, no service codes), with the appointment's time. */
export function summarize(op: Pick<OpView, 'kind' | 'payload' | 'appointmentAt'>, zone?: string | null): string {
  const what = describeChange(op);
  return op.appointmentAt ? `${what}, ${appointmentTime(op.appointmentAt, zone)}` : what;
}

/** What the change does, without its time ("Mark Nathan Haddad as no-show"). */
export function describeChange(op: Pick<OpView, 'kind' | 'payload' | 'appointmentAt'>): string {
  const p = op.payload;
  switch (op.kind) {
    case 'booking.book_now': {
      const b = queuedBooking(op);
      const type = str(b.appointmentType).replace(/[-_]/g, ' ');
      return `Appointment${type ? ` (${type})` : ''} for ${personOf(b)}`;
    }
    case 'contact.create':
      return `Add contact ${personOf(p)}`;
    case 'contact.update':
      return `Update contact ${personOf(p)}`;
    case 'contact.delete':
      return str(p.name) ? `Delete contact ${str(p.name)}` : 'Delete a contact';
    case 'event.create':
      return `Add appointment “${str(p.title) || 'untitled'}”`;
    case 'event.update':
      return str(p.title) ? `Change appointment “${str(p.title)}”` : `Change an appointment`;
    case 'event.delete':
      return `Cancel an appointment`;
    case 'event.mark':
      return `Mark ${str(p.who) || 'an appointment'} as ${MARK_WORDS[str(p.state)] ?? 'changed'}`;
    case 'message.start':
    case 'message.reply': {
      const words = str(p.content);
      const quoted = words.length > 60 ? `${words.slice(0, 57)}…` : words;
      const to = str(p.who) || str(p.name);
      return `Text ${to || 'a patient'}: “${quoted}”`;
    }
  }
}

/** Failures that sending the same request again cannot fix (the service said no, the time is gone, or it is held). */
const FINAL_FAILURES: ReadonlySet<string> = new Set(['permanent', 'time_passed', 'held']);

/** The zone this process's clock runs in (where an op that names none was written, by older versions). */
const hostZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The renderer's view of an op (no account keys, no internals). */
export function toItem(op: OpView): OutboxItem {
  // A time is always said with the zone it is written in, so the screen can label it: an op queued before its zone
  // was known (or by an older version) is written in this process's zone, and named so, never passed off as the
  // practice's.
  const zone = op.appointmentAt === null ? (op.zone ?? null) : (op.zone ?? hostZone());
  return {
    id: op.id,
    kind: op.kind,
    summary: summarize(op, zone),
    status: op.status,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    createdAt: op.createdAt,
    error: op.lastError?.message ?? null,
    requiredScope: op.lastError?.requiredScope ?? null,
    timePassed: op.timePassed,
    result: op.result
      ? { id: op.result.id, state: op.result.state ?? null, calendarName: op.result.calendarName ?? null }
      : null,
    canRetry:
      op.status === 'queued' || (op.status === 'needs_attention' && !FINAL_FAILURES.has(op.lastError?.kind ?? '')),
    appointmentAt: op.appointmentAt,
    zone,
    ...(op.lastError?.kind === 'held' && op.status === 'needs_attention' ? { held: true } : {}),
  };
}
