/**
 * A booking made from saved free times can find its time gone when it is sent. This finds the nearest free times of
 * the same page and type with the same provider (the one chosen, or any when "Anyone available" was), live from the
 * service, so the desk can book one of them in one click.
 */
import type { SlotView } from '../../../common/contract';
import { InputRefusedError } from '../input-refused';
import { queuedBooking } from '../outbox';
import { listSlots } from '../api/booking-pages-api';
import { providerSlots } from './provider-times';
import { signedInAccount, type CoreContext } from '../core-context';
import { startOfPracticeDay } from '../../../common/practice-time';

/** How many times are offered. */
const OFFERED = 3;
/** How far around the refused time to look, in the page's days: from the day before to a week after. */
const DAYS_BEFORE = 1;
const DAYS_AFTER = 7;

/**
 * The free times nearest to a refused booking's time with its provider, soonest first; none when its own time is
 * still free (it was refused for another reason).
 */
export async function nearestTimes(deps: CoreContext, id: string): Promise<SlotView[]> {
  const op = deps.outbox.own(id);
  if (op.kind !== 'booking.book_now') throw new InputRefusedError('That change is not a booking.');
  const now = deps.clock.now();
  const wanted = op.appointmentAt ?? now;
  const booking = queuedBooking(op);
  const provider = booking.provider ?? null;
  // The page's days (its zone was kept with the booking), else the practice's.
  const zone = op.zone ?? deps.practiceZone.reckonIn(signedInAccount(deps));
  const slots = await listSlots(deps.service, {
    page: booking.page,
    ...(booking.appointmentType ? { appointmentType: booking.appointmentType } : {}),
    begin: new Date(Math.max(now, startOfPracticeDay(wanted, zone, -DAYS_BEFORE))).toISOString(),
    end: new Date(startOfPracticeDay(Math.max(now, wanted), zone, DAYS_AFTER + 1)).toISOString(),
  });
  const named = slots.filter((s) => provider === null || s.providers.length === 0 || s.providers.includes(provider));
  // With a provider, only the times their own calendar is free (a service need not say who is free when).
  const withProvider = provider === null ? named : await providerSlots(deps.service, named, provider, false);
  // Still free: the refusal was about something else, and another time would not help.
  if (withProvider.some((s) => Date.parse(s.start) === wanted)) return [];
  return withProvider
    .sort((a, b) => Math.abs(Date.parse(a.start) - wanted) - Math.abs(Date.parse(b.start) - wanted))
    .slice(0, OFFERED)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
