/** Text threads with patients as the Messages screen shows them, and what "Text patient" sends. */
import { z } from 'zod';
import { phoneNumber } from '../input-rules';
import type { ChangeState } from './states';

/** What a patient's reply means for the appointment, when it clearly says ("C", "Confirm", "Cancel please"). */
export type ReplyMeaning = 'confirm' | 'cancel';

/** One text of a thread. */
export interface MessageView {
  id: number;
  /** 'in': the patient wrote; 'out': sent to the patient. */
  direction: 'in' | 'out';
  text: string;
  /** ISO 8601, as the service sent it. */
  at: string;
  /** Delivery in plain words: "Received", "Sent", "Delivered", "Not delivered". */
  status: string;
  /** For an inbound text that confirms or cancels, what it means; null otherwise. */
  meaning: ReplyMeaning | null;
}

/** A text written here that the service has not taken yet (it is in the outbox). */
export interface PendingText {
  /** The outbox change id (for `outbox:retry`, `outbox:send-anyway`, `outbox:discard`). */
  opId: string;
  text: string;
  createdAt: number;
  /**
   * The change's state (states.ts): 'queued' not sent yet (offline, or being retried) — show "Not sent yet";
   * 'sending'; 'needs_attention': refused (see `error`, e.g. opted out), unless `held`.
   */
  status: Exclude<ChangeState, 'done'>;
  /** Written more than 15 minutes ago and not sent: held until the desk chooses "Send now anyway?" or Discard. */
  held: boolean;
  /** Why it is not sent, in plain words ("This patient has opted out of text messages"). */
  error: string | null;
}

/** One conversation with a patient, as the Messages list shows it. */
export interface ThreadSummary {
  id: number;
  channel: 'sms' | 'email';
  /** The contact's name when known (by contact or phone), else the name the service keeps, else ''. */
  name: string;
  /** E.164 as the service keeps it ('' when none). */
  phone: string;
  /** How to show the phone (national format for the account's country). */
  phoneDisplay: string;
  email: string;
  contactId: number | null;
  /** The appointment the thread is about, when the service says. */
  eventId: number | null;
  lastMessage: { text: string; at: string; direction: 'in' | 'out' } | null;
  /** ISO 8601 of the last message (or of the thread's last change), for sorting and "10:42 AM". */
  lastAt: string | null;
  /** Inbound texts not yet read here (read state is kept on this workstation). */
  unread: number;
  /** What the latest inbound text means (confirm/cancel), for the schedule's label; null when it says neither. */
  meaning: ReplyMeaning | null;
  /** Texts written here that the service has not taken yet. */
  pending: number;
}

/** The threads, most recent first. */
export interface ThreadList {
  threads: ThreadSummary[];
  /** Inbound texts unread over all threads (the Messages tab's badge). */
  unreadTotal: number;
  fetchedAt: number;
  /** 'cache': the service could not be reached and this is the last good answer. */
  source: 'service' | 'cache';
}

/** One thread with its texts, oldest first. */
export interface ThreadDetail {
  thread: ThreadSummary;
  messages: MessageView[];
  /** Texts written here not yet taken by the service, oldest first (shown after the messages). */
  pending: PendingText[];
  fetchedAt: number;
  source: 'service' | 'cache';
}

/** Pushed when the poller sees new inbound texts (one event per text). */
export interface InboundText {
  threadId: number;
  /** The patient's name as the thread list shows it ('' when unknown: show the phone). */
  name: string;
  phoneDisplay: string;
  text: string;
  at: string;
  meaning: ReplyMeaning | null;
  eventId: number | null;
  /** Unread inbound texts over all threads, after this one. */
  unreadTotal: number;
}

export const textContent = z
  .string()
  .max(1600, 'a text can be at most 1,600 characters')
  .refine((s) => s.trim().length > 0, 'the text is empty');
export const threadId = z.number().int().positive();
export const messagePhone = phoneNumber;
export const startText = z
  .object({
    phone: messagePhone.optional(),
    contactId: z.number().int().positive().optional(),
    /** The patient's name, for the thread and the Outbox's sentence. */
    name: z.string().trim().max(200).optional(),
    /** The appointment the text is about. */
    eventId: z.number().int().positive().optional(),
    text: textContent,
  })
  .strict()
  .refine((s) => s.phone !== undefined || s.contactId !== undefined, 'a phone number or a contact is needed');
/** What "Text patient" sends. */
export type StartText = z.input<typeof startText>;

/** The quick texts as first installed. */
export const DEFAULT_QUICK_TEXTS = [
  'We are running about {minutes} minutes late',
  'Your room is ready',
  'Please call us back',
  'Your appointment is now at {time}. Reply if that time does not suit you.',
] as const;
