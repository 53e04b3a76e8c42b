/** JSON form of events and participants, times with offsets in the event's zone. */
import { stamp } from './http';
import { formatInZone } from './time';
import type { AccountData, EventRec, Participant } from './types';

/** Conversations of `p` about `ev` (only with include_conversations). */
function conversationsOf(acc: AccountData, ev: EventRec, p: Participant): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const c of acc.conversations.values()) {
    if (c.eventId !== ev.id) continue;
    const same =
      (p.normalizedPhone !== null && c.phone === p.normalizedPhone) ||
      (p.email !== '' && c.email === p.email.toLowerCase());
    if (!same) continue;
    out.push({
      id: c.id,
      channel: c.channel,
      messages: c.messages.map((m) => ({
        id: m.id,
        event_type: m.eventType,
        direction: m.direction,
        at: stamp(m.at),
        content: m.content,
      })),
    });
  }
  return out;
}

/** JSON form of a participant. */
function renderParticipant(
  acc: AccountData,
  ev: EventRec,
  p: Participant,
  withConversations: boolean,
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: p.id,
    name: p.name,
    phone: p.phone,
    normalized_phone: p.normalizedPhone,
    email: p.email,
    contact_id: p.contactId,
    state: p.state,
    check_in_state: p.checkInState,
    updated_at: stamp(p.updatedAt),
  };
  if (withConversations) base.conversations = conversationsOf(acc, ev, p);
  return base;
}

/** JSON form of an event; `only` limits participants (phone/email filters), `withConversations` expands them. */
export function renderEvent(
  acc: AccountData,
  ev: EventRec,
  opts: { only?: Participant; withConversations?: boolean } = {},
): Record<string, unknown> {
  const people = opts.only ? [opts.only] : ev.participants;
  return {
    id: ev.id,
    calendar_id: ev.calendarId,
    calendar_name: acc.calendars.find((c) => c.id === ev.calendarId)?.name ?? '',
    external_id: ev.externalId,
    title: ev.title,
    start_time: formatInZone(ev.start, ev.timeZone),
    end_time: formatInZone(ev.end, ev.timeZone),
    time_zone: ev.timeZone,
    all_day: ev.allDay,
    show_as: ev.showAs,
    location: ev.location,
    content: ev.content,
    is_deleted: ev.isDeleted,
    custom_data: ev.customData,
    participants: people.map((p) => renderParticipant(acc, ev, p, opts.withConversations === true)),
    created_at: stamp(ev.createdAt),
    updated_at: stamp(ev.updatedAt),
  };
}
