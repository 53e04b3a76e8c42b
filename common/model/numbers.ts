/** The practice's numbers for a range of days, per provider, as the Numbers screen shows them. */
import { z } from 'zod';

/** The longest range the Numbers screen reads at once (a month). */
export const NUMBERS_MAX_DAYS = 31;

/** A practice day, YYYY-MM-DD. */
const dayKeyArg = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');

/** What the Numbers screen asks: the practice days from `from` to `to`, both included. */
export const numbersArgs = z
  .object({ from: dayKeyArg, to: dayKeyArg })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'The first day must come before the last.', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < NUMBERS_MAX_DAYS, {
    message: `Choose at most ${NUMBERS_MAX_DAYS} days.`,
    path: ['to'],
  });
export type NumbersArgs = z.input<typeof numbersArgs>;

/**
 * One provider's (calendar's) visits in the range. A visit is an appointment with at least one person that is not
 * shown as free. It is cancelled when the service deleted it, it is being cancelled here, or every person on it said
 * they are not coming; the others count as visits, and each of those as arrived (arrived, on time or late), late or
 * a no-show by its check-in mark.
 */
export interface ProviderNumbers {
  calendarId: number;
  name: string;
  visits: number;
  arrivals: number;
  lateArrivals: number;
  noShows: number;
  cancellations: number;
  /** Minutes of its visits (not cancelled) inside the working hours. */
  bookedMinutes: number;
  /** Minutes of working hours in the range (WORKING_HOURS, on the practice's clock). */
  workingMinutes: number;
  /** Texts sent and replies in the range in threads about one of its appointments (any day's); null: not read. */
  texts: { sent: number; replies: number } | null;
}

/** Bookings made through one booking page whose time falls in the range (failed ones left out). */
export interface PageNumbers {
  /** The page's URL prefix. */
  page: string;
  /** Its name when the practice's pages were read, else ''. */
  name: string;
  bookings: number;
  /** Of those, the ones whose appointment has since been cancelled. */
  cancelled: number;
}

/** The practice's numbers for a range, counted in core from its one store of the practice. */
export interface PracticeNumbers {
  from: string;
  to: string;
  /** The zone the days are reckoned in. */
  zone: string;
  /** The working hours counted: weekdays (0 Sunday … 6 Saturday), opening and closing in minutes into the day. */
  hours: { days: number[]; openMin: number; closeMin: number };
  providers: ProviderNumbers[];
  /**
   * Texts sent to patients and their replies in the range, all of them, and those in threads about no appointment
   * (or one whose provider could not be read); null when texts cannot be read with this sign-in.
   */
  texts: { sent: number; replies: number; notAboutAVisit: { sent: number; replies: number } } | null;
  /** Bookings by page; null when bookings cannot be read with this sign-in. */
  pages: PageNumbers[] | null;
  /** When the service gave the appointments counted (epoch ms). */
  fetchedAt: number;
  /** 'cache': the service could not be reached and these are counted from what was read then ("as of"). */
  source: 'service' | 'cache';
}
