/** Conversations (designed here): start_conversation, conversation_reply record messages and send nothing. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isLoopback } from '../admin';
import { badRequest, httpError, notFound, parseOr400 } from '../errors';
import { actingUser, findUserByEmail } from '../users';
import {
  addRoute,
  idParam,
  paginate,
  pagingShape,
  parseBody,
  parseQuery,
  stamp,
  str,
  timeParam,
  type Deps,
} from './http';
import { consentRefusal, fillStoplist } from './lists';
import { normalizeEmail, normalizePhone } from './phones';
import type { AccountData, Conversation, Message } from './types';

/** JSON form of a conversation (without its messages). */
function renderConversation(c: Conversation): Record<string, unknown> {
  const last = c.messages[c.messages.length - 1];
  return {
    id: c.id,
    channel: c.channel,
    name: c.name,
    phone: c.phone,
    email: c.email,
    contact_id: c.contactId,
    event_id: c.eventId,
    subject: c.subject,
    message_count: c.messages.length,
    last_message_at: last ? stamp(last.at) : null,
    created_at: stamp(c.createdAt),
    updated_at: stamp(c.updatedAt),
  };
}

/** JSON form of a message; `status` is always "recorded" (the sandbox never sends). */
function renderMessage(c: Conversation, m: Message): Record<string, unknown> {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    channel: c.channel,
    direction: m.direction,
    event_type: m.eventType,
    content: m.content,
    at: stamp(m.at),
    status: 'recorded',
  };
}

/** 422 when the lists say no: `opted_out` (an opt-out list or a stoplist), or `not_opted_in` under explicit opt-in. */
function checkNotOptedOut(acc: AccountData, recipient: string): void {
  const refusal = consentRefusal(acc, recipient);
  if (refusal) throw httpError(422, refusal.code, refusal.message);
}

const startBody = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  phone_number: str(40).optional(),
  email_address: str(254).optional(),
  name: str(200).optional(),
  contact_id: idParam.optional(),
  event_id: idParam.optional(),
  subject: str(200).optional(),
  content: str(1600).trim().min(1, 'must not be empty'),
});
const inboundBody = z
  .strictObject({
    phone_number: str(40).optional(),
    conversation_id: z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional(),
    content: str(1600).trim().min(1, 'must not be empty'),
    /** Whose account (default the owner's; a linked user's reply lands in the account it acts on). */
    account: str(200).optional(),
  })
  .refine((b) => (b.phone_number === undefined) !== (b.conversation_id === undefined), {
    message: 'give exactly one of phone_number and conversation_id',
    path: ['phone_number'],
  });

const replyBody = z.object({ conversation_id: idParam, content: str(1600).trim().min(1, 'must not be empty') });

