/**
 * A move to another calendar (provider or room). The service cannot move an event between calendars, so the move is
 * one queued unit of two requests: the appointment made on the new calendar (POST /v1/events, with the same people,
 * title, notes, location, and the custom data the service has for the old one), then the old one cancelled (DELETE /v1/events, as Cancel does) — only
 * once the new one is confirmed, so a failure never leaves the patient without an appointment.
 *
 * Sent once: the new appointment carries the op's id as its external id. Each step's outcome is recorded durably
 * before the next (`progress`: the op's result names the new appointment), and an op that ever went out looks for
 * its appointment by external id before making one, so a lost answer or a crash between the halves resumes where it
 * stopped: never two new appointments, never the old one cancelled without the new one made.
 */
import { z } from 'zod';
import { isNotFound } from '../../api/contacts-api';
import { createEvent, customDataToCopy, deleteEvent, findEventByExternalId } from '../../api/events-api';
import { ServiceError } from '../../api/service-error';
import { done, instantOf, recordKeyOf, refExternalId, refId, type KindSpec } from './spec';
import { payloadFormat } from './stored-format';

const participant = z.looseObject({ contact_id: refId.optional(), contact_external_id: refExternalId.optional() });

/** The appointment the move takes away: by id, or by the external id of one made here. */
const from = z
  .strictObject({ id: refId.optional(), external_id: refExternalId.optional() })
  .refine((r) => r.id !== undefined || r.external_id !== undefined, 'id or external_id is required');

/** The new appointment's body, and the old one it replaces (`from`); `who` only for the Outbox's sentence. */
const eventMove = z
  .strictObject({
    from,
    external_id: refExternalId.optional(),
    calendar_id: refId,
    title: z.string().trim().min(1),
    start_time: z.string().min(1),
    end_time: z.string().min(1),
    location: z.string().optional(),
    content: z.string().optional(),
    participants: z.array(participant).optional(),
    /** Added over the old appointment's custom data, which is read from the service when the new one is made. */
    custom_data: z.record(z.string(), z.unknown()).optional(),
    /** The new calendar's name, for the Outbox's sentence; never sent. */
    to_name: z.string().max(200).optional(),
  })
  .refine((m) => m.from.external_id === undefined || m.from.external_id !== m.external_id, 'a move needs a new id');
/** A queued move. */
export type EventMove = z.output<typeof eventMove>;

/** The new appointment's key, its people's, and the old appointment's (a change to either waits behind the move). */
function moveKeys(p: EventMove): string[] {
  const keys = [recordKeyOf('event', p), recordKeyOf('event', p.from)];
  for (const person of p.participants ?? []) {
    if (person.contact_external_id !== undefined || person.contact_id !== undefined)
      keys.push(recordKeyOf('contact', { id: person.contact_id, external_id: person.contact_external_id }));
  }
  return [...new Set(keys)];
}

/** What the service would say of an appointment it no longer has (refusal-reason.ts: "appointment_gone"). */
const GONE = { status: 404, serviceMessage: 'The appointment is deleted.' };

/** POST /v1/events for the new appointment, then DELETE /v1/events for the old one. */
export const eventMoveKind: KindSpec<EventMove> = {
  format: payloadFormat({ schema: eventMove }),
  create: true,
  goneIsDone: false,
  recordKeys: moveKeys,
  appointmentAt: (p, hint) => hint ?? instantOf(p.start_time),
  send: () => Promise.reject(new Error('a move is sent step by step (resume)')),
  resume: async (service, op, { sentBefore, progress }) => {
    const { from: old, to_name: _name, ...body } = op.payload;
    const externalId = String(body.external_id);
    // The new appointment: already made by an earlier attempt (recorded, or found by its external id after an
    // attempt that went out and whose answer was lost), else made now.
    let made = op.result?.id ?? null;
    if (made === null && sentBefore) {
      const found = await findEventByExternalId(service, externalId);
      if (found) {
        made = found.id;
        await progress({ id: made, reconciled: true });
      }
    }
    if (made === null) {
      // The custom data as the service has it (screens hold it as words), with what the move adds over it. An
      // appointment cancelled elsewhere meanwhile is not made again on the new calendar.
      const kept = await customDataToCopy(service, old);
      if (kept === null) throw new ServiceError('permanent', 'GET /v1/event', 'This appointment was cancelled.', GONE);
      made = (await createEvent(service, { ...body, custom_data: { ...kept, ...body.custom_data } })).id;
      await progress({ id: made });
    }
    // Only now, with the new one confirmed: the old one is cancelled (again is a no-op; gone is done).
    try {
      await deleteEvent(service, old);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    return done({ id: made }, op.result?.reconciled ? { reconciled: true } : {});
  },
};
