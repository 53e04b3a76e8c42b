/** The waitlist, kept at the service: read it, add and remove patients, offer a freed time by text. */
import { z } from 'zod';
import type { OutboxItem } from '../model/outbox';
import { offerInput, waitlistInput, type WaitlistView } from '../model/waitlist';
import { event, invoke, noArgs } from './declare';

const entryKey = z.object({ key: z.string().min(1).max(200) }).strict();

/** The waitlist invoke channels. */
export const waitlistInvoke = {
  /** The waitlist, the times freed here with who fits them, and the offers (the saved copy when offline). */
  'waitlist:list': invoke<WaitlistView>()(noArgs),
  /** Adds a patient through the outbox. */
  'waitlist:add': invoke<OutboxItem>()(waitlistInput),
  /** Takes a patient off the list through the outbox. */
  'waitlist:remove': invoke<OutboxItem>()(entryKey),
  /** Offers a freed time by text to the patients chosen; the first YES is booked into it. */
  'waitlist:offer': invoke<OutboxItem>()(offerInput),
} as const;

/** The waitlist events. */
export const waitlistEvents = {
  /** The list, a freed time or an offer changed (read, polled, changed here): the screen puts it in place. */
  'waitlist:changed': event<WaitlistView>(),
} as const;
