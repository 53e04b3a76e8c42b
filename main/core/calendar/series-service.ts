/**
 * Recurring visits: the visits a rule makes, the clash preview (busy on that calendar, or outside the practice's
 * working hours), and the series queued as one unit (outbox kind `event.series`): a new series, or a change of
 * "this and following" / "all" of one. A change of one visit alone is an ordinary change (calendar-service.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Agenda, AgendaItem, AppointmentInput, OutboxItem } from '../../../common/contract';
import {
  SERIES_COUNT_KEY,
  SERIES_INDEX_KEY,
  SERIES_KEY,
  SERIES_FIRST_KEY,
  SERIES_MAX,
  SERIES_RULE_KEY,
  WORKING_HOURS,
  seriesExternalId,
  type SeriesChange,
  type SeriesClash,
  type SeriesPreview,
  type SeriesRule,
} from '../../../common/model/series';
import {
  addDaysToKey,
  dayKey,
  hostZone,
  isoInZone,
  minutesIntoDay,
  startOfDayKey,
  wallClock,
  wallTimeToInstant,
} from '../../../common/practice-time';
import { InputRefusedError } from '../input-refused';
import { signedInAccount, type CoreContext } from '../core-context';
import { createPayload } from './appointment-payloads';
import { knownPracticeZone } from './calendar-list';

const DAY_MS = 86_400_000;
/** The longest range one read asks for (the range channel's bound). */
const READ_SPAN_DAYS = 28;

/** The days (yyyy-MM-dd) a rule gives from its first day: every N weeks, or the same weekday of each month. */
export function seriesDays(first: string, rule: SeriesRule): string[] {
  const days: string[] = [];
  const max = Math.min(rule.count ?? SERIES_MAX, SERIES_MAX);
  const keep = (day: string) => (rule.until === undefined || day <= rule.until ? (days.push(day), true) : false);
  if (rule.every === 'weeks') {
    for (let i = 0; days.length < max; i++) if (!keep(addDaysToKey(first, i * 7 * rule.interval))) break;
    return days;
  }
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const nth = Math.ceil(d / 7);
  for (let i = 0; days.length < max; i++) {
    const month = new Date(Date.UTC(y, m - 1 + i, 1));
    const firstWeekday = month.getUTCDay();
    const length = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
    let day = 1 + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
    if (day > length) day -= 7; // a fifth weekday the month does not have: its last one
    const key = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (!keep(key)) break;
  }
  return days;
}

/** The rule in short, as kept in the visits' custom data. */
const ruleText = (rule: SeriesRule) => (rule.every === 'weeks' ? `weeks:${rule.interval}` : 'month_weekday');

/** A rule read back from its short form (`weeks:2`, `month_weekday`). */
function ruleOf(text: string): Pick<SeriesRule, 'every' | 'interval'> {
  const weeks = /^weeks:(\d{1,2})$/.exec(text);
  return weeks ? { every: 'weeks', interval: Math.max(1, Number(weeks[1])) } : { every: 'month_weekday', interval: 1 };
}

