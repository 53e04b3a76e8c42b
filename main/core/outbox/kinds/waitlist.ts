/**
 * The waitlist's writes (api/waitlist-records.ts says how the list is kept at the service):
 *
 * - `waitlist.put`: an entry or an offer, made once (its external id is the op's; a lost answer is looked up first);
 * - `waitlist.remove`: an entry taken off the list (deleted; gone is done);
 * - `waitlist.answer`: a patient's YES to an offer, settled exactly once however many desks saw it and however many
 *   answers were lost. Three steps, each recorded before the next (`progress`):
 *   1. the answer is claimed: an event whose external id derives from the offer and the patient
 *      (`answerKey`), carrying this op's id. A desk that finds it carrying another op's id stops there: that desk
 *      settles the answer;
 *   2. the claim's holder books the time: the appointment's external id derives from the offer alone (`bookingKey`),
 *      so of all the answers only the first to arrive makes it; a later one finds it and is "taken";
 *   3. the patient is texted the outcome once (a lost answer is looked for in their threads before sending again),
 *      and a patient booked is taken off the list.
 */
import { z } from 'zod';
import { createEvent, deleteEvent, updateEvent } from '../../api/events-api';
import { listConversations, listMessages, startConversation } from '../../api/messages-api';
import { ServiceError } from '../../api/service-error';
import {
  answerKey,
  bookingKey,
  findRecord,
  KEY_KEY,
  RECORD_KEY,
  recordBody,
  textOf,
  type CustomData,
  type FoundRecord,
} from '../../api/waitlist-records';
import { isNotFound } from '../../api/contacts-api';
import type { ServiceRequester } from '../../api/service-client';
import { done, refExternalId, refId, type KindSpec, type QueuedOp } from './spec';
import { payloadFormat } from './stored-format';

const scalars = z.record(z.string().max(100), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]));

const putPayload = z.strictObject({
  external_id: refExternalId.optional(),
  record: z.literal('entry'),
  title: z.string().trim().min(1).max(200),
  custom_data: scalars,
  /** Whom it is about, for the Outbox's sentence; never sent. */
  who: z.string().max(200).optional(),
});
type Put = z.output<typeof putPayload>;

/** POST /v1/events for an entry or an offer; after an ambiguous attempt, found by its external id first. */
export const waitlistPutKind: KindSpec<Put> = {
  format: payloadFormat({ schema: putPayload }),
  create: true,
  goneIsDone: false,
  recordKeys: (p) => [`waitlist:${String(p.external_id)}`],
  appointmentAt: () => null,
  send: async (service, p) =>
    done(await createEvent(service, recordBody(String(p.external_id), p.title, p.record, p.custom_data))),
  reconcile: async (service, op) => {
    const found = await findRecord(service, String(op.payload.external_id));
    return found ? done(found) : null;
  },
};

const removePayload = z.strictObject({ external_id: refExternalId, who: z.string().max(200).optional() });

/** DELETE /v1/events by external id (again is a no-op; gone is done). */
export const waitlistRemoveKind: KindSpec<z.output<typeof removePayload>> = {
  format: payloadFormat({ schema: removePayload }),
  create: false,
  goneIsDone: true,
  recordKeys: (p) => [`waitlist:${p.external_id}`],
  appointmentAt: () => null,
  send: async (service, p) => done(await deleteEvent(service, { external_id: p.external_id })),
};

const offerPayload = z.strictObject({
  external_id: refExternalId.optional(),
  title: z.string().trim().min(1).max(200),
  /** The offer as every desk reads it (the time, the provider, the patients, the words, when it lapses). */
  custom_data: scalars,
  /** The patients texted, in order. */
  people: z
    .array(z.strictObject({ phone: z.string().trim().min(1).max(40), name: z.string().max(200) }))
    .min(1)
    .max(20),
  text: z.string().trim().min(1).max(1600),
  /** Whom it is for, for the Outbox's sentence; never sent. */
  who: z.string().max(200).optional(),
});
type Offer = z.output<typeof offerPayload>;

/** How long an offer may wait unsent before it is held for the desk's decision (a stale opening is worse than none). */
const OFFER_HOLD_MS = 15 * 60_000;

