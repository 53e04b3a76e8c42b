/**
 * What the service (the sandbox) says, read over its API as another desk would: the ground truth each screen is
 * compared with, and the writes "another desk" makes.
 */
import { practiceNow } from '../e2e/support/clock';
import { serviceCall } from '../e2e/support/schedule';
import type { Stack } from '../e2e/support/stack';

/** The practice's zone (Lakeside Dental) and this workstation's: the receptionist sits in Chicago. */
export const PRACTICE_ZONE = 'America/Chicago';

interface ServiceParticipant {
  name: string;
  normalized_phone: string;
  contact_id: number | null;
  state: string;
  check_in_state: string | null;
}

export interface ServiceEvent {
  id: number;
  title: string;
  start_time: string;
  end_time: string;
  calendar_id: number;
  is_deleted?: boolean;
  participants: ServiceParticipant[];
}

export interface ServiceBooking {
  id: number;
  state: string;
  name: string;
  phone: string;
  start_time: string;
  booking_page: string;
  participant: { event: { id: number; start_time: string } } | null;
}

/** One appointment as the service has it now, with what the screens should say of it. */
export interface Truth {
  id: number;
  deleted: boolean;
  title: string;
  start: number;
  end: number;
  calendarId: number;
  /** The zone of its calendar when it is not the practice's (the Denver satellite), else null. */
  otherZone: string | null;
  person: { name: string; phone: string; state: string; checkIn: string | null } | null;
  booking: { id: number; state: string } | null;
  /** How many live appointments the service has on its day (practice days). */
  dayCount: number;
  /** The patient's next appointment that has not ended (any calendar), as the service has it. */
  next: { id: number; start: number; title: string } | null;
  /** How many of the patient's appointments have not ended. */
  upcoming: number;
}

const dayOf = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone });

/** yyyy-MM-dd of an instant in a zone. */
export function dayIn(at: number, zone = PRACTICE_ZONE): string {
  return dayOf(zone).format(at);
}

/** Offset of `zone` at `at`, in minutes east of UTC. */
function offsetMinutes(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The instant of a wall time (yyyy-MM-dd, minutes into the day) in `zone`. */
export function wallToInstant(day: string, minutes: number, zone = PRACTICE_ZONE): number {
  const guess = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  const first = guess - offsetMinutes(guess, zone) * 60_000;
  return guess - offsetMinutes(first, zone) * 60_000;
}

/** ISO with the zone's offset ("2026-12-02T09:00:00-06:00"), as the service takes times. */
export function isoWithOffset(at: number, zone = PRACTICE_ZONE): string {
  const off = offsetMinutes(at, zone);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const wall = new Date(at + off * 60_000).toISOString().slice(0, 19);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes since midnight of an instant in the zone. */
export function minutesIn(at: number, zone = PRACTICE_ZONE): number {
  const [h, m] = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .split(':')
    .map(Number) as [number, number];
  return h * 60 + m;
}

/** Every live event between two instants (all pages). */
export async function eventsBetween(stack: Stack, begin: number, end: number): Promise<ServiceEvent[]> {
  const found: ServiceEvent[] = [];
  for (let page = 1; page < 30; page++) {
    const { events } = await serviceCall<{ events: ServiceEvent[] }>(
      stack,
      'GET',
      `/v1/events?begin=${encodeURIComponent(new Date(begin).toISOString())}&end=${encodeURIComponent(new Date(end).toISOString())}&page=${page}&page_size=200`,
    );
    found.push(...events);
    if (events.length < 200) break;
  }
  return found.filter((e) => !e.is_deleted);
}

export async function eventById(stack: Stack, id: number): Promise<ServiceEvent | null> {
  return serviceCall<ServiceEvent>(stack, 'GET', `/v1/event?id=${id}`).catch(() => null);
}

async function bookingById(stack: Stack, id: number): Promise<ServiceBooking | null> {
  const { bookings } = await serviceCall<{ bookings: ServiceBooking[] }>(stack, 'GET', `/v1/bookings?id=${id}`);
  return bookings[0] ?? null;
}

/** The bookings made with this phone on a page. */
export async function bookingsOf(stack: Stack, page: string, phone: string): Promise<ServiceBooking[]> {
  const { bookings } = await serviceCall<{ bookings: ServiceBooking[] }>(
    stack,
    'GET',
    `/v1/bookings?booking_page=${encodeURIComponent(page)}&phone_number=${encodeURIComponent(phone)}&page_size=100`,
  );
  return bookings;
}

/** The calendars' zones, by id (null: the practice's). */
export async function calendarZones(stack: Stack): Promise<Map<number, string | null>> {
  const { calendars } = await serviceCall<{ calendars: { id: number; time_zone?: string | null }[] }>(
    stack,
    'GET',
    '/v1/calendars',
  );
  return new Map(
    calendars.map((c) => [c.id, c.time_zone && c.time_zone !== PRACTICE_ZONE ? c.time_zone : null] as const),
  );
}

/** What the service says now of an appointment the run follows. */
export async function truthOf(
  stack: Stack,
  id: number,
  bookingId: number | null,
  zones: Map<number, string | null>,
): Promise<Truth | null> {
  const event = await eventById(stack, id);
  if (!event) return null;
  const p = event.participants[0];
  const start = Date.parse(event.start_time);
  const day = dayIn(start);
  const dayBegin = wallToInstant(day, 0);
  const dayEnd = wallToInstant(day, 24 * 60);
  // The day, the patient's appointments and the booking: asked at once.
  const [dayEvents, theirs, booking] = await Promise.all([
    eventsBetween(stack, dayBegin, dayEnd - 1000),
    p?.normalized_phone
      ? serviceCall<{ events: ServiceEvent[] }>(
          stack,
          'GET',
          `/v1/events?phone_number=${encodeURIComponent(p.normalized_phone)}&page_size=200`,
        )
      : null,
    bookingId === null ? null : bookingById(stack, bookingId),
  ]);
  const sameDay = dayEvents.filter((e) => dayIn(Date.parse(e.start_time)) === day);
  let next: Truth['next'] = null;
  let upcoming = 0;
  if (theirs) {
    const { events } = theirs;
    const now = practiceNow();
    // The service lists an event once per participant with the phone (a family on one phone): the app counts it once.
    const ahead = [...new Map(events.map((e) => [e.id, e])).values()]
      .filter((e) => !e.is_deleted && Date.parse(e.end_time) > now)
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
    upcoming = ahead.length;
    const first = ahead[0];
    if (first) next = { id: first.id, start: Date.parse(first.start_time), title: first.title };
  }
  return {
    id,
    deleted: Boolean(event.is_deleted),
    title: event.title,
    start,
    end: Date.parse(event.end_time),
    calendarId: event.calendar_id,
    otherZone: zones.get(event.calendar_id) ?? null,
    person: p ? { name: p.name, phone: p.normalized_phone, state: p.state, checkIn: p.check_in_state ?? null } : null,
    booking: booking ? { id: booking.id, state: booking.state } : null,
    dayCount: sameDay.length,
    next,
    upcoming,
  };
}
