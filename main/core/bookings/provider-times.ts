/**
 * A provider's free times on a booking page. The service's free times are by page and appointment type; a type whose
 * only calendar is the provider's has exactly that provider's times (book_now books it there). A type with several
 * calendars is free when any (or all) of them are, so for one of its providers the desk makes a staff booking on that
 * provider's calendar: its free times are the type's times at which nothing busy on that calendar overlaps, read from
 * the calendar's events now (and, where the service names the free calendars of a time, that provider among them).
 */
import type { BookingPageView, SlotView } from '../../../common/contract';
import { listEventsInRange } from '../api/calendar-api';
import type { ServiceRequester } from '../api/service-client';

/** A day: an event that began up to this long before a free time may still overlap it. */
const LONGEST_EVENT_MS = 24 * 60 * 60 * 1000;

/** True when the page's type (its first when none is named) has `provider`'s calendar alone. */
export function servesAlone(page: BookingPageView | undefined, typeKey: string | undefined, provider: number): boolean {
  const type = typeKey ? page?.types.find((t) => t.key === typeKey) : page?.types[0];
  return type?.calendarIds.length === 1 && type.calendarIds[0] === provider;
}

/** The free times of `slots` that are `provider`'s, each naming that provider. */
export async function providerSlots(
  service: ServiceRequester,
  slots: readonly SlotView[],
  provider: number,
  alone: boolean,
): Promise<SlotView[]> {
  if (alone || slots.length === 0) return slots.map((s) => ({ ...s, providers: [provider] }));
  const named = slots.filter((s) => s.providers.length === 0 || s.providers.includes(provider));
  if (named.length === 0) return [];
  const from = Math.min(...named.map((s) => Date.parse(s.start)));
  const to = Math.max(...named.map((s) => Date.parse(s.end)));
  const busy = (
    await listEventsInRange(service, new Date(from - LONGEST_EVENT_MS).toISOString(), new Date(to).toISOString())
  ).filter((e) => e.calendar_id === provider && !e.is_deleted && e.show_as !== 0);
  return named
    .filter((s) => {
      const [start, end] = [Date.parse(s.start), Date.parse(s.end)];
      return !busy.some((e) => Date.parse(e.start_time) < end && Date.parse(e.end_time) > start);
    })
    .map((s) => ({ ...s, providers: [provider] }));
}
