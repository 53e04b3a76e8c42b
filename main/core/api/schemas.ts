/**
 * Shapes of the service's records, from the spec and the documented facts. Tolerant where the
 * service may differ (unknown extra fields kept out, optional fields optional); strict where
 * the app depends on a field.
 */
import { z } from 'zod';

const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
/** A record id as the service may send it: an integer or a decimal string. */
export const serviceId = id;
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** A participant of an event. */
const participantSchema = z.object({
  id: id.optional(),
  name: text,
  phone: text,
  normalized_phone: text,
  email: text,
  state: z
    .string()
    .nullish()
    .transform((v) => v ?? 'initial'),
  check_in_state: z.string().nullish(),
  contact_id: id.nullish().catch(null),
  conversations: z
    .array(
      z.object({
        messages: z
          .array(
            z.object({
              at: z.string().nullish(),
              direction: z.string().nullish(),
              event_type: z.string().nullish(),
              content: z.string().nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish()
    .catch(null),
});

/** An event. */
export const eventSchema = z.object({
  id,
  calendar_id: id,
  calendar_name: z.string().nullish(),
  external_id: z.string().nullish(),
  title: text,
  start_time: z.string().min(1),
  end_time: z.string().min(1),
  location: text,
  content: text,
  is_deleted: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  all_day: z.boolean().nullish(),
  show_as: z.number().nullish().catch(null),
  /** The zone its times are told in (spec 1.5); a satellite office's calendar has its own. */
  time_zone: z.string().nullish().catch(null),
  updated_at: z.string().nullish().catch(null),
  custom_data: z
    .record(z.string(), z.unknown())
    .nullish()
    .catch(null)
    .transform((v) => v ?? {}),
  participants: z
    .array(participantSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type ServiceEvent = z.output<typeof eventSchema>;

/** `{"events":[…]}` (list and write responses are wrapped). */
export const eventListSchema = z.object({ events: z.array(eventSchema) });

/** A calendar (designed by the sandbox: id and name are what the facts confirm). */
const calendarSchema = z.object({
  id,
  name: z.string(),
  time_zone: z.string().nullish().catch(null),
});
export const calendarListSchema = z.object({ calendars: z.array(calendarSchema) });

/** A write answer that is either `{"<key>":[record,…]}` (the documented wrapper) or a bare record; yields the first record. */
export function oneRecord<S extends z.ZodType<{ id: number }>>(key: string, record: S) {
  return z
    .union([z.object({ [key]: z.array(record).min(1) }), record])
    .transform((body) =>
      key in (body as object)
        ? ((body as Record<string, z.output<S>[]>)[key]![0] as z.output<S>)
        : (body as z.output<S>),
    );
}
