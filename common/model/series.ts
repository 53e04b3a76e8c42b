/**
 * Recurring visits ("Repeat"): the rule the desk chooses, how every workstation knows an appointment belongs to a
 * series (its custom data), and what the clash preview answers. One series is several appointments at the service,
 * each with its own external id (`seriesExternalId`), linked by the series id in their custom data.
 */
import { z } from 'zod';
import { appointmentInput, isoTime, type AgendaItem } from './calendar';

/** The most appointments one series makes. */
export const SERIES_MAX = 52;

const dayKeyText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day.');

/** Every N weeks, or monthly on the same weekday (the 2nd Tuesday…); for a count or until a day (inclusive). */
const seriesRule = z
  .object({
    every: z.enum(['weeks', 'month_weekday']),
    /** Weeks between visits (1: weekly); for `month_weekday`, 1. */
    interval: z.number().int().min(1, 'Repeat at least every week.').max(12, 'Repeat at most every 12 weeks.'),
    count: z
      .number()
      .int()
      .min(2, 'A series has at least 2 visits.')
      .max(SERIES_MAX, `At most ${SERIES_MAX} visits.`)
      .optional(),
    /** The last day a visit may fall on (the practice's day, yyyy-MM-dd). */
    until: dayKeyText.optional(),
  })
  .strict()
  .refine((r) => (r.count === undefined) !== (r.until === undefined), 'Choose a number of visits or an end day.');
export type SeriesRule = z.output<typeof seriesRule>;

/** Custom-data keys of an appointment of a series (every workstation reads them back from the service). */
export const SERIES_KEY = 'frontdesk_series';
/** Its place in the series, 1-based, as text. */
export const SERIES_INDEX_KEY = 'frontdesk_series_n';
/** How many visits the series was made with, as text. */
export const SERIES_COUNT_KEY = 'frontdesk_series_of';
/** The rule in short: `weeks:1`, `weeks:2`, `month_weekday`. */
export const SERIES_RULE_KEY = 'frontdesk_series_rule';
/** The series' first planned day (yyyy-MM-dd, the practice's): with the rule, every visit's planned day. */
export const SERIES_FIRST_KEY = 'frontdesk_series_first';

/** The external id of a series' n-th visit: one per occurrence, so a retry writes the same appointment again. */
export const seriesExternalId = (seriesId: string, n: number): string => `${seriesId}.${n}`;

/** An appointment's place in its series, or null when it is not one of a series. */
export interface SeriesPlace {
  id: string;
  n: number;
  of: number;
  rule: string;
  /** The first planned day (yyyy-MM-dd), when known. */
  first: string | null;
}

/** Where an appointment sits in a series, read from its custom data. */
export function seriesOf(item: Pick<AgendaItem, 'customData'>): SeriesPlace | null {
  const data = new Map((item.customData ?? []).map((c) => [c.key, c.value]));
  const id = data.get(SERIES_KEY);
  const n = Number(data.get(SERIES_INDEX_KEY));
  if (!id || !Number.isInteger(n) || n < 1) return null;
  const of = Number(data.get(SERIES_COUNT_KEY));
  return {
    id,
    n,
    of: Number.isInteger(of) && of >= n ? of : n,
    rule: data.get(SERIES_RULE_KEY) ?? '',
    first: data.get(SERIES_FIRST_KEY) ?? null,
  };
}

/**
 * The practice's working hours (the service does not publish them): Monday to Friday, 8:00 to 18:00 in the
 * practice's zone, as the schedule's grid shows them.
 */
export const WORKING_HOURS = { days: [1, 2, 3, 4, 5], openMin: 8 * 60, closeMin: 18 * 60 } as const;

/** Why a planned visit needs a look: the calendar is busy then (with what), or the practice is closed. */
export type SeriesClash = { kind: 'busy'; title: string; start: string; end: string } | { kind: 'closed' };

/** One planned visit of a series. */
export interface SeriesOccurrence {
  /** Its place in the series, 1-based. */
  n: number;
  start: string;
  end: string;
  clash: SeriesClash | null;
}

/** The planned visits, each with its clash, as the schedule knew it (`source: 'cache'`: read offline). */
export interface SeriesPreview {
  occurrences: SeriesOccurrence[];
  source: 'service' | 'cache' | 'unavailable';
  fetchedAt: number;
}

/** A visit the desk keeps (those skipped are left out; a moved one has its new time). */
const plannedVisit = z
  .object({ n: z.number().int().min(1).max(SERIES_MAX), start: isoTime, end: isoTime })
  .strict()
  .refine((v) => Date.parse(v.end) > Date.parse(v.start), 'The end must be after the start.');

export const seriesPreviewArgs = z.object({ input: appointmentInput, rule: seriesRule }).strict();
export const seriesCreateArgs = z
  .object({
    input: appointmentInput,
    rule: seriesRule,
    visits: z.array(plannedVisit).min(1, 'Keep at least one visit.').max(SERIES_MAX),
  })
  .strict()
  .refine((a) => new Set(a.visits.map((v) => v.n)).size === a.visits.length, 'Each visit once.');

/**
 * What a change of several visits of a series does: cancel them, or move (and retitle) them. A move is told by the
 * visit the desk changed: its new start and length. Each later visit keeps its place in the rule, moved by as many
 * days from its planned day, to the same time and length; so every visit's new time is known without reading it
 * (offline too), and writing it again is the same write.
 */
export const seriesChangeArgs = z
  .object({
    seriesId: z.string().trim().min(1).max(120),
    /** The visit the desk changed (1-based); with `following`, it and every later one; with `all`, every one. */
    fromN: z.number().int().min(1).max(SERIES_MAX),
    scope: z.enum(['following', 'all']),
    /** The series as its visits say (seriesOf): how many, the first planned day and the rule. */
    of: z.number().int().min(1).max(SERIES_MAX),
    first: dayKeyText,
    rule: z.string().regex(/^(weeks:\d{1,2}|month_weekday)$/),
    /** The changed visit's start as it is now. */
    at: isoTime,
    /** The series' title, for the Outbox's sentence. */
    label: z.string().max(500).optional(),
    cancel: z.literal(true).optional(),
    /** The changed visit's new start. */
    start: isoTime.optional(),
    /** The new length in minutes (with `start`). */
    minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .optional(),
    title: z.string().trim().min(1).max(500).optional(),
    location: z.string().trim().max(1000).optional(),
    notes: z.string().max(10_000).optional(),
  })
  .strict()
  .refine((c) => c.fromN <= c.of, 'That visit is not one of the series.')
  .refine((c) => (c.start === undefined) === (c.minutes === undefined), 'A new time needs its length.')
  .refine(
    (c) => c.cancel === true || [c.start, c.title, c.location, c.notes].some((v) => v !== undefined),
    'nothing to change',
  );
export type SeriesChange = z.output<typeof seriesChangeArgs>;