/**
 * An offer of a freed time as one unit: the offer record (POST /v1/events, found by its external id after a lost
 * answer), then one text to each patient in order. Each text's turn is recorded before it goes (`texting:i`), so an
 * attempt after a lost answer looks for that text in the patient's threads before sending it again: each patient is
 * texted once.
 */
export const waitlistOfferKind: KindSpec<Offer> = {
  format: payloadFormat({ schema: offerPayload }),
  create: true,
  goneIsDone: false,
  recordKeys: (p) => [`waitlist:${String(p.external_id)}`],
  appointmentAt: () => null,
  send: () => Promise.reject(new Error('an offer is sent step by step (resume)')),
  resume: async (service, op, { progress }) => {
    const p = op.payload;
    const key = String(p.external_id);
    let state = op.result?.state ?? null;
    let id = op.result?.id ?? null;
    if (state === null) {
      const made = await findOrMake(service, key, () =>
        createEvent(service, recordBody(key, p.title, 'offer', p.custom_data)),
      );
      state = 'sent:0';
      id = made.id;
      await progress({ id, state });
    }
    const since = (op.firstSentAt ?? op.createdAt) - TEXT_LOOKBACK_MS;
    for (let i = 0; i < p.people.length; i++) {
      const person = p.people[i]!;
      const turn = /^(sent|texting):(\d+)$/.exec(state ?? '');
      const at = turn ? Number(turn[2]) : 0;
      if (turn?.[1] === 'sent' && i < at) continue;
      if (turn?.[1] === 'texting' && i < at) continue;
      const lost = turn?.[1] === 'texting' && i === at;
      if (!lost) await progress({ id, state: `texting:${i}` });
      if (!lost || !(await alreadyTexted(service, person.phone, p.text, since)))
        await startConversation(service, { phone_number: person.phone, name: person.name, content: p.text });
      state = `sent:${i + 1}`;
      await progress({ id, state });
    }
    return done(id === null ? null : { id }, { state });
  },
  stale: (op, now) =>
    op.result === null && now - op.createdAt > OFFER_HOLD_MS
      ? 'Not sent: the opening was offered more than 15 minutes ago. Send it now anyway, or discard it.'
      : null,
};

const answerPayload = z.strictObject({
  offer: refExternalId,
  entry: refExternalId,
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().min(1).max(40),
  contact_id: refId.optional(),
  /** The appointment the offer books: its calendar, title and time. */
  calendar_id: refId,
  title: z.string().trim().min(1).max(500),
  start_time: z.string().min(1).max(40),
  end_time: z.string().min(1).max(40),
  confirm_text: z.string().trim().min(1).max(1600),
  taken_text: z.string().trim().min(1).max(1600),
  /** Whom it is about, for the Outbox's sentence; never sent. */
  who: z.string().max(200).optional(),
});
type Answer = z.output<typeof answerPayload>;

/** The steps an answer has finished (the op's recorded `result.state`). */
type Step = 'claimed' | 'booked' | 'taken' | 'texting:booked' | 'texting:taken' | 'elsewhere';

/** Whether a record was written by this op. */
const mine = (found: FoundRecord, op: QueuedOp<Answer>): boolean => textOf(found.custom_data.wl_op) === op.id;

/**
 * Finds the record by its external id, else makes it; when making it is refused because another desk made it
 * meanwhile (the service keeps external ids unique), that one is found and returned.
 */
async function findOrMake(
  service: ServiceRequester,
  externalId: string,
  make: () => Promise<{ id: number }>,
): Promise<{ id: number; made: boolean; found: FoundRecord | null }> {
  const before = await findRecord(service, externalId);
  if (before) return { id: before.id, made: false, found: before };
  try {
    return { id: (await make()).id, made: true, found: null };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind !== 'permanent') throw error;
    const after = await findRecord(service, externalId);
    if (!after) throw error;
    return { id: after.id, made: false, found: after };
  }
}

/** Whether the patient's thread already has this text from the service since `since` (a lost answer's text). */
async function alreadyTexted(service: ServiceRequester, phone: string, words: string, since: number) {
  const threads = await listConversations(service, {
    phone_number: phone,
    updated_since: new Date(since).toISOString(),
  });
  for (const t of threads) {
    const texts = await listMessages(service, t.id);
    const hit = texts.some((m) => {
      const at = Date.parse(m.at);
      return m.direction === 'outbound' && m.content.trim() === words.trim() && (Number.isNaN(at) || at >= since);
    });
    if (hit) return true;
  }
  return false;
}

