/**
 * Texts written here: a reply or a new thread goes into the outbox (which sends it once, and holds one still unsent
 * 15 minutes after it was written until the user decides: see outbox/kinds/messages.ts), and a thread shows its
 * replies the service has not taken yet, with their state in plain words.
 */
import type { OutboxItem, PendingText, StartText } from '../../../common/contract';
import { countryOf } from '../phone/country';
import { toE164 } from '../phone/phones';
import type { CoreContext } from '../core-context';
import type { OpView } from '../outbox';
import { TEXT_HOLD_MS } from '../outbox';
import { nameOf, type AccountState } from './thread-state';

/** A typed phone in E.164 for the account's country (as typed, trimmed, when it cannot be read). */
export async function e164(deps: CoreContext, account: string, phone: string): Promise<string> {
  return toE164(phone, await countryOf(deps, account)) ?? phone.trim();
}

/** Queues texts and reports the ones not sent yet. */
export class TextSender {
  constructor(private readonly deps: CoreContext) {}

  /** A reply in a thread (after the thread's latest text known here). */
  async reply(st: AccountState, threadId: number, text: string): Promise<OutboxItem> {
    const c = st.conversations.get(threadId);
    const who = c ? nameOf(st, c) : '';
    const latest = st.texts.get(threadId)?.list.at(-1)?.id;
    return this.deps.outbox.enqueue('message.reply', {
      conversation_id: threadId,
      content: text,
      ...(latest !== undefined ? { after_message_id: latest } : {}),
      ...(who ? { who } : {}),
    });
  }

  /** A new thread with a patient. */
  async startThread(st: AccountState, args: StartText): Promise<OutboxItem> {
    const name = args.name?.trim() ?? '';
    const payload = {
      ...(args.phone !== undefined ? { phone_number: await e164(this.deps, st.account, args.phone) } : {}),
      ...(args.contactId !== undefined ? { contact_id: args.contactId } : {}),
      ...(name ? { name, who: name } : {}),
      ...(args.eventId !== undefined ? { event_id: args.eventId } : {}),
      content: args.text,
    };
    return this.deps.outbox.enqueue('message.start', payload);
  }

  /** Replies written here for this thread that the service has not taken yet, oldest first. */
  pendingTexts(threadId: number): PendingText[] {
    let ops: readonly OpView[];
    try {
      ops = this.deps.outbox.get().pending();
    } catch {
      return [];
    }
    const now = this.deps.clock.now();
    return ops.flatMap((op): PendingText[] => {
      const status = op.status;
      if (op.kind !== 'message.reply' || op.payload.conversation_id !== threadId || status === 'done') return [];
      const approved = typeof op.payload.send_anyway_at === 'number' ? op.payload.send_anyway_at : op.createdAt;
      const held = op.lastError?.kind === 'held' || (status === 'queued' && now - approved > TEXT_HOLD_MS);
      return [
        {
          opId: op.id,
          text: typeof op.payload.content === 'string' ? op.payload.content : '',
          createdAt: op.createdAt,
          status,
          held,
          error: op.lastError?.message ?? null,
        },
      ];
    });
  }
}
