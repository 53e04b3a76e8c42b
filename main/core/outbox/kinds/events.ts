/**
 * Event writes: create (reconciled by external_id), update (idempotent patch), delete (404 = done) and mark
 * (sets a state: idempotent). An event create that names a contact waits for that contact's queued writes.
 */
import { z } from 'zod';
import { isDeskMark, RUNNING_LATE_KEY } from '../../../../common/contract';
import {
  createEvent,
  deleteEvent,
  findEventByExternalId,
  markEvent,
  readCustomData,
  updateEvent,
  type EventRef,
} from '../../api/events-api';
import type { ServiceRequester } from '../../api/service-client';
import { done, instantOf, recordKeyOf, recordRef, refExternalId, refId, type KindSpec } from './spec';
import { payloadFormat } from './stored-format';

const participant = z.looseObject({ contact_id: refId.optional(), contact_external_id: refExternalId.optional() });

const eventCreate = z
  .looseObject({
    external_id: refExternalId.optional(),
    calendar_id: refId.optional(),
    calendar: z.string().trim().min(1).optional(),
    title: z.string().trim().min(1),
    start_time: z.string().min(1),
    end_time: z.string().min(1),
    participants: z.array(participant).optional(),
  })
  .refine((e) => e.calendar_id !== undefined || e.calendar !== undefined, 'calendar_id or calendar is required')
  .refine((e) => !('id' in e), 'a new event has no id');

type EventCreate = z.output<typeof eventCreate>;
type EventPatch = z.output<typeof recordRef>;
/** Participants as far as ordering cares (an update's are checked by the service, so anything else is ignored). */
const participantsForKeys = z.array(participant).catch([]);

/** The event's key plus the keys of contacts its participants name (a queued contact create goes first). */
function eventKeys(p: EventCreate | EventPatch): string[] {
  const keys = [recordKeyOf('event', p)];
  const people = participantsForKeys.parse(p.participants ?? []);
  for (const person of people) {
    if (person.contact_external_id !== undefined || person.contact_id !== undefined) {
      keys.push(recordKeyOf('contact', { id: person.contact_id, external_id: person.contact_external_id }));
    }
  }
  return [...new Set(keys)];
}

const startOf = (p: EventCreate | EventPatch, hint: number | null) => hint ?? instantOf(p.start_time);

/** POST /v1/events; after an ambiguous attempt, GET /v1/event?external_id= first. */
export const eventCreateKind: KindSpec<EventCreate> = {
  format: payloadFormat({ schema: eventCreate }),
  create: true,
  goneIsDone: false,
  recordKeys: eventKeys,
  appointmentAt: startOf,
  send: async (service, p) => done(await createEvent(service, p)),
  reconcile: async (service, op) => {
    const found = await findEventByExternalId(service, String(op.payload.external_id));
    return found ? done(found) : null;
  },
};

/** PUT /v1/events by id or external_id (patch; participants replaced wholesale when sent). */
export const eventUpdateKind: KindSpec<EventPatch> = {
  format: payloadFormat({ schema: recordRef }),
  create: false,
  goneIsDone: false,
  recordKeys: eventKeys,
  appointmentAt: startOf,
  send: async (service, p) => done(await updateEvent(service, p)),
};

const eventRefOnly = z
  .strictObject({ id: refId.optional(), external_id: refExternalId.optional() })
  .refine((r) => r.id !== undefined || r.external_id !== undefined, 'id or external_id is required');

/** DELETE /v1/events (soft delete; again is a no-op; 404 = already gone). */
export const eventDeleteKind: KindSpec<z.output<typeof eventRefOnly>> = {
  format: payloadFormat({ schema: eventRefOnly }),
  create: false,
  goneIsDone: true,
  recordKeys: (p) => [recordKeyOf('event', p)],
  appointmentAt: (_p, hint) => hint,
  send: async (service, p) => done(await deleteEvent(service, p)),
};

const eventMark = z
  .strictObject({
    id: refId.optional(),
    external_id: refExternalId.optional(),
    state: z.string().min(1).max(40),
    /** Who is on the appointment, only for the Outbox's sentence; never sent. */
    who: z.string().max(200).optional(),
    /** When a desk mark was made (ISO 8601): the value it keeps in the custom data. */
    at: z.string().max(40).optional(),
  })
  .refine((r) => r.id !== undefined || r.external_id !== undefined, 'id or external_id is required');

/**
 * A desk mark (common/model/calendar.ts `DESK_MARKS`): the service has no mark value for it, so it is one key of the
 * event's custom data, set or taken away over what the service has now (PUT replaces custom data wholesale). Setting
 * the same again changes nothing.
 */
async function sendDeskMark(service: ServiceRequester, ref: EventRef, state: string, at: string | undefined) {
  const { [RUNNING_LATE_KEY]: _was, ...others } = await readCustomData(service, ref);
  const custom_data = state === 'running_late' ? { ...others, [RUNNING_LATE_KEY]: at ?? 'yes' } : others;
  return updateEvent(service, { ...ref, custom_data });
}

/**
 * POST /v1/event/mark: sets one state on every participant, so a repeat changes nothing; a desk mark is written into
 * the event's custom data instead.
 */
export const eventMarkKind: KindSpec<z.output<typeof eventMark>> = {
  format: payloadFormat({ schema: eventMark }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [recordKeyOf('event', p)],
  appointmentAt: (_p, hint) => hint,
  send: async (service, p) => {
    const { state, who: _who, at, ...ref } = p;
    if (isDeskMark(state)) return done(await sendDeskMark(service, ref, state, at));
    return done(await markEvent(service, ref, state));
  },
};