/** Calendar days from one day (yyyy-MM-dd) to another. */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** Outside the practice's working hours (a closed weekday, or before opening / after closing)? */
function closed(start: number, end: number, zone: string): boolean {
  const day = dayKey(start, zone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (!(WORKING_HOURS.days as readonly number[]).includes(weekday)) return true;
  const from = minutesIntoDay(start, zone);
  return from < WORKING_HOURS.openMin || from + (end - start) / 60_000 > WORKING_HOURS.closeMin;
}

const overlaps = (item: AgendaItem, start: number, end: number) =>
  Date.parse(item.start) < end && Date.parse(item.end) > start;

/** What reads appointments of a range (the calendar service's: fresh, the saved answer when offline). */
type RangeReader = (begin: string, end: string) => Promise<Agenda>;

/** The series side of the calendar. */
export class SeriesService {
  constructor(
    private readonly context: CoreContext,
    private readonly range: RangeReader,
  ) {}

  private async zone(): Promise<string> {
    return (await knownPracticeZone(this.context)) ?? hostZone();
  }

  /** The visits a rule makes from the appointment the form describes (its day, time and length kept). */
  private planned(
    input: AppointmentInput,
    rule: SeriesRule,
    zone: string,
  ): { n: number; start: number; end: number }[] {
    const start = Date.parse(input.start);
    const length = Date.parse(input.end) - start;
    const time = wallClock(start, zone);
    return seriesDays(dayKey(start, zone), rule).map((day, i) => {
      const at = wallTimeToInstant(day, time, zone) ?? startOfDayKey(day, zone);
      return { n: i + 1, start: at, end: at + length };
    });
  }

  /** The appointments between two instants, read in spans the service answers; what could not be read is left out. */
  private async appointments(
    from: number,
    to: number,
    zone: string,
  ): Promise<{ items: AgendaItem[]; source: SeriesPreview['source']; fetchedAt: number }> {
    const items: AgendaItem[] = [];
    let source: SeriesPreview['source'] = 'service';
    let fetchedAt = this.context.clock.now();
    for (let day = dayKey(from, zone); startOfDayKey(day, zone) <= to; day = addDaysToKey(day, READ_SPAN_DAYS)) {
      const begin = isoInZone(startOfDayKey(day, zone), zone);
      const end = isoInZone(startOfDayKey(addDaysToKey(day, READ_SPAN_DAYS), zone) - 1000, zone);
      try {
        const agenda = await this.range(begin, end);
        items.push(...agenda.items);
        if (agenda.source === 'unavailable') source = 'unavailable';
        else if (agenda.source === 'cache' && source === 'service') source = 'cache';
        fetchedAt = Math.min(fetchedAt, agenda.fetchedAt);
      } catch {
        source = 'unavailable';
      }
    }
    return { items, source, fetchedAt };
  }

  /** The visits a rule makes, each with what it clashes with (read fresh, or as last saved when offline). */
  async preview(input: AppointmentInput, rule: SeriesRule): Promise<SeriesPreview> {
    signedInAccount(this.context);
    const zone = await this.zone();
    const visits = this.planned(input, rule, zone);
    if (visits.length === 0) return { occurrences: [], source: 'service', fetchedAt: this.context.clock.now() };
    const read = await this.appointments(visits[0]!.start, visits.at(-1)!.end + DAY_MS, zone);
    const busy = read.items.filter(
      (i) => i.calendarId === input.calendarId && !i.free && i.pending?.change !== 'delete',
    );
    return {
      occurrences: visits.map((v) => {
        const other = busy.find((i) => overlaps(i, v.start, v.end));
        const clash: SeriesClash | null = other
          ? { kind: 'busy', title: other.title, start: other.start, end: other.end }
          : closed(v.start, v.end, zone)
            ? { kind: 'closed' }
            : null;
        return { n: v.n, start: isoInZone(v.start, zone), end: isoInZone(v.end, zone), clash };
      }),
      source: read.source,
      fetchedAt: read.fetchedAt,
    };
  }

  /**
   * Queues a new series as one unit: each visit the desk kept (a moved one at its new time), with its own external
   * id and the series in its custom data.
   */
  async create(args: {
    input: AppointmentInput;
    rule: SeriesRule;
    visits: { n: number; start: string; end: string }[];
  }): Promise<OutboxItem> {
    signedInAccount(this.context);
    const zone = await this.zone();
    const planned = this.planned(args.input, args.rule, zone);
    if (args.visits.some((v) => v.n > planned.length))
      throw new InputRefusedError('A visit is not one of the series the rule makes.');
    const seriesId = randomUUID();
    const visits = [...args.visits].sort((a, b) => a.n - b.n);
    const steps = visits.map((v) => {
      const body = createPayload({ ...args.input, start: v.start, end: v.end });
      return {
        put: {
          ...body,
          external_id: seriesExternalId(seriesId, v.n),
          custom_data: {
            ...args.input.customData,
            [SERIES_KEY]: seriesId,
            [SERIES_INDEX_KEY]: String(v.n),
            [SERIES_COUNT_KEY]: String(planned.length),
            [SERIES_RULE_KEY]: ruleText(args.rule),
            [SERIES_FIRST_KEY]: dayKey(planned[0]!.start, zone),
          },
        },
      };
    });
    const payload = { series_id: seriesId, change: 'create', title: args.input.title.trim().slice(0, 500), steps };
    return this.context.outbox.enqueue('event.series', payload, { zone });
  }

  /**
   * Queues a change of "this and following" or "all" visits of a series as one unit, each visit named by its external
   * id and its new time worked out from the rule (no read: offline too). The visit the desk changed goes to the time
   * chosen; every other one to its planned day moved by as many days, at the same time and length. Cancelling names
   * every visit the series could have (one skipped or already gone is done). At send time each change of a visit
   * looks it up first, so one cancelled meanwhile stays cancelled (kinds/series.ts).
   */
  async change(args: SeriesChange): Promise<OutboxItem> {
    signedInAccount(this.context);
    const zone = await this.zone();
    const planned = seriesDays(args.first, { ...ruleOf(args.rule), count: args.of });
    if (planned.length < args.of) throw new InputRefusedError('That visit is not one of the series.');
    const numbers = Array.from({ length: args.of }, (_, i) => i + 1).filter(
      (n) => args.scope === 'all' || n >= args.fromN,
    );
    const newStart = args.start === undefined ? null : Date.parse(args.start);
    const shift = newStart === null ? 0 : daysBetween(dayKey(args.at, zone), dayKey(newStart, zone));
    const time = newStart === null ? null : wallClock(newStart, zone);
    const length = (args.minutes ?? 0) * 60_000;
    const timesOf = (n: number): Record<string, string> => {
      if (newStart === null || time === null) return {};
      const at = n === args.fromN ? newStart : wallTimeToInstant(addDaysToKey(planned[n - 1]!, shift), time, zone);
      if (at === null) return {};
      return { start_time: isoInZone(at, zone), end_time: isoInZone(at + length, zone) };
    };
    const steps = numbers.map((n) =>
      args.cancel
        ? { delete: { external_id: seriesExternalId(args.seriesId, n) } }
        : {
            put: {
              external_id: seriesExternalId(args.seriesId, n),
              ...timesOf(n),
              ...(args.title !== undefined ? { title: args.title } : {}),
              ...(args.location !== undefined ? { location: args.location } : {}),
              ...(args.notes !== undefined ? { content: args.notes } : {}),
            },
            live_only: true as const,
          },
    );
    const payload = {
      series_id: args.seriesId,
      change: args.cancel ? 'cancel' : 'move',
      title: (args.title ?? args.label ?? '').slice(0, 500),
      steps,
    };
    return this.context.outbox.enqueue('event.series', payload, { zone, startsAt: args.start ?? args.at });
  }
}
