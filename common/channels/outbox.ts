/** The Outbox: queued changes, retried, discarded or kept aside. */
import { z } from 'zod';
import type { OutboxItem, OutboxSummary } from '../model/outbox';
import { event, invoke, noArgs, opId } from './declare';

/** The outbox invoke channels. */
export const outboxInvoke = {
  'outbox:list': invoke<OutboxItem[]>()(noArgs),
  'outbox:summary': invoke<OutboxSummary>()(noArgs),
  'outbox:retry': invoke<OutboxItem>()(opId),
  'outbox:retry-now': invoke<OutboxSummary>()(noArgs),
  'outbox:discard': invoke<OutboxSummary>()(opId),
  /** "Send now anyway" for a held text (written more than 15 minutes ago): sends it now. */
  'outbox:send-anyway': invoke<OutboxItem>()(opId),
  /** "Discard … queued changes" of another sign-in on this workstation. */
  'outbox:discard-held': invoke<OutboxSummary>()(z.object({ account: z.string().min(1).max(500) }).strict()),
  /** "I have noted this": stops showing the kept-aside notice (the kept bytes stay, for support). */
  'outbox:acknowledge-kept-aside': invoke<OutboxSummary>()(noArgs),
  /** The outbox is locked (OutboxLocked): keep its old changes aside, untouched, and start a new, empty outbox. */
  'outbox:start-afresh': invoke<OutboxSummary>()(noArgs),
} as const;

/** The outbox events. */
export const outboxEvents = {
  'outbox:changed': event<OutboxSummary>(),
  'outbox:item': event<OutboxItem>(),
} as const;
