/** What the screens are given of a thread and of a text: names, phones, delivery and meaning in plain words. */
import type { MessageView, ThreadSummary } from '../../../common/contract';
import type { ServiceConversation, ServiceMessage } from '../api/messages-api';
import { displayPhone } from '../phone/phones';
import { replyMeaning } from './reply-meaning';
import { lastAt, nameOf, unreadOf, type AccountState } from './thread-state';

/** The practice's country for showing phones (null when not known). */
type Country = Parameters<typeof displayPhone>[2];

/** Delivery status in plain words. */
function deliveryWords(m: ServiceMessage): string {
  if (m.direction === 'inbound') return 'Received';
  const s = (m.status ?? '').toLowerCase();
  if (/fail|undeliver|reject|bounce/.test(s)) return 'Not delivered';
  if (/deliver/.test(s)) return 'Delivered';
  return 'Sent';
}

/** A thread in the list: who, last text, unread count, the meaning of their last reply, texts not sent yet. */
export function threadSummary(
  st: AccountState,
  c: ServiceConversation,
  country: Country,
  pending: number,
): ThreadSummary {
  const list = st.texts.get(c.id)?.list ?? [];
  const last = list.at(-1);
  const lastIn = [...list].reverse().find((m) => m.direction === 'inbound');
  return {
    id: c.id,
    channel: c.channel,
    name: nameOf(st, c),
    phone: c.phone,
    phoneDisplay: c.phone ? displayPhone(c.phone, c.phone, country) : '',
    email: c.email,
    contactId: c.contact_id ?? null,
    eventId: c.event_id ?? null,
    lastMessage: last
      ? { text: last.content, at: last.at, direction: last.direction === 'inbound' ? 'in' : 'out' }
      : null,
    lastAt: lastAt(st, c),
    unread: unreadOf(st, c.id),
    meaning: lastIn ? replyMeaning(lastIn.content) : null,
    pending,
  };
}

/** One text in a thread. */
export function messageView(m: ServiceMessage): MessageView {
  const inbound = m.direction === 'inbound';
  return {
    id: m.id,
    direction: inbound ? 'in' : 'out',
    text: m.content,
    at: m.at,
    status: deliveryWords(m),
    meaning: inbound ? replyMeaning(m.content) : null,
  };
}
