/** Seeded bookings, reminder conversations and opt-in/opt-out lists for the rich account. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { REPLIES } from './names';
import type { Rng } from './prng';
import { seededPhone } from './seed-people';
import type { Ids } from './store';
import { HOUR, MINUTE } from './time';
import type { AccountData, Booking, Conversation, EventRec, ListRec } from './types';

const DAY = 24 * HOUR;

/** Marks ~15% of live patient events on booking-page calendars as having come from a booking. */
export function seedBookings(acc: AccountData, rng: Rng, ids: Ids): void {
  const bookings: Booking[] = [];
  for (const ev of acc.events.values()) {
    const person = ev.participants[0];
    if (ev.isDeleted || !person || !rng.chance(0.5)) continue;
    const fits = (t: { label: string; calendarIds: number[]; lengthMinutes: number }): boolean =>
      t.calendarIds.includes(ev.calendarId) &&
      t.lengthMinutes * MINUTE === ev.end - ev.start &&
      ev.title.startsWith(t.label);
    const page = acc.bookingPages.find((p) => p.appointmentTypes.some(fits));
    const type = page?.appointmentTypes.find(fits);
    if (!page || !type) continue;
    const fieldData: Booking['fieldData'] = {};
    for (const f of page.fields) {
      if (f.builtIn || !f.required) continue;
      fieldData[f.key] = f.options ? rng.pick(f.options) : f.key === 'zip' ? String(rng.int(60601, 60827)) : 'n/a';
    }
    bookings.push({
      id: ids.next('booking'),
      pageId: page.id,
      pageToken: page.token,
      appointmentTypeToken: type.token,
      username: acc.username,
      createdAt: ev.createdAt,
      start: ev.start,
      end: ev.end,
      name: person.name,
      phone: person.normalizedPhone ?? '',
      email: person.email,
      authenticatedPhone: rng.chance(0.3),
      authenticatedEmail: false,
      rescheduledAt: null,
      previousTime: null,
      clientIp: `203.0.113.${rng.int(2, 254)}`,
      fieldData,
      eventId: ev.id,
      participantId: person.id,
      outcome: 'complete',
      pendingState: page.remoteDevice ? 'pending_device_update' : null,
      error: null,
    });
  }
  bookings.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  acc.bookings.push(...bookings);
}

function reminderText(ev: EventRec, accountName: string, first: string): string {
  const when = format(new TZDate(ev.start, ev.timeZone), "EEE, MMM d 'at' h:mm a");
  return `Hi ${first}, this is ${accountName} reminding you of your appointment on ${when}. Reply C to confirm.`;
}

/** Reminder SMS threads for recent/upcoming participants who were reminded, confirmed or cancelled. */
export function seedConversations(acc: AccountData, rng: Rng, ids: Ids, now: number, accountName: string): void {
  const events = [...acc.events.values()].filter(
    (e) => !e.isDeleted && e.start > now - 7 * DAY && e.start < now + 3 * DAY,
  );
  for (const ev of events) {
    const p = ev.participants[0];
    if (!p || !p.normalizedPhone || p.state === 'initial' || p.state === 'accepted' || p.state === 'declined') continue;
    const sentAt = Math.min(ev.start - 2 * DAY, now - 3 * HOUR);
    const conv: Conversation = {
      id: ids.next('conversation'),
      channel: 'sms',
      name: p.name,
      phone: p.normalizedPhone,
      email: p.email || null,
      contactId: p.contactId,
      eventId: ev.id,
      subject: '',
      messages: [],
      createdAt: sentAt,
      updatedAt: sentAt,
    };
    const first = p.name.split(' ')[0] ?? p.name;
    conv.messages.push({
      id: ids.next('message'),
      conversationId: conv.id,
      direction: 'outbound',
      eventType: 'message_sent',
      content: reminderText(ev, accountName, first),
      at: sentAt,
    });
    const reply =
      p.state === 'confirmed'
        ? rng.pick(REPLIES)
        : p.state === 'not_coming'
          ? 'Cancel please'
          : p.state === 'not_coming_needs_reschedule'
            ? 'Can I move this to next week?'
            : null;
    if (reply) {
      const at = sentAt + rng.int(2, 90) * MINUTE;
      conv.messages.push({
        id: ids.next('message'),
        conversationId: conv.id,
        direction: 'inbound',
        eventType: 'participant_replied',
        content: reply,
        at,
      });
      conv.updatedAt = at;
    }
    acc.conversations.set(conv.id, conv);
  }
}

/** An opt-out list, an automatic stoplist and a marketing opt-in list. */
export function seedLists(acc: AccountData, ids: Ids, now: number): void {
  const phones = (from: number, n: number): string[] =>
    Array.from({ length: n }, (_, i) => seededPhone(90_000 + from + i, acc.timeZone).e164);
  const contacts = [...acc.contacts.values()].slice(0, 8);
  const lists: Array<Omit<ListRec, 'id' | 'createdAt' | 'updatedAt'>> = [
    {
      name: 'Opt-out',
      type: 'opt_out',
      description: 'Never message these numbers or addresses',
      entries: [...phones(0, 3), 'no-messages@example.com'],
    },
    {
      name: 'Stoplist',
      type: 'stoplist',
      description: 'Filled automatically from STOP replies',
      entries: phones(10, 2),
    },
    {
      name: 'Marketing opt-in',
      type: 'opt_in',
      description: 'Agreed to marketing texts',
      entries: contacts.flatMap((c) => c.phones.slice(0, 1).map((ph) => ph.normalized)),
    },
  ];
  for (const l of lists) {
    const id = ids.next('list');
    acc.lists.set(id, { id, ...l, createdAt: now - 200 * DAY, updatedAt: now - 2 * DAY });
  }
}
