/**
 * Event writes, marks and the lookup by external_id. Write responses are `{"events":[…]}`; marks and
 * GET /v1/event return the bare event. Only the fields the outbox keeps are required.
 */
import { z } from 'zod';
import { isNotFound } from './contacts-api';
import { oneRecord, serviceId } from './schemas';
import type { ServiceRequester } from './service-client';

/** The part of an event the outbox keeps. */
const eventRecordSchema = z.object({
  id: serviceId,
  external_id: z.string().nullish(),
  is_deleted: z.boolean().nullish(),
});
/** A written or found event. */
export type EventRecord = z.output<typeof eventRecordSchema>;

const eventWriteSchema = oneRecord('events', eventRecordSchema);

/** How a single event is named. */
export interface EventRef {
  id?: number;
  external_id?: string;
}

/** POST /v1/events with one event. */
export function createEvent(client: ServiceRequester, event: Record<string, unknown>): Promise<EventRecord> {
  return client.request({ method: 'POST', path: '/v1/events', body: { events: [event] }, schema: eventWriteSchema });
}

/** PUT /v1/events with one event (patch by id or external_id). */
export function updateEvent(client: ServiceRequester, event: Record<string, unknown>): Promise<EventRecord> {
  return client.request({ method: 'PUT', path: '/v1/events', body: { events: [event] }, schema: eventWriteSchema });
}

/** DELETE /v1/events?id=|external_id= (soft delete, facts). */
export function deleteEvent(client: ServiceRequester, ref: EventRef): Promise<EventRecord> {
  return client.request({ method: 'DELETE', path: '/v1/events', query: { ...ref }, schema: eventWriteSchema });
}

/** POST /v1/event/mark `{id|external_id, state}`: sets the state on every participant. */
export function markEvent(client: ServiceRequester, ref: EventRef, state: string): Promise<EventRecord> {
  return client.request({ method: 'POST', path: '/v1/event/mark', body: { ...ref, state }, schema: eventWriteSchema });
}

const customDataSchema = z.object({ custom_data: z.record(z.string(), z.unknown()).nullish() });

/**
 * The event's custom data as the service has it now (GET /v1/event by id or external_id): PUT /v1/events replaces
 * custom data wholesale, so a change of one key is written over what is there.
 */
export async function readCustomData(client: ServiceRequester, ref: EventRef): Promise<Record<string, unknown>> {
  const event = await client.request({ method: 'GET', path: '/v1/event', query: { ...ref }, schema: customDataSchema });
  return event.custom_data ?? {};
}

const toCopySchema = z.object({
  custom_data: z.record(z.string(), z.unknown()).nullish(),
  is_deleted: z.boolean().nullish(),
});

/**
 * The custom data of an event to be made again elsewhere (GET /v1/event, which answers for deleted ones too), or null
 * when the service has it cancelled.
 */
export async function customDataToCopy(
  client: ServiceRequester,
  ref: EventRef,
): Promise<Record<string, unknown> | null> {
  const event = await client.request({ method: 'GET', path: '/v1/event', query: { ...ref }, schema: toCopySchema });
  return event.is_deleted ? null : (event.custom_data ?? {});
}

/** GET /v1/event?external_id=: the event (deleted ones too, facts), or null on 404. */
export async function findEventByExternalId(client: ServiceRequester, externalId: string): Promise<EventRecord | null> {
  try {
    return await client.request({
      method: 'GET',
      path: '/v1/event',
      query: { external_id: externalId },
      schema: eventRecordSchema,
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
