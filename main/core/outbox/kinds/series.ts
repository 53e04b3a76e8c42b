/**
 * Recurring visits as one queued unit: a new series (every visit made), or a change of "this and following" / "all"
 * of one (each visit moved or cancelled). One op of several requests, one per visit, sent in order.
 *
 * Sent once per visit: every visit has its own external id (common/model/series.ts `seriesExternalId`), and a visit
 * is written with PUT /v1/events, which the facts document as create-or-update matched by external id. A visit
 * written again after a lost answer or a crash is therefore the same appointment written twice, never a second one
 * (a POST would be refused for the repeated external id, which must be unique in the account). Each step's end is
 * recorded durably before the next (`progress`: the op's result counts the steps done), so a restart resumes after
 * the last step done. A change of a visit first looks it up by external id: one cancelled meanwhile (here or on
 * another workstation) is left cancelled, not made again by the PUT. A cancellation of one already gone is done.
 */
import { z } from 'zod';
import { SERIES_MAX } from '../../../../common/model/series';
import { isNotFound } from '../../api/contacts-api';
import { deleteEvent, findEventByExternalId, updateEvent } from '../../api/events-api';
import { done, instantOf, recordKeyOf, refExternalId, refId, type KindSpec } from './spec';
import { payloadFormat } from './stored-format';

const participant = z.strictObject({
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  contact_id: refId.optional(),
});

/** One visit's body for PUT /v1/events: the whole appointment for a new visit, the changed fields for a change. */
const visitBody = z.strictObject({
  external_id: refExternalId,
  calendar_id: refId.optional(),
  title: z.string().trim().min(1).optional(),
  start_time: z.string().min(1).optional(),
  end_time: z.string().min(1).optional(),
  location: z.string().optional(),
  content: z.string().optional(),
  participants: z.array(participant).optional(),
  custom_data: z.record(z.string(), z.string()).optional(),
});

const putStep = z.strictObject({
  put: visitBody,
  /** A change of a visit that may be gone: looked up first, and left alone when cancelled. */
  live_only: z.literal(true).optional(),
});
const deleteStep = z.strictObject({ delete: z.strictObject({ external_id: refExternalId }) });
type Step = z.output<typeof putStep> | z.output<typeof deleteStep>;

const seriesWrite = z.strictObject({
  series_id: z.string().min(1).max(120),
  /** What the unit does, for the Outbox's sentence. */
  change: z.enum(['create', 'move', 'cancel']),
  /** The series' title, for the Outbox's sentence; never sent apart from the visits' bodies. */
  title: z.string().max(500).optional(),
  steps: z
    .array(z.union([putStep, deleteStep]))
    .min(1)
    .max(SERIES_MAX),
});
/** A queued series write. */
export type SeriesWrite = z.output<typeof seriesWrite>;

const externalIdOf = (step: Step): string => ('put' in step ? step.put.external_id : step.delete.external_id);

/** Every visit the unit writes (a single change of one of them waits behind it, and the other way round). */
function seriesKeys(p: SeriesWrite): string[] {
  return [...new Set(p.steps.map((s) => recordKeyOf('event', { external_id: externalIdOf(s) })))];
}

/** The first visit's start (the Outbox tells the unit by it). */
function firstStart(p: SeriesWrite): number | null {
  for (const step of p.steps) if ('put' in step && step.put.start_time) return instantOf(step.put.start_time);
  return null;
}

/** One step: a visit written (its id), or cancelled / left alone (null). */
async function sendStep(service: Parameters<NonNullable<KindSpec['resume']>>[0], step: Step): Promise<number | null> {
  if ('delete' in step) {
    try {
      await deleteEvent(service, step.delete);
    } catch (error) {
      if (!isNotFound(error)) throw error; // gone already: done
    }
    return null;
  }
  if (step.live_only) {
    const found = await findEventByExternalId(service, step.put.external_id);
    if (!found || found.is_deleted) return null; // cancelled meanwhile: not made again by the change
  }
  return (await updateEvent(service, step.put)).id;
}

/** PUT /v1/events per visit (and DELETE /v1/events per visit cancelled), step by step (`resume`). */
export const eventSeriesKind: KindSpec<SeriesWrite> = {
  format: payloadFormat({ schema: seriesWrite }),
  create: false,
  goneIsDone: false,
  recordKeys: seriesKeys,
  appointmentAt: (p, hint) => hint ?? firstStart(p),
  send: () => Promise.reject(new Error('a series is sent step by step (resume)')),
  resume: async (service, op, { progress }) => {
    const steps = op.payload.steps;
    let first = op.result?.id ?? null;
    for (let i = op.result?.steps ?? 0; i < steps.length; i++) {
      const id = await sendStep(service, steps[i]!);
      first ??= id;
      await progress({ id: first, steps: i + 1 });
    }
    return done(first === null ? null : { id: first }, { steps: steps.length });
  },
};
