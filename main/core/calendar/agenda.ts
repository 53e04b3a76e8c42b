/** Builds the calendar view's agenda from service events. */
import type { Agenda, AgendaItem } from '../../../preload/contract';
import { calendarNames, listEventsInRange } from '../api/calendar-api';
import type { ServiceClient } from '../api/service-client';
import type { ServiceEvent } from '../api/schemas';

function toItem(event: ServiceEvent, names: Map<number, string>): AgendaItem {
  return {
    id: event.id,
    title: event.title || '(no title)',
    start: event.start_time,
    end: event.end_time,
    calendarName: event.calendar_name ?? names.get(event.calendar_id) ?? '',
    location: event.location,
    people: event.participants.map((p) => ({
      name: p.name,
      phone: p.normalized_phone || p.phone,
      email: p.email,
      state: p.state,
      checkIn: p.check_in_state ?? null,
    })),
    pending: null,
    pendingMark: null,
  };
}

/** Appointments in the range, sorted by start time. Calendar names are a nicety: missing calendars:read is not an error. */
export async function readAgenda(client: ServiceClient, begin: string, end: string, now: number): Promise<Agenda> {
  const [events, names] = await Promise.all([
    listEventsInRange(client, begin, end),
    calendarNames(client).catch(() => new Map<number, string>()),
  ]);
  const items = events.map((e) => toItem(e, names)).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return { items, fetchedAt: now, source: 'service' };
}

/** Cache key of a range. */
export function agendaCacheKey(begin: string, end: string): string {
  return `calendar:range:${begin}:${end}`;
}
