/**
 * Texts to patients: start a thread and reply in one. A text is billed and reaches a phone, so it is sent at most
 * once: the service has no idempotency key for it, so after an attempt whose answer was lost the outbox first looks
 * for it in the thread (outbound, same words, since the first attempt) and only sends again when it is not there.
 * A text still unsent 15 minutes after it was written is held until the user says "Send now anyway" (a late "we are
 * running late" is worse than none).
 */
import { z } from 'zod';
import {
  listConversations,
  listMessages,
  replyToConversation,
  startConversation,
  type ServiceMessage,
} from '../../api/messages-api';
import { done, refId, type KindSpec, type QueuedOp, type ReconcileContext } from './spec';
import { payloadFormat } from './stored-format';

/** How long a text may wait unsent before it is held for the user's decision. */
export const TEXT_HOLD_MS = 15 * 60_000;
/** What a held text says. */
const HELD_WORDS = 'Not sent: it was written more than 15 minutes ago. Send it now anyway, or discard it.';

const content = z
  .string()
  .max(1600)
  .refine((s) => s.trim().length > 0, 'the text is empty');
/** Fields only the app reads (never sent): who it is for (the Outbox's sentence) and "Send now anyway". */
const localFields = {
  who: z.string().max(200).optional(),
  send_anyway_at: z.number().int().nonnegative().optional(),
};

const replyPayload = z.strictObject({
  conversation_id: refId,
  content,
  /** The thread's latest text when this one was written (never sent): the lookup only counts texts after it. */
  after_message_id: refId.optional(),
  ...localFields,
});
const startPayload = z
  .strictObject({
    phone_number: z.string().trim().min(1).max(40).optional(),
    contact_id: refId.optional(),
    name: z.string().trim().max(200).optional(),
    event_id: refId.optional(),
    content,
    ...localFields,
  })
  .refine((p) => p.phone_number !== undefined || p.contact_id !== undefined, 'phone_number or contact_id is required');
type Reply = z.output<typeof replyPayload>;
type Start = z.output<typeof startPayload>;

/** The held check: unsent for longer than TEXT_HOLD_MS since it was written (or since "Send now anyway"). */
function staleText(op: QueuedOp<Reply | Start>, now: number): string | null {
  return now - (op.payload.send_anyway_at ?? op.createdAt) > TEXT_HOLD_MS ? HELD_WORDS : null;
}

/** From when a lost attempt's text may be in the thread: the first attempt, less the clock-skew margin. */
const sinceOf = (op: QueuedOp<Reply | Start>, ctx: ReconcileContext) =>
  (op.firstSentAt ?? op.createdAt) - ctx.textLookbackMs;

const same = (a: string, b: string) => a.trim() === b.trim();

/** An outbound message with these words at or after `since`. */
function ours(m: ServiceMessage, words: string, since: number): boolean {
  const at = Date.parse(m.at);
  return m.direction === 'outbound' && same(m.content, words) && (Number.isNaN(at) || at >= since);
}

/**
 * The texts after the one that was latest when the reply was written (oldest first), so the same words sent earlier
 * ("Your room is ready" twice in a morning) are not taken for this one; all of them when that text is not listed.
 */
function afterMarker(messages: ServiceMessage[], marker: number | undefined): ServiceMessage[] {
  const at = marker === undefined ? -1 : messages.findIndex((m) => m.id === marker);
  return at < 0 ? messages : messages.slice(at + 1);
}

/** POST /v1/conversation_reply; after a lost answer, the thread's messages are looked up first. */
export const messageReplyKind: KindSpec<Reply> = {
  format: payloadFormat({ schema: replyPayload }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`conversation:${p.conversation_id}`],
  appointmentAt: () => null,
  send: async (service, p) => done((await replyToConversation(service, p.conversation_id, p.content)).conversation),
  reconcile: async (service, op, ctx) => {
    const since = sinceOf(op, ctx);
    const messages = afterMarker(await listMessages(service, op.payload.conversation_id), op.payload.after_message_id);
    return messages.some((m) => ours(m, op.payload.content, since)) ? { id: op.payload.conversation_id } : null;
  },
  stale: staleText,
};

/** POST /v1/start_conversation (always a new thread); after a lost answer, a new thread with this text is looked for. */
export const messageStartKind: KindSpec<Start> = {
  format: payloadFormat({ schema: startPayload }),
  create: false,
  goneIsDone: false,
  recordKeys: (p) => [`conversation:new:${p.phone_number ?? `contact:${p.contact_id}`}`],
  appointmentAt: () => null,
  send: async (service, p) => {
    const { who: _who, send_anyway_at: _approved, ...body } = p;
    return done((await startConversation(service, body)).conversation);
  },
  reconcile: async (service, op, ctx) => {
    const since = sinceOf(op, ctx);
    const p = op.payload;
    const threads = await listConversations(service, {
      ...(p.phone_number !== undefined ? { phone_number: p.phone_number } : { contact_id: p.contact_id }),
      updated_since: new Date(since).toISOString(),
    });
    for (const t of threads) {
      // A thread this send started opens with its text.
      const [first] = await listMessages(service, t.id);
      if (first && ours(first, p.content, since)) return { id: t.id };
    }
    return null;
  },
  stale: staleText,
};
