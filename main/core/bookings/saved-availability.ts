/**
 * Free times kept for offline booking: the next days of each booking page and type, as last read from the service.
 * Offline, the booking form offers them marked with the time they were read (`asOf`); they are not confirmed until
 * the queued booking is sent.
 */
import type { BookingPageView, SlotView } from '../../../common/contract';
import type { ServiceRequester } from '../api/service-client';
import { cacheSlot, type ReadCache } from '../cache/read-cache';
import { slotViewSchema } from '../cache/model-schemas';
import { listSlots } from '../api/booking-pages-api';
import { z } from 'zod';
import { isZone, startOfPracticeDay } from '../../../common/practice-time';

/** How many days ahead of now the saved free times cover. */
const SAVED_AVAILABILITY_DAYS = 14;

/** What is saved per page and type: the instants read and the free times then. */
interface SavedSlots {
  begin: string;
  end: string;
  slots: SlotView[];
}

const savedSlot = cacheSlot(
  'saved free times',
  z.object({ begin: z.string(), end: z.string(), slots: z.array(slotViewSchema) }) satisfies z.ZodType<SavedSlots>,
);

const keyOf = (page: string, type: string) => `bookings:saved-slots:${page}:${type}`;

/**
 * Reads and saves the next days of free times of every page and type (each type of a page, or the page's default):
 * from now to the end of the last promised day in the page's own zone (a satellite office's days are its own).
 */
export async function saveAvailability(
  service: ServiceRequester,
  cache: ReadCache,
  account: string,
  pages: readonly BookingPageView[],
  now: number,
): Promise<void> {
  const begin = new Date(now).toISOString();
  const reads = pages.flatMap((page) =>
    (page.types.length > 0 ? page.types.map((t) => t.key) : ['']).map(async (type) => {
      const zone = isZone(page.timeZone) ? page.timeZone : 'UTC';
      const end = new Date(startOfPracticeDay(now, zone, SAVED_AVAILABILITY_DAYS + 1)).toISOString();
      const slots = await listSlots(service, {
        page: page.slug,
        ...(type ? { appointmentType: type } : {}),
        begin,
        end,
      });
      const saved: SavedSlots = { begin, end, slots };
      await cache.put(account, savedSlot, keyOf(page.slug, type), saved, now);
    }),
  );
  const failed = (await Promise.allSettled(reads)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The saved free times of a page and type between two instants (none already past), each marked with when it was
 * read; null when none were saved for that page and type or the saved days do not reach the end of the range.
 */
export async function savedAvailability(
  cache: ReadCache,
  account: string,
  args: { page: string; appointmentType?: string | undefined; begin: string; end: string },
  pages: readonly BookingPageView[] | null,
  now: number,
): Promise<SlotView[] | null> {
  // Without a type the service uses the page's first one.
  const type = args.appointmentType ?? pages?.find((p) => p.slug === args.page)?.types[0]?.key ?? '';
  const hit = await cache.get(account, savedSlot, keyOf(args.page, type));
  if (!hit) return null;
  const [from, to] = [Date.parse(args.begin), Date.parse(args.end)];
  // Before the saved days is the past (no free times then); beyond them is unknown.
  if (to > Date.parse(hit.value.end) || Number.isNaN(from) || Number.isNaN(to)) return null;
  return hit.value.slots
    .filter((s) => {
      const at = Date.parse(s.start);
      return at >= from && at <= to && at >= now;
    })
    .map((s) => ({ ...s, asOf: hit.fetchedAt }));
}
