/** `messages:*` handlers: threads, one thread, replies and new threads (outbox), read state, quick texts, activity. */
import type { MessagesService } from '../messages/messages-service';
import type { DomainHandlers } from './dispatch';
import { ok, serviceResult } from './result';

/** Builds the messages handlers. */
export function messagesHandlers(deps: { messages: MessagesService }) {
  const m = deps.messages;
  return {
    'messages:threads': (filter) => serviceResult(() => m.threads(filter ?? {})),
    'messages:thread': ({ id }) => serviceResult(() => m.thread(id)),
    'messages:reply': ({ threadId, text }) => serviceResult(() => m.reply(threadId, text)),
    'messages:start': (args) => serviceResult(() => m.startThread(args)),
    'messages:mark-read': ({ id }) => serviceResult(() => m.markRead(id)),
    'messages:unread': () => serviceResult(() => m.unread()),
    'messages:quick-texts': () => serviceResult(async () => m.quickTexts()),
    'messages:set-quick-texts': ({ texts }) => serviceResult(async () => m.setQuickTexts(texts)),
    'messages:activity': async ({ visible }) => {
      m.setVisible(visible);
      return ok(null);
    },
  } satisfies DomainHandlers<'messages'>;
}
