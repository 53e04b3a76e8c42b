/** GET /v1/booking_pages (shape designed here) and the page lookup shared by availability/book_now/bookings. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addRoute, parseQuery, stamp, str, type Deps } from './http';
import type { AccountData, BookingPage } from './types';

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Public address of a page (as on the real service, `https://<token>.<host>/`). */
function pageUrl(page: BookingPage): string {
  return `https://${page.token}.frontdesk.test/`;
}

/** Page by numeric id (number or numeric string) or by token (case-insensitive). */
export function findPage(acc: AccountData, ref: string | number): BookingPage | undefined {
  const text = String(ref).trim();
  if (/^\d{1,12}$/.test(text)) {
    const id = Number(text);
    const byId = acc.bookingPages.find((p) => p.id === id);
    if (byId) return byId;
  }
  return acc.bookingPages.find((p) => p.token === text.toLowerCase());
}

/** JSON form of a booking page with its appointment types, availability rules, form fields and consent options. */
function renderPage(page: BookingPage): Record<string, unknown> {
  return {
    id: page.id,
    token: page.token,
    name: page.name,
    description: page.description,
    url: pageUrl(page),
    time_zone: page.timeZone,
    address_book_id: page.addressBookId,
    location: page.location,
    remote_device: page.remoteDevice,
    appointment_types: page.appointmentTypes.map((t) => ({
      token: t.token,
      label: t.label,
      description: t.description,
      length_minutes: t.lengthMinutes,
      increment_minutes: t.incrementMinutes,
      padding_minutes: t.paddingMinutes,
      calendar_ids: t.calendarIds,
      url: `${pageUrl(page)}${t.token}`,
    })),
    availability: {
      hours: Object.fromEntries(
        DAY_NAMES.map((d, i) => [d, (page.hours[i] ?? []).map((w) => ({ start: w.start, end: w.end }))]),
      ),
      min_notice_minutes: page.minNoticeMinutes,
      max_days_ahead: page.maxDaysAhead,
      free_when: page.freeWhen,
      assignment: page.assignment,
    },
    fields: page.fields.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required,
      built_in: f.builtIn,
      target: f.target,
      options: f.options,
    })),
    consent: {
      text_messaging: page.consent.textMessaging,
      text_messaging_for_marketing: page.consent.textMessagingForMarketing,
    },
    created_at: stamp(page.createdAt),
    updated_at: stamp(page.updatedAt),
  };
}

/** Registers GET /v1/booking_pages (optionally one page by `booking_page` = id or token). */
export function registerBookingPages(app: FastifyInstance, deps: Deps): void {
  const query = z.object({ booking_page: str(200).optional() });
  addRoute(app, deps, 'GET', '/v1/booking_pages', ({ req, acc }) => {
    const q = parseQuery(req, query);
    const pages =
      q.booking_page === undefined ? acc.bookingPages : [findPage(acc, q.booking_page)].filter((p) => p !== undefined);
    return { booking_pages: pages.map(renderPage) };
  });
}
