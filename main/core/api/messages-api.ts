/**
 * Conversations (texts with patients): list, one thread's messages, start and reply. The service's shapes are the
 * sandbox's design (the spec names the routes only); schemas ask only for what the app uses.
 */
import { z } from 'zod';
import { serviceId } from './schemas';
import type { ServiceRequester } from './service-client';
import { ServiceError } from './service-error';
import { readPages } from './pages';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

export const conversationSchema = z.object({
  id: serviceId,
  channel: z
    .string()
    .nullish()
    .transform((v) => (v === 'email' ? 'email' : 'sms') as 'sms' | 'email'),
  name: text,
  phone: text,
  email: text,
  contact_id: serviceId.nullish().catch(null),
  event_id: serviceId.nullish().catch(null),
  message_count: z.number().int().nullish().catch(null),
  last_message_at: z.string().nullish().catch(null),
  updated_at: z.string().nullish().catch(null),
});
/** A conversation as the service lists it. */
export type ServiceConversation = z.output<typeof conversationSchema>;

export const messageSchema = z.object({
  id: serviceId,
  conversation_id: serviceId.nullish().catch(null),
  direction: z
    .string()
    .nullish()
    .transform((v) => (v === 'inbound' ? 'inbound' : 'outbound') as 'inbound' | 'outbound'),
  event_type: z.string().nullish().catch(null),
  content: text,
  at: z.string().min(1),
  status: z.string().nullish().catch(null),
});
/** A message as the service lists it. */
export type ServiceMessage = z.output<typeof messageSchema>;

const conversationListSchema = z.object({ conversations: z.array(conversationSchema) });
const messageListSchema = z.object({ messages: z.array(messageSchema) });
const sentSchema = z.object({ conversation: conversationSchema, message: messageSchema });
/** What a send answers: the thread and the recorded message. */
export type SentText = z.output<typeof sentSchema>;

/** Filters of GET /v1/conversations. */
export interface ConversationFilter {
  phone_number?: string;
  contact_id?: number;
  event_id?: number;
  /** Inclusive, ISO 8601. */
  updated_since?: string;
}

const PAGE_SIZE = 100;
/** Pages are read until the list ends (pages.ts: a server may send fewer than asked), up to these. */
const MAX_THREADS = 2_000;
const MAX_TEXTS = 10_000;

/** Every page of GET /v1/conversations (most recently updated first), up to 2,000 threads. */
export async function listConversations(
  client: ServiceRequester,
  filter: ConversationFilter = {},
): Promise<ServiceConversation[]> {
  const read = await readPages(
    async (page) =>
      (
        await client.request({
          method: 'GET',
          path: '/v1/conversations',
          query: { ...filter, page, page_size: PAGE_SIZE },
          schema: conversationListSchema,
        })
      ).conversations,
    { pageSize: PAGE_SIZE, maxPages: MAX_THREADS, maxItems: MAX_THREADS },
  );
  return read.items;
}

/** Every page of GET /v1/conversation_messages (oldest first). */
export async function listMessages(client: ServiceRequester, conversationId: number): Promise<ServiceMessage[]> {
  const read = await readPages(
    async (page) =>
      (
        await client.request({
          method: 'GET',
          path: '/v1/conversation_messages',
          query: { conversation_id: conversationId, page, page_size: PAGE_SIZE },
          schema: messageListSchema,
        })
      ).messages,
    { pageSize: PAGE_SIZE, maxPages: MAX_TEXTS, maxItems: MAX_TEXTS },
  );
  return read.items;
}

/** Plain words for a recipient who asked not to be texted. */
const OPTED_OUT_WORDS = 'This patient has opted out of text messages';

/** Sends the request; a 422 `opted_out` becomes a permanent error in plain words. */
async function send(client: ServiceRequester, path: string, body: Record<string, unknown>): Promise<SentText> {
  try {
    return await client.request({ method: 'POST', path, body, schema: sentSchema });
  } catch (error) {
    if (
      error instanceof ServiceError &&
      error.details.status === 422 &&
      /opted.?out|stoplist|opt-out/i.test(`${error.details.serviceMessage ?? ''} ${error.message}`)
    ) {
      throw new ServiceError('permanent', error.endpoint, `${OPTED_OUT_WORDS}.`, {
        ...error.details,
        serviceMessage: 'opted_out',
      });
    }
    throw error;
  }
}

/** POST /v1/start_conversation (always a new thread). */
export function startConversation(client: ServiceRequester, body: Record<string, unknown>): Promise<SentText> {
  return send(client, '/v1/start_conversation', body);
}

/** POST /v1/conversation_reply. */
export function replyToConversation(
  client: ServiceRequester,
  conversationId: number,
  content: string,
): Promise<SentText> {
  return send(client, '/v1/conversation_reply', { conversation_id: conversationId, content });
}
