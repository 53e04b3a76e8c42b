/** Text threads with patients. */
import { z } from 'zod';
import {
  messagePhone,
  startText,
  textContent,
  threadId,
  type InboundText,
  type ThreadDetail,
  type ThreadList,
} from '../model/messages';
import type { OutboxItem } from '../model/outbox';
import { event, invoke, noArgs } from './declare';

/** The messages invoke channels. */
export const messagesInvoke = {
  /** Threads, most recent first (optionally only those of an appointment, contact or phone); cache when offline. */
  'messages:threads': invoke<ThreadList>()(
    z
      .object({
        eventId: z.number().int().positive().optional(),
        contactId: z.number().int().positive().optional(),
        phone: messagePhone.optional(),
      })
      .strict()
      .optional(),
  ),
  /** One thread's texts, oldest first, with the texts written here and not yet sent. */
  'messages:thread': invoke<ThreadDetail>()(z.object({ id: threadId }).strict()),
  /** Replies in a thread, through the outbox (sent once; held if still unsent after 15 minutes). */
  'messages:reply': invoke<OutboxItem>()(z.object({ threadId, text: textContent }).strict()),
  /** Starts a new thread with a patient (by phone or contact), through the outbox. */
  'messages:start': invoke<OutboxItem>()(startText),
  /** Marks a thread read up to its latest text; returns the unread total. */
  'messages:mark-read': invoke<{ unreadTotal: number }>()(z.object({ id: threadId }).strict()),
  /** Unread inbound texts over all threads (from what was last read from the service). */
  'messages:unread': invoke<{ unreadTotal: number }>()(noArgs),
  /** The practice's quick texts ({minutes}, {first name} and {time} are filled in by the screen). */
  'messages:quick-texts': invoke<string[]>()(noArgs),
  'messages:set-quick-texts': invoke<string[]>()(z.object({ texts: z.array(textContent).max(20) }).strict()),
  /** The window is visible and in use (true) or hidden/idle (false): new texts are looked for less often when not. */
  'messages:activity': invoke<null>()(z.object({ visible: z.boolean() }).strict()),
} as const;

/** The messages events. */
export const messagesEvents = {
  /** A patient's new text arrived (one event per text): for the notification "Maria Garcia: Running 10 min late". */
  'messages:inbound': event<InboundText>(),
  /** The unread total changed (new texts, or a thread was read). */
  'messages:unread': event<{ unreadTotal: number }>(),
  /** Threads changed on the service (new texts either way): reload the list and any open one of them. */
  'messages:changed': event<{ threadIds: number[] }>(),
} as const;