/** How far before the first attempt a lost text may have been recorded (clock skew). */
const TEXT_LOOKBACK_MS = 2 * 60_000;

/** A patient's YES to an offer: claimed, booked or told it is taken, texted — each once. */
export const waitlistAnswerKind: KindSpec<Answer> = {
  format: payloadFormat({ schema: answerPayload }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`waitlist:${answerKey(p.offer, p.entry)}`],
  appointmentAt: (p) => {
    const at = Date.parse(p.start_time);
    return Number.isNaN(at) ? null : at;
  },
  send: () => Promise.reject(new Error('an answer is settled step by step (resume)')),
  resume: async (service, op, { progress }) => {
    const p = op.payload;
    let step = (op.result?.state ?? null) as Step | null;
    let bookedId = op.result?.id ?? null;
    if (step === 'elsewhere') return done(null, { state: 'elsewhere' });
    const claimKey = answerKey(p.offer, p.entry);
    const claimData = (result: string): CustomData => ({
      wl_offer: p.offer,
      wl_entry: p.entry,
      wl_op: op.id,
      wl_result: result,
    });
    if (step === null) {
      const claim = await findOrMake(service, claimKey, () =>
        createEvent(service, recordBody(claimKey, `Waitlist answer: ${p.name}`, 'answer', claimData('yes'))),
      );
      if (!claim.made && claim.found && !mine(claim.found, op)) {
        await progress({ id: null, state: 'elsewhere' });
        return done(null, { state: 'elsewhere' });
      }
      step = 'claimed';
      await progress({ id: null, state: step });
    }
    if (step === 'claimed') {
      const key = bookingKey(p.offer);
      const booking = await findOrMake(service, key, () =>
        createEvent(service, {
          external_id: key,
          calendar_id: p.calendar_id,
          title: p.title,
          start_time: p.start_time,
          end_time: p.end_time,
          participants: [
            { name: p.name, phone: p.phone, ...(p.contact_id !== undefined ? { contact_id: p.contact_id } : {}) },
          ],
          custom_data: { wl_offer: p.offer, wl_entry: p.entry, wl_op: op.id },
        }),
      );
      const won = booking.made || textOf(booking.found?.custom_data.wl_entry) === p.entry;
      step = won ? 'booked' : 'taken';
      bookedId = won ? booking.id : null;
      await progress({ id: bookedId, state: step });
    }
    if (step === 'booked' || step === 'taken') {
      const outcome = step;
      // Recorded before the text goes: an attempt after this one looks for the text before sending it again.
      await progress({ id: bookedId, state: `texting:${outcome}` });
      await startConversation(service, {
        phone_number: p.phone,
        name: p.name,
        content: outcome === 'booked' ? p.confirm_text : p.taken_text,
      });
      return finish(service, op, outcome, bookedId, claimData);
    }
    // texting:*: an attempt sent the text, or tried to; it is sent again only when the patient's threads lack it.
    const outcome = step === 'texting:booked' ? 'booked' : 'taken';
    const words = outcome === 'booked' ? p.confirm_text : p.taken_text;
    const since = (op.firstSentAt ?? op.createdAt) - TEXT_LOOKBACK_MS;
    if (!(await alreadyTexted(service, p.phone, words, since)))
      await startConversation(service, { phone_number: p.phone, name: p.name, content: words });
    return finish(service, op, outcome, bookedId, claimData);
  },
};

/** After the text: the claim says how it ended (for every desk's progress), and a patient booked leaves the list. */
async function finish(
  service: ServiceRequester,
  op: QueuedOp<Answer>,
  outcome: 'booked' | 'taken',
  bookedId: number | null,
  claimData: (result: string) => CustomData,
) {
  await updateEvent(service, {
    external_id: answerKey(op.payload.offer, op.payload.entry),
    custom_data: {
      ...claimData(outcome),
      [KEY_KEY]: answerKey(op.payload.offer, op.payload.entry),
      [RECORD_KEY]: 'answer',
    },
  });
  if (outcome === 'booked') {
    try {
      await deleteEvent(service, { external_id: op.payload.entry });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return done(bookedId === null ? null : { id: bookedId }, { state: outcome });
}
