/** Slots of a booking page from its rules and its calendars' busy events; GET /v1/availability (designed here). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';
import { findPage } from './booking-pages';
import { addRoute, parseQuery, str, type Deps } from './http';
import {
  addLocalDays,
  dayStart,
  formatInZone,
  localDateTime,
  localParts,
  MINUTE,
  parseTimeInput,
  wallClock,
} from './time';
import type { AccountData, AppointmentType, BookingPage } from './types';

const DAY_MS = 24 * 60 * MINUTE;
const MAX_RANGE_DAYS = 62;

/** A grid slot and the page calendars that are free for it (empty = taken). */
export interface Slot {
  start: number;
  end: number;
  freeCalendarIds: number[];
}

function hm(text: string): [number, number] {
  const [h = '0', m = '0'] = text.split(':');
  return [Number(h), Number(m)];
}

/** Busy intervals per calendar (deleted and show_as Free events don't block). */
function busyByCalendar(
  acc: AccountData,
  calendarIds: readonly number[],
  from: number,
  to: number,
): Map<number, Array<[number, number]>> {
  const busy = new Map<number, Array<[number, number]>>(calendarIds.map((id) => [id, []]));
  for (const ev of acc.events.values()) {
    if (ev.isDeleted || ev.showAs === 0 || ev.end <= from || ev.start >= to) continue;
    busy.get(ev.calendarId)?.push([ev.start, ev.end]);
  }
  return busy;
}

/**
 * Every grid slot of `type` whose start lies in [from, to): windows of each weekday in the page's zone,
 * stepped by the type's increment, within min-notice and days-ahead limits.
 */
export function gridSlots(
  acc: AccountData,
  page: BookingPage,
  type: AppointmentType,
  from: number,
  to: number,
  now: number,
): Slot[] {
  const zone = page.timeZone;
  const earliest = now + page.minNoticeMinutes * MINUTE;
  const latest = addLocalDays(now, page.maxDaysAhead + 1, zone);
  const lo = Math.max(from, earliest);
  const hi = Math.min(to, latest);
  if (hi <= lo) return [];
  const len = type.lengthMinutes * MINUTE;
  const pad = type.paddingMinutes * MINUTE;
  const busy = busyByCalendar(acc, type.calendarIds, lo - DAY_MS, hi + DAY_MS);
  const out: Slot[] = [];
  for (let day = dayStart(lo, zone); day < hi; day = addLocalDays(day, 1, zone)) {
    const p = localParts(day, zone);
    for (const w of page.hours[p.weekday] ?? []) {
      const [sh, sm] = hm(w.start);
      const [eh, em] = hm(w.end);
      const ws = wallClock(zone, p.year, p.month, p.day, sh, sm);
      const we = eh === 24 ? addLocalDays(day, 1, zone) : wallClock(zone, p.year, p.month, p.day, eh, em);
      for (let t = ws; t + len <= we; t += type.incrementMinutes * MINUTE) {
        if (t < lo || t >= hi) continue;
        const free = type.calendarIds.filter(
          (id) => !(busy.get(id) ?? []).some(([s, e]) => s < t + len + pad && e > t - pad),
        );
        const ok = page.freeWhen === 'all' ? free.length === type.calendarIds.length : free.length > 0;
        out.push({ start: t, end: t + len, freeCalendarIds: ok ? free : [] });
      }
    }
  }
  return out;
}

/** The appointment type by token (default: the first), or undefined. */
export function findType(page: BookingPage, token: string | undefined): AppointmentType | undefined {
  return token === undefined ? page.appointmentTypes[0] : page.appointmentTypes.find((t) => t.token === token);
}

const query = z.object({
  booking_page: z.union([str(200), z.number()]),
  appointment_type_token: str(100).optional(),
  begin: str(40).optional(),
  end: str(40).optional(),
});

/** Registers GET /v1/availability. */
export function registerAvailability(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, 'GET', '/v1/availability', ({ req, acc, now }) => {
    const q = parseQuery(req, query);
    const page =
      findPage(acc, q.booking_page) ?? badRequest(`booking_page "${String(q.booking_page).slice(0, 80)}" not found`);
    const type =
      findType(page, q.appointment_type_token) ??
      badRequest(
        `appointment_type_token "${q.appointment_type_token ?? ''}" is not offered by booking page ${page.token}`,
      );
    const zone = page.timeZone;
    const parse = (v: string, f: string): number =>
      parseTimeInput(v, zone) ?? badRequest(`${f} must be an ISO-8601 date or date-time`);
    const begin = q.begin === undefined ? now : parse(q.begin, 'begin');
    const dateOnly = q.end !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(q.end.trim());
    const end =
      q.end === undefined
        ? addLocalDays(begin, 8, zone)
        : dateOnly
          ? addLocalDays(parse(q.end, 'end'), 1, zone)
          : parse(q.end, 'end');
    if (end < begin) badRequest('end is before begin');
    if (end - begin > MAX_RANGE_DAYS * DAY_MS) badRequest(`the range may span at most ${MAX_RANGE_DAYS} days`);
    const slots = gridSlots(acc, page, type, begin, end, now).filter((s) => s.freeCalendarIds.length > 0);
    return {
      booking_page_id: page.id,
      booking_page: page.token,
      appointment_type_token: type.token,
      time_zone: zone,
      length_minutes: type.lengthMinutes,
      increment_minutes: type.incrementMinutes,
      begin: formatInZone(begin, zone),
      end: formatInZone(end, zone),
      slots: slots.map((s) => ({
        time: localDateTime(s.start, zone),
        start_time: formatInZone(s.start, zone),
        end_time: formatInZone(s.end, zone),
        calendar_ids: s.freeCalendarIds,
      })),
    };
  });
}
