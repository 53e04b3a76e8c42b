/** The service's bodies for new appointments, changes and cancellations (queued by the calendar service). */
import type { AppointmentChanges, AppointmentInput } from '../../../common/contract';

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
export function eventFields(a: AppointmentChanges): Record<string, unknown> {
  return {
    ...(a.title !== undefined ? { title: a.title } : {}),
    ...(a.start !== undefined ? { start_time: a.start } : {}),
    ...(a.end !== undefined ? { end_time: a.end } : {}),
    ...(a.location !== undefined ? { location: a.location } : {}),
    ...(a.notes !== undefined ? { content: a.notes } : {}),
    ...(a.participants !== undefined ? { participants: a.participants.map(participantPayload) } : {}),
  };
}

/** The body of a new appointment. */
export function createPayload(input: AppointmentInput): Record<string, unknown> {
  return {
    calendar_id: input.calendarId,
    ...eventFields(input),
    ...(input.customData && Object.keys(input.customData).length > 0 ? { custom_data: input.customData } : {}),
  };
}

/** How a change names its appointment: the service's id, or the external id of one not yet sent. */
export const refOf = (r: { id?: number | undefined; externalId?: string | undefined }) =>
  r.id !== undefined ? { id: r.id } : { external_id: r.externalId };
