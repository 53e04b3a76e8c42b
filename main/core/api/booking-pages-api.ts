/**
 * Booking pages and their free times. The spec leaves both shapes open; this reads the shape
 * documented in test/sandbox/README.md and tolerates missing optional parts.
 */
import { z } from 'zod';
import type { BookingPageView, SlotView } from '../../../common/contract';
import type { ServiceRequester } from './service-client';

const idish = z.union([z.number(), z.string()]).transform(String);
const typeSchema = z.object({
  token: z.string().min(1),
  label: z.string().nullish(),
  name: z.string().nullish(),
  length_minutes: z.number().nullish(),
  calendar_ids: z.array(z.number().int()).nullish(),
});
const fieldSchema = z.object({
  key: z.string().min(1),
  label: z.string().nullish(),
  type: z.string().nullish(),
  required: z.boolean().nullish(),
  built_in: z.boolean().nullish(),
  options: z.array(z.string()).nullish(),
});
const pageSchema = z.object({
  id: idish,
  token: z.string().min(1),
  name: z.string().nullish(),
  time_zone: z.string().nullish(),
  appointment_types: z.array(typeSchema).nullish(),
  fields: z.array(fieldSchema).nullish(),
  consent: z
    .object({ text_messaging: z.boolean().nullish(), text_messaging_for_marketing: z.boolean().nullish() })
    .nullish(),
});
const pagesSchema = z.object({ booking_pages: z.array(pageSchema) });
const slotsSchema = z.object({
  slots: z.array(
    z.object({
      time: z.string().min(16),
      start_time: z.string().min(16),
      end_time: z.string().min(16),
      calendar_ids: z.array(z.number().int()).nullish(),
    }),
  ),
});

const BUILT_IN: Record<string, 'name' | 'phone' | 'email'> = {
  name: 'name',
  phone: 'phone',
  phone_number: 'phone',
  email: 'email',
  email_address: 'email',
};

/** The page as the form shows it (its types' providers are named by the caller, from the calendars). */
function toView(page: z.output<typeof pageSchema>): BookingPageView {
  const fields = page.fields ?? [];
  const builtIn = (which: 'name' | 'phone' | 'email') =>
    fields.some((f) => (f.built_in ?? f.key in BUILT_IN) && BUILT_IN[f.key] === which && f.required === true);
  return {
    id: page.id,
    slug: page.token,
    name: page.name?.trim() || page.token,
    timeZone: page.time_zone ?? 'UTC',
    types: (page.appointment_types ?? []).map((t) => ({
      key: t.token,
      label: t.label ?? t.name ?? t.token,
      lengthMinutes: t.length_minutes ?? null,
      calendarIds: t.calendar_ids ?? [],
      providers: [],
    })),
    fields: fields
      .filter((f) => !(f.built_in ?? f.key in BUILT_IN))
      .map((f) => ({
        key: f.key,
        label: f.label ?? f.key,
        type: f.type ?? 'string',
        required: f.required === true,
        options: f.options ?? [],
      })),
    requires: { name: builtIn('name'), phone: builtIn('phone'), email: builtIn('email') },
    consent: {
      textMessaging: page.consent?.text_messaging === true,
      marketing: page.consent?.text_messaging_for_marketing === true,
    },
  };
}

/** Every booking page of the account (providers not yet named). */
export async function listBookingPages(service: ServiceRequester): Promise<BookingPageView[]> {
  const { booking_pages } = await service.request({ method: 'GET', path: '/v1/booking_pages', schema: pagesSchema });
  return booking_pages.map(toView);
}

/** Free times of a page (and type) between two instants. */
export async function listSlots(
  service: ServiceRequester,
  args: { page: string; appointmentType?: string; begin: string; end: string },
): Promise<SlotView[]> {
  const { slots } = await service.request({
    method: 'GET',
    path: '/v1/availability',
    query: { booking_page: args.page, appointment_type_token: args.appointmentType, begin: args.begin, end: args.end },
    schema: slotsSchema,
  });
  return slots.map((s) => ({
    time: s.time.slice(0, 19),
    start: s.start_time,
    end: s.end_time,
    providers: s.calendar_ids ?? [],
  }));
}
