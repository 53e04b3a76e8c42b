/** Queued changes in the words the front desk reads: "Book Cleaning for Jane Doe — Mon 23 Nov, 9:00". */
import type { OutboxItem } from '../../../preload/contract';
import type { OpView } from '../outbox';

const when = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

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

/** One line describing what the change does. */
export function summarize(op: Pick<OpView, 'kind' | 'payload' | 'appointmentAt'>): string {
  const p = op.payload;
  const at = op.appointmentAt ? ` — ${when.format(op.appointmentAt)}` : '';
  switch (op.kind) {
    case 'booking.book_now': {
      const type = str(p.appointment_type_token).replace(/[-_]/g, ' ');
      return `Appointment${type ? ` (${type})` : ''} for ${personOf(p)}${at}`;
    }
    case 'contact.create':
      return `Add contact ${personOf(p)}`;
    case 'contact.update':
      return `Update contact ${personOf(p)}`;
    case 'contact.delete':
      return `Delete contact ${str(p.name) || `#${str(p.id) || str(p.external_id)}`}`;
    case 'event.create':
      return `Add appointment “${str(p.title) || 'untitled'}”${at}`;
    case 'event.update':
      return `Change appointment “${str(p.title) || `#${str(p.id) || str(p.external_id)}`}”${at}`;
    case 'event.delete':
      return `Delete appointment #${str(p.id) || str(p.external_id)}`;
    case 'event.mark':
      return `Mark appointment #${str(p.id) || str(p.external_id)} as ${str(p.state).replace(/_/g, ' ')}`;
  }
}

/** The renderer's view of an op (no account keys, no internals). */
export function toItem(op: OpView): OutboxItem {
  return {
    id: op.id,
    kind: op.kind,
    summary: summarize(op),
    status: op.status,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    createdAt: op.createdAt,
    error: op.lastError?.message ?? null,
    requiredScope: op.lastError?.requiredScope ?? null,
    timePassed: op.timePassed,
    result: op.result ? { id: op.result.id, state: op.result.state ?? null } : null,
  };
}
