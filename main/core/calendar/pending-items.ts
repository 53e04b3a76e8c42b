/** Bookings and appointments made here but not yet confirmed by the service, shown in the calendar at once. */
import type { AgendaItem } from '../../../preload/contract';
import { summarize } from '../changes/outbox-items';
import type { OpView } from '../outbox';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Agenda rows for unfinished creates whose appointment starts within [begin, end]. */
export function pendingAgendaItems(ops: readonly OpView[], begin: string, end: string): AgendaItem[] {
  const from = Date.parse(begin);
  const to = Date.parse(end);
  return ops
    .filter((op) => (op.kind === 'booking.book_now' || op.kind === 'event.create') && op.status !== 'done')
    .filter((op) => op.appointmentAt !== null && op.appointmentAt >= from && op.appointmentAt <= to)
    .map((op) => {
      const p = op.payload;
      const start = new Date(op.appointmentAt!).toISOString();
      // No state yet: the service has not seen this person's appointment.
      const person = { name: str(p.name), phone: str(p.phone_number), email: str(p.email_address), state: '' };
      return {
        id: -op.seq,
        title: op.kind === 'event.create' ? str(p.title) || 'New appointment' : summarize(op).replace(/ — .*$/, ''),
        start,
        end: str(p.end_time) || start,
        calendarName: '',
        location: str(p.location),
        people: op.kind === 'booking.book_now' ? [person] : [],
        pending: { changeId: op.id, status: op.status === 'needs_attention' ? 'needs_attention' : 'waiting' },
        pendingMark: null,
      } satisfies AgendaItem;
    });
}
