/** New appointments, changes and cancellations, each through the outbox (shown at once as waiting to sync). */
import type { AppointmentChanges, AppointmentInput, OutboxItem } from '../../../preload/contract';
import { SignedOutError } from '../auth/errors';
import { toItem } from '../outbox/outbox-items';
import { knownPracticeZone } from './calendar-list';
import type { CoreContext } from '../core-context';

type Person = NonNullable<AppointmentInput['participants']>[number];

/** A participant as the service takes it (empty fields left out). */
function participantPayload(p: Person): Record<string, unknown> {
  return {
    ...(p.name ? { name: p.name } : {}),
    ...(p.phone ? { phone: p.phone } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(p.contactId ? { contact_id: p.contactId } : {}),
  };
}

/** The service's field names for the fields the form gave. */
function eventFields(a: AppointmentChanges): Record<string, unknown> {
  return {
    ...(a.title !== undefined ? { title: a.title } : {}),
    ...(a.start !== undefined ? { start_time: a.start } : {}),
    ...(a.end !== undefined ? { end_time: a.end } : {}),
    ...(a.location !== undefined ? { location: a.location } : {}),
    ...(a.notes !== undefined ? { content: a.notes } : {}),
    ...(a.participants !== undefined ? { participants: a.participants.map(participantPayload) } : {}),
  };
}

const refOf = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined ? { id: r.id } : { external_id: r.externalId };

function accountOrThrow(deps: CoreContext): void {
  if (!deps.account()) throw new SignedOutError();
}

/** Queues a new appointment (its outbox id becomes its external id, so a retried create is found, not doubled). */
export async function createAppointment(deps: CoreContext, input: AppointmentInput): Promise<OutboxItem> {
  accountOrThrow(deps);
  const payload = {
    calendar_id: input.calendarId,
    ...eventFields(input),
    ...(input.customData && Object.keys(input.customData).length > 0 ? { custom_data: input.customData } : {}),
  };
  const zone = await knownPracticeZone(deps);
  return toItem(await deps.outbox.get().enqueue('event.create', payload, { zone }));
}

/** Queues a change (patch: only the fields given). */
export async function updateAppointment(
  deps: CoreContext,
  args: { id?: number; externalId?: string; changes: AppointmentChanges; startsAt: string },
): Promise<OutboxItem> {
  accountOrThrow(deps);
  const startsAt = Date.parse(args.changes.start ?? args.startsAt);
  const zone = await knownPracticeZone(deps);
  return toItem(
    await deps.outbox
      .get()
      .enqueue('event.update', { ...refOf(args), ...eventFields(args.changes) }, { startsAt, zone }),
  );
}

/** Queues a cancellation (the service soft-deletes the appointment). */
export async function cancelAppointment(
  deps: CoreContext,
  args: { id?: number; externalId?: string; startsAt: string },
): Promise<OutboxItem> {
  accountOrThrow(deps);
  const zone = await knownPracticeZone(deps);
  return toItem(
    await deps.outbox.get().enqueue('event.delete', refOf(args), { startsAt: Date.parse(args.startsAt), zone }),
  );
}

/**
 * Takes back a schedule change that has not been sent: true when it was dropped (nothing reaches the service),
 * false when it is being sent or already done (the caller then writes a compensating change). The check and the
 * drop happen in one step, so a change cannot slip out in between.
 */
export async function withdrawChange(deps: CoreContext, id: string): Promise<{ withdrawn: boolean }> {
  accountOrThrow(deps);
  const outbox = deps.outbox.get();
  const op = outbox.list().find((o) => o.id === id);
  if (!op || !op.kind.startsWith('event.') || (op.status !== 'queued' && op.status !== 'needs_attention'))
    return { withdrawn: false };
  try {
    await outbox.discard(id); // holds the op synchronously: the sender cannot take it after the check above
    return { withdrawn: true };
  } catch {
    return { withdrawn: false }; // it started sending meanwhile
  }
}
