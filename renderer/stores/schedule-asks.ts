/**
 * What the schedule's screens ask core beyond reading the shown range (calendar-store.ts): one appointment fresh
 * (the details panel, a thread's "open the appointment", the read after a write settles — one call per appointment
 * while it is in flight, however many ask), the changes through the outbox, what changed since the last read, the
 * appointments of a stretch of time (the delay texts), and an appointment's text threads. Components and features
 * ask through here, never the bridge themselves (test/unit/lint/renderer-asks.test.ts).
 */
import type { Agenda, AgendaChanges, AgendaItem, ArgsIn, Result, ThreadSummary } from '../../common/contract';
import { frontdesk } from '../lib/frontdesk';
import { inFlight } from '../lib/query';

/** Appointment reads: one call per appointment while it is in flight, every asker handed its answer. */
const appointmentReads = inFlight((id: number) => frontdesk.invoke['calendar:event']({ id }));

/** One appointment, fresh from the service (with its recent texts when the service includes them). */
export function readAppointment(id: number): Promise<Result<AgendaItem>> {
  return appointmentReads.run(id);
}

/** Appointments starting within [begin, end], fresh (the saved copy offline). */
export function readRange(begin: string, end: string): Promise<Result<Agenda>> {
  return frontdesk.invoke['calendar:range']({ begin, end });
}

/** What changed in [begin, end] since `since`. */
export function readChanges(range: { begin: string; end: string }, since: string): Promise<Result<AgendaChanges>> {
  return frontdesk.invoke['calendar:changes']({ ...range, since });
}

/** The schedule's changes, each through the outbox. */
export const scheduleChanges = {
  mark: (args: ArgsIn<'calendar:mark'>) => frontdesk.invoke['calendar:mark'](args),
  create: (input: ArgsIn<'calendar:create'>) => frontdesk.invoke['calendar:create'](input),
  update: (args: ArgsIn<'calendar:update'>) => frontdesk.invoke['calendar:update'](args),
  cancel: (args: ArgsIn<'calendar:cancel'>) => frontdesk.invoke['calendar:cancel'](args),
  /** To another calendar: made there, then the old one cancelled, as one queued unit. */
  move: (args: ArgsIn<'calendar:move'>) => frontdesk.invoke['calendar:move'](args),
  /** Takes back a change still queued (withdrawn), or says it was already sent. */
  withdraw: (opId: string) => frontdesk.invoke['calendar:withdraw']({ id: opId }),
};

/** The text threads about one appointment. */
export async function readAppointmentThreads(eventId: number): Promise<Result<ThreadSummary[]>> {
  const r = await frontdesk.invoke['messages:threads']({ eventId });
  return r.ok ? { ok: true, value: r.value.threads } : r;
}
