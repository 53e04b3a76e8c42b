/** The schedule: reading appointments and changing them through the outbox. */
import { z } from 'zod';
import {
  MARK_STATES,
  appointmentChanges,
  appointmentInput,
  appointmentRef,
  hasAppointmentRef,
  isoTime,
  type Agenda,
  type AgendaChanges,
  type AgendaItem,
  type CalendarList,
} from '../model/calendar';
import type { OutboxItem } from '../model/outbox';
import { seriesChangeArgs, seriesCreateArgs, seriesPreviewArgs, type SeriesPreview } from '../model/series';
import { invoke, noArgs, opId } from './declare';

/** A range of at most 31 days, ISO 8601 with offset. */
const rangeArgs = z
  .object({
    begin: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    /** Answer at once with the saved answer when there is one; the fresh one follows as `store:changed` (`fresh`). */
    savedFirst: z.literal(true).optional(),
  })
  .strict()
  .refine(
    (r) => Date.parse(r.end) >= Date.parse(r.begin) && Date.parse(r.end) - Date.parse(r.begin) <= 31 * 86_400_000,
    'the range must be 0 to 31 days',
  );

/** The calendar invoke channels. */
export const calendarInvoke = {
  /**
   * Appointments starting within [begin, end], fresh from the service (the cache when offline). With `savedFirst`,
   * the saved answer at once when there is one (`source: 'cache'`), and the fresh one as `store:changed`.
   */
  'calendar:range': invoke<Agenda>()(rangeArgs),
  /** Marks every participant of an appointment (check-in, confirmation), through the outbox. */
  'calendar:mark': invoke<OutboxItem>()(
    z
      .object({
        eventId: z.number().int().positive(),
        state: z.enum(MARK_STATES),
        startsAt: z.iso.datetime({ offset: true }),
        /** Who is on the appointment, for the Outbox's sentence ("Mark Nathan Haddad as no-show"). */
        who: z.string().max(200).optional(),
        /** Offered with Undo (a mark by a single key): sent only once the Undo window (UNDO_WINDOW_MS) has passed. */
        undoable: z.boolean().optional(),
      })
      .strict(),
  ),
  /** The account's calendars and the practice's time zone (cached for offline). */
  'calendar:calendars': invoke<CalendarList>()(noArgs),
  /** What changed in the range since `since` (upserts and removals); a full read where the service cannot filter. */
  'calendar:changes': invoke<AgendaChanges>()(
    z
      .object({ begin: isoTime, end: isoTime, since: isoTime })
      .strict()
      .refine(
        (r) => Date.parse(r.end) >= Date.parse(r.begin) && Date.parse(r.end) - Date.parse(r.begin) <= 31 * 86_400_000,
        'the range must be 0 to 31 days',
      ),
  ),
  /** One appointment, fresh, with its recent messages when the service includes them. */
  'calendar:event': invoke<AgendaItem>()(z.object({ id: z.number().int().positive() }).strict()),
  /** A new appointment through the outbox. */
  'calendar:create': invoke<OutboxItem>()(appointmentInput),
  /** Changes an appointment (time, title, notes, people) through the outbox. */
  'calendar:update': invoke<OutboxItem>()(
    z
      .object({ ...appointmentRef, changes: appointmentChanges, startsAt: isoTime })
      .strict()
      .refine(hasAppointmentRef, 'id or externalId is required'),
  ),
  /**
   * Moves an appointment to another calendar through the outbox, as one unit: `to` is made on its calendar, then the
   * appointment named by id or externalId is cancelled (the service cannot move one between calendars).
   */
  'calendar:move': invoke<OutboxItem>()(
    z
      .object({ ...appointmentRef, to: appointmentInput })
      .strict()
      .refine(hasAppointmentRef, 'id or externalId is required'),
  ),
  /** Cancels (deletes) an appointment through the outbox. */
  'calendar:cancel': invoke<OutboxItem>()(
    z
      .object({ ...appointmentRef, startsAt: isoTime })
      .strict()
      .refine(hasAppointmentRef, 'id or externalId is required'),
  ),
  /**
   * The visits a "Repeat" rule makes from the appointment the form describes, each with what it clashes with (busy
   * on that calendar, or outside the working hours); read fresh, or as last saved when offline.
   */
  'calendar:series-preview': invoke<SeriesPreview>()(seriesPreviewArgs),
  /** A new series through the outbox as one unit: the visits the desk kept (skipped ones left out, moved ones moved). */
  'calendar:series-create': invoke<OutboxItem>()(seriesCreateArgs),
  /**
   * "This and following" or "all" visits of a series moved (by days, to a new time or length), retitled, or cancelled,
   * through the outbox as one unit.
   */
  'calendar:series-change': invoke<OutboxItem>()(seriesChangeArgs),
  /** Undo of a schedule change still queued: drops it (withdrawn) or says it was already sent. */
  'calendar:withdraw': invoke<{ withdrawn: boolean }>()(opId),
} as const;