/** Registers the four messaging routes. */
export function registerMessaging(app: FastifyInstance, deps: Deps): void {
  const record = (conv: Conversation, content: string, now: number): Message => {
    const m: Message = {
      id: deps.store.ids.next('message'),
      conversationId: conv.id,
      direction: 'outbound',
      eventType: 'message_sent',
      content,
      at: now,
    };
    conv.messages.push(m);
    conv.updatedAt = now;
    deps.ctx.counters.messagesRecorded += 1;
    return m;
  };

  addRoute(app, deps, 'POST', '/v1/start_conversation', ({ req, acc, now }) => {
    const b = parseBody(req, startBody);
    const contact =
      b.contact_id === undefined
        ? undefined
        : (acc.contacts.get(b.contact_id) ?? notFound(`contact ${b.contact_id} not found`));
    if (b.event_id !== undefined && !acc.events.has(b.event_id)) notFound(`event ${b.event_id} not found`);
    const rawPhone = b.phone_number ?? contact?.phones.find((p) => p.isPrimary)?.normalized;
    const rawEmail = b.email_address ?? contact?.emails.find((e) => e.isPrimary)?.address;
    const phone =
      rawPhone === undefined
        ? null
        : (normalizePhone(rawPhone, acc.country) ?? badRequest('phone_number is not a phone number'));
    const email =
      rawEmail === undefined
        ? null
        : (normalizeEmail(rawEmail) ?? badRequest('email_address is not an e-mail address'));
    const channel = b.channel ?? (phone ? 'sms' : 'email');
    if (channel === 'sms' && !phone) badRequest('phone_number (or a contact with a phone) is required for sms');
    if (channel === 'email' && !email) badRequest('email_address (or a contact with an e-mail) is required for email');
    checkNotOptedOut(acc, channel === 'sms' ? (phone ?? '') : (email ?? ''));
    const conv: Conversation = {
      id: deps.store.ids.next('conversation'),
      channel,
      name: b.name ?? contact?.name ?? '',
      phone,
      email,
      contactId: contact?.id ?? null,
      eventId: b.event_id ?? null,
      subject: b.subject ?? '',
      messages: [],
      createdAt: now,
      updatedAt: now,
    };
    acc.conversations.set(conv.id, conv);
    const m = record(conv, b.content, now);
    return { conversation: renderConversation(conv), message: renderMessage(conv, m) };
  });

  // Admin (loopback only): a patient answers. Recorded as inbound in their latest thread (a new one if none).
  app.post('/__sandbox/inbound', async (req) => {
    if (!isLoopback(req.raw.socket?.remoteAddress)) {
      throw httpError(403, 'forbidden', 'the sandbox admin API only answers loopback clients');
    }
    const b = parseOr400(inboundBody, req.body ?? {}, 'inbound message');
    const email = b.account ?? 'owner@frontdesk.test';
    const user = findUserByEmail(deps.ctx.users, email);
    if (!user) throw httpError(404, 'not_found', `no user ${email}`);
    const acc = deps.store.account(actingUser(deps.ctx.users, user));
    const now = deps.ctx.now().getTime();
    let conv: Conversation | undefined;
    if (b.conversation_id !== undefined) {
      conv = acc.conversations.get(b.conversation_id) ?? notFound(`conversation ${b.conversation_id} not found`);
    } else {
      const phone =
        normalizePhone(b.phone_number ?? '', acc.country) ?? badRequest('phone_number is not a phone number');
      conv = [...acc.conversations.values()]
        .filter((c) => c.channel === 'sms' && c.phone === phone)
        .sort((x, y) => y.updatedAt - x.updatedAt || y.id - x.id)[0];
      if (!conv) {
        const contact = [...acc.contacts.values()].find(
          (c) => !c.isDeleted && c.phones.some((p) => p.normalized === phone),
        );
        conv = {
          id: deps.store.ids.next('conversation'),
          channel: 'sms',
          name: contact?.name ?? '',
          phone,
          email: null,
          contactId: contact?.id ?? null,
          eventId: null,
          subject: '',
          messages: [],
          createdAt: now,
          updatedAt: now,
        };
        acc.conversations.set(conv.id, conv);
      }
    }
    const m: Message = {
      id: deps.store.ids.next('message'),
      conversationId: conv.id,
      direction: 'inbound',
      eventType: 'participant_replied',
      content: b.content,
      at: now,
    };
    conv.messages.push(m);
    conv.updatedAt = now;
    deps.ctx.counters.inboundRecorded += 1;
    // STOP, END, QUIT or UNSUBSCRIBE (e-mail: STOP, UNSUBSCRIBE) puts the sender on the stoplist.
    fillStoplist(acc, conv, b.content, now, () => deps.store.ids.next('list'));
    return { conversation: renderConversation(conv), message: renderMessage(conv, m) };
  });

  addRoute(app, deps, 'POST', '/v1/conversation_reply', ({ req, acc, now }) => {
    const b = parseBody(req, replyBody);
    const conv = acc.conversations.get(b.conversation_id) ?? notFound(`conversation ${b.conversation_id} not found`);
    checkNotOptedOut(acc, conv.channel === 'sms' ? (conv.phone ?? '') : (conv.email ?? ''));
    const m = record(conv, b.content, now);
    return { conversation: renderConversation(conv), message: renderMessage(conv, m) };
  });

  const listQuery = (zone: string) =>
    z.object({
      ...pagingShape(30),
      phone_number: str(40).optional(),
      email_address: str(254).optional(),
      contact_id: idParam.optional(),
      event_id: idParam.optional(),
      updated_since: timeParam(zone).optional(),
    });
  addRoute(app, deps, 'GET', '/v1/conversations', ({ req, acc }) => {
    const q = parseQuery(req, listQuery(acc.timeZone));
    const phone =
      q.phone_number === undefined
        ? undefined
        : (normalizePhone(q.phone_number, acc.country) ?? badRequest('phone_number is not a phone number'));
    const email =
      q.email_address === undefined
        ? undefined
        : (normalizeEmail(q.email_address) ?? badRequest('email_address is not an e-mail address'));
    const hits = [...acc.conversations.values()].filter(
      (c) =>
        (phone === undefined || c.phone === phone) &&
        (email === undefined || c.email === email) &&
        (q.contact_id === undefined || c.contactId === q.contact_id) &&
        (q.event_id === undefined || c.eventId === q.event_id) &&
        (q.updated_since === undefined || c.updatedAt >= q.updated_since),
    );
    hits.sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);
    return { conversations: paginate(hits, q.page, q.page_size).map(renderConversation) };
  });

  const msgQuery = z.object({ ...pagingShape(30), conversation_id: idParam });
  addRoute(app, deps, 'GET', '/v1/conversation_messages', ({ req, acc }) => {
    const q = parseQuery(req, msgQuery);
    const conv = acc.conversations.get(q.conversation_id) ?? notFound(`conversation ${q.conversation_id} not found`);
    return { messages: paginate(conv.messages, q.page, q.page_size).map((m) => renderMessage(conv, m)) };
  });
}
